// The admin dashboard (/admin): the figures agree with the database, the charts are there for every reader,
// and only admins get in.
import { expect, type Ports, test } from './fixtures';
import { lastMailTo, unique } from './utils';

// What awaits moderation: pending events and pending revisions of public ones (decision 029).
const pendingInStore = ({ store }: Ports) => store.events.countAwaitingModeration();
/**
 * Published events that have not ended yet, counted from the whole list (not the dashboard's own query): an event
 * once, however many dates its series has.
 */
const upcomingInStore = async ({ store }: Ports) =>
  (
    await store.events.search({
      status: ['approved'],
      endsAfter: new Date().toISOString(),
      limit: 100_000,
      offset: 0,
      oneRowPerEvent: true,
    })
  ).total;
const EVER = ['2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z'];
const figure = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.describe('tableau de bord admin', () => {
  test('l’admin voit le nombre d’événements en attente, les graphiques et l’activité', async ({
    page,
    ports,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    // Other tests submit and moderate at the same time: the figure lies between the counts before and after.
    const before = await pendingInStore(ports);
    const upcomingBefore = await upcomingInStore(ports);
    const decisions = (await ports.store.stats.recentModeration(1)).length;
    const views = (await ports.store.stats.countPageViews(EVER))[0];
    await page.goto('/admin');
    const after = await pendingInStore(ports);
    const upcomingAfter = await upcomingInStore(ports);
    await expect(page).toHaveTitle(/Panneau Admin/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panneau Admin' })).toBeVisible();

    const pending = figure(await page.getByTestId('dashboard-pending').textContent());
    expect(pending).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(pending).toBeLessThanOrEqual(Math.max(before, after));
    // The demo agenda has published events to come; other tests may publish or cancel some meanwhile.
    const upcoming = figure(await page.getByTestId('dashboard-upcoming').textContent());
    expect(upcoming).toBeGreaterThan(0);
    expect(upcoming).toBeGreaterThanOrEqual(Math.min(upcomingBefore, upcomingAfter));
    expect(upcoming).toBeLessThanOrEqual(Math.max(upcomingBefore, upcomingAfter));
    await expect(page.getByTestId('dashboard-approved-week')).toHaveText(/^\d+$/);

    for (const name of [
      /^Soumissions par semaine sur les 12 dernières semaines\s: /,
      /^Événements à venir par catégorie\s: .*Musique \d+/,
      /^Événements à venir par canton\s: .*Genève \d+/,
    ]) {
      await expect(page.getByRole('img', { name })).toBeVisible();
    }
    // The figures are also in tables for screen readers.
    await expect(page.getByRole('table', { name: 'Événements à venir par canton' })).toBeAttached();
    await expect(
      page.getByRole('table', { name: 'Soumissions par semaine sur les 12 dernières semaines' }).getByRole('row'),
    ).toHaveCount(13);

    // No analytics yet in the demo; once they exist, the chart replaces the message.
    const audience = page.getByRole('region', { name: 'Audience des 30 derniers jours' });
    if (views === 0 && (await ports.store.stats.countPageViews(EVER))[0] === 0) {
      await expect(audience).toContainText('Aucune mesure d’audience pour l’instant.');
    } else if (views > 0) {
      await expect(audience.getByRole('img', { name: /^Pages vues par jour/ })).toBeVisible();
    }

    // Decisions (other tests moderate in parallel) link to their event on the moderation screen.
    const activity = page.getByRole('region', { name: 'Activité de modération récente' });
    if (decisions > 0) {
      await expect(activity.getByRole('listitem').first()).toContainText(
        // Deletions and admins’ edits are logged too (decision 029).
        / a (approuvé|refusé|mis en avant|retiré de la une|dépublié|annulé|modifié|supprimé) «\s/,
      );
      await expect(activity.getByRole('link').first()).toHaveAttribute('href', /^\/admin\/events\?eventId=/);
    } else {
      await expect(activity.getByRole('heading', { name: 'Activité de modération récente' })).toBeVisible();
    }

    await page.getByRole('link', { name: 'Ouvrir la modération' }).click();
    await expect(page).toHaveURL(/\/admin\/events/);
  });

  test('un mail en échec apparaît avec sa raison ; « Réessayer » le renvoie, et il part', async ({
    page,
    ports,
    signIn,
  }) => {
    await signIn({ role: 'admin' });
    const subject = unique('Votre événement est publié');
    const to = `${unique('mail-en-echec').replace(/\s+/g, '-')}@exemple.ch`;
    const id = `echec${Date.now().toString(36)}`;
    await ports.store.mails.enqueue({
      id,
      content: {
        kind: 'message',
        message: { to, subject, text: 'Bonjour, il est publié.', html: '<p>Bonjour, il est publié.</p>' },
      },
      to,
      subject,
      ref: null,
      eventIds: [],
      createdAt: new Date().toISOString(),
    });
    await ports.store.mails.fail(id, {
      attempts: 31,
      lastError: 'Greeting never received',
      now: new Date().toISOString(),
    });
    await page.goto('/admin');
    const row = page.getByTestId(`failed-mail-${id}`);
    await expect(row).toContainText(subject);
    await expect(row).toContainText(`à ${to}`);
    await expect(row).toContainText('31 essais');
    await expect(row).toContainText('Greeting never received');
    await row.getByRole('button', { name: 'Réessayer' }).click();
    await expect(
      page.getByText('Le mail repart : il sera envoyé dans un instant si le serveur de mail répond.'),
    ).toBeVisible();
    await expect(page.getByTestId(`failed-mail-${id}`)).toHaveCount(0);
    await expect.poll(() => lastMailTo(to), { timeout: 15_000 }).toContain('Bonjour, il est publié.');
  });

  test('un organisateur est renvoyé à l’accueil @once', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('un visiteur est envoyé vers la connexion @once', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/auth/login?redirect=%2Fadmin');
  });
});
