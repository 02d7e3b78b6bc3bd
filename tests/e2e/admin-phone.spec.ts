// An admin on a 390×844 phone (issue 33): the pending count on the closed menu button, and live on the dashboard's
// « En attente » card as in the title; the notifications never cover the page's title nor its message.
import type { Locator } from '@playwright/test';
import { contentOf } from '../../app/domain/event';
import { expect, test } from './fixtures';
import { approveInModeration, submitFromOwnBrowser, unique, watchPendingCountAsAdmin } from './utils';

test.use({ viewport: { width: 390, height: 844 } });

const figure = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** Whether two boxes on screen share any point. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe('un admin sur un téléphone', () => {
  test('le bouton du menu fermé porte le nombre d’événements à modérer, et le dit', async ({
    page,
    ports,
    signIn,
    createEvent,
  }) => {
    await createEvent({ status: 'pending' });
    await signIn({ role: 'admin' });
    const badge = page.getByTestId('burger').getByTestId('burger-badge');
    // Other tests submit and approve meanwhile: the page must show the store's count of a moment when it held still
    // (the same before and after the page).
    await expect
      .poll(async () => {
        const before = await ports.store.events.countAwaitingModeration();
        await page.goto('/admin');
        const shown = (await badge.isVisible()) ? figure(await badge.textContent()) : 0;
        const after = await ports.store.events.countAwaitingModeration();
        return before === after ? shown === Math.min(after, 99) : 'le compte a changé pendant la page';
      })
      .toBe(true);
    await expect(page.getByTestId('menu-toggle')).toHaveAccessibleName(/^Menu, \d+\+? événements? à modérer$/);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  });

  test('une soumission arrive : la carte « En attente », le titre et le bouton du menu augmentent ensemble @js-only', async ({
    page,
    people,
  }) => {
    await watchPendingCountAsAdmin(page, people.signIn);
    await page.goto('/admin');
    await expect(page).toHaveTitle(/^\(\d+\) /);
    const card = page.getByTestId('dashboard-pending');
    const before = figure(await card.textContent());
    const { organizer } = await submitFromOwnBrowser(people, unique('Atelier de vannerie'));
    await organizer.context().close();
    // Other tests submit and moderate too: the card moves with the title, whatever the number.
    await expect.poll(async () => figure(await card.textContent())).toBeGreaterThan(before);
    // The three read together, until they agree: one read of the card, then the others, could fall on either side of
    // another test's submission.
    const badge = page.getByTestId('burger-badge');
    await expect
      .poll(async () => {
        const shown = [
          figure(await card.textContent()),
          figure((await page.title()).match(/^\((\d+)\)/)?.[1] ?? ''),
          figure(await badge.textContent()),
        ];
        return shown.every((n) => n === shown[0]) ? shown[0] : shown;
      })
      .toBeGreaterThan(before);
  });

  test('une notification arrive pendant un message : ni le titre ni le message ne sont couverts @js-only', async ({
    page,
    people,
  }) => {
    await watchPendingCountAsAdmin(page, people.signIn);
    const first = await submitFromOwnBrowser(people, unique('Concert de chambre'));
    await first.organizer.context().close();
    await approveInModeration(page, first.id);
    const flash = page.getByTestId('flash');
    const title = page.getByRole('heading', { level: 1 });
    await expect(flash).toBeVisible();

    const title2 = unique('Atelier de poterie');
    const second = await submitFromOwnBrowser(people, title2);
    await second.organizer.context().close();
    const notification = page.getByTestId('notification').filter({ hasText: title2 });
    await expect(notification).toBeVisible({ timeout: 5_000 });
    const overlay = page.getByTestId('notifications');
    // Where the title and the message are: the top of the page (the moderation scrolls to the next event).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(title).toBeInViewport();
    await expect(flash).toBeInViewport();
    for (const part of [notification, overlay.locator('.notifications__head')]) {
      expect(await overlap(part, title), 'titre couvert').toBe(false);
      expect(await overlap(part, flash), 'message couvert').toBe(false);
    }
  });
});

test('une modification se relit sur un téléphone : chaque champ en une ligne, les mots changés barrés ou marqués @once', async ({
  page,
  ports,
  signIn,
  createUser,
  createEvent,
}) => {
  const owner = await createUser();
  const long = Array.from({ length: 80 }, (_, i) => `phrase${i}`).join(' ');
  const event = await createEvent({ createdBy: owner.uid, description: `${long} Entrée libre, chapeau à la sortie.` });
  // The organizer's edit of the published text, waiting for moderation.
  await ports.store.events.transition({
    seen: event.updatedAt,
    next: {
      ...event,
      revision: { ...contentOf(event), description: `${long} Entrée 20 francs, gratuit pour les enfants.` },
      pendingChanges: ['description'],
      updatedAt: new Date(Date.parse(event.updatedAt) + 1).toISOString(),
    },
  });

  await signIn({ role: 'admin' });
  await page.goto(`/admin/events?eventId=${event.id}`);
  const change = page
    .getByTestId('revision-changes')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Description' }) });
  const text = change.locator('.revision-change__text');
  await expect(text.locator('del')).toHaveText('[supprimé\u00a0: libre, chapeau à la sortie.]');
  await expect(text.locator('ins')).toHaveText('[ajouté\u00a0: 20 francs, gratuit pour les enfants.]');
  // The long unchanged start is cut, not repeated.
  await expect(text).toContainText('…');
  await expect(text).not.toContainText('phrase3 ');
  // The field's name on one line, nothing wider than the phone.
  const heading = await change.getByRole('heading', { name: 'Description' }).boundingBox();
  expect(heading?.height ?? 99).toBeLessThan(32);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await change.getByText('Les deux versions en entier').click();
  await expect(change.getByRole('heading', { name: 'Version publiée' })).toBeVisible();
});

test('la carte d’un compte sur un téléphone dit ce que chaque valeur est @once', async ({
  page,
  signIn,
  createUser,
}) => {
  const account = await createUser({ verified: false, displayName: `Chœur de Broc ${Date.now().toString(36)}` });
  await signIn({ role: 'admin' });
  await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
  const card = page.getByTestId(`user-${account.uid}`);
  for (const said of [
    'Rôle\u00a0: Organisateur',
    'Adresse\u00a0: non vérifiée',
    'Soutien\u00a0: aucun don',
    'Événements\u00a0: aucun',
  ])
    await expect(card).toContainText(said, { useInnerText: true });
  await expect(card.getByText('Inscrit le\u00a0:')).toBeVisible();
});

test('après un refus dans une file filtrée, le message de confirmation est à l’écran, pas seulement le pied de page', async ({
  page,
  signIn,
  createEvent,
}, testInfo) => {
  const title = unique('Vide-grenier de la Sarine');
  // Two events of the same search: the refused one leaves the queue, the other one is shown next.
  const refused = await createEvent({ status: 'pending', title });
  await createEvent({ status: 'pending', title: `${title} (bis)` });
  await signIn({ role: 'admin' });
  await page.goto(`/admin/events?status=pending&q=${encodeURIComponent(title)}&eventId=${refused.id}`);
  const detail = page.getByTestId('moderation-detail');
  await detail.getByLabel('Motif du refus (envoyé à l’organisateur)').fill('Il manque l’adresse du lieu.');
  await detail.getByRole('button', { name: 'Refuser' }).click();
  const status = page.getByRole('status').filter({ hasText: `« ${title} » est refusé` });
  await expect(status).toBeInViewport({ ratio: 1 });
  // Below the fixed header, not under it.
  expect((await status.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(80);
  if (testInfo.project.name === 'js') await expect(status).toBeFocused();
});
