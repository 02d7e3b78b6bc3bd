// Moderation (/admin/events) and the admin's live pending count (SSE), with and without JavaScript.
import type { Page } from '@playwright/test';
import { expect, type People, type Ports, type TestUser, test } from './fixtures';
import { csrfToken, mailsTo, submitEvent, submitFromOwnBrowser, unique, watchPendingCountAsAdmin } from './utils';

// The badge counts pending events and pending revisions of public ones (decision 029).
const awaitingInStore = ({ store }: Ports) => store.events.countAwaitingModeration();
const statusOf = async ({ store }: Ports, id: string) => (await store.events.findById(id))?.status;
/** The decisions logged for an event, oldest first. */
const logOf = async ({ store }: Ports, id: string) =>
  (await store.events.moderationHistory(id)).reverse().map((entry) => ({ action: entry.action }));

/** An organizer submits an event from a browser of their own; a new admin opens it in the moderation on `page`. */
async function openSubmissionAsAdmin(page: Page, people: People, title: string, owner?: TestUser) {
  const submitted = await submitFromOwnBrowser(people, title, owner);
  await people.signIn({ role: 'admin' });
  await page.goto(`/admin/events?eventId=${submitted.id}`);
  return submitted;
}

function badgeCount(page: Page) {
  return page
    .getByTestId('pending-badge')
    .textContent()
    .then((text) => Number(text?.replace('+', '')));
}

test.describe('modération', () => {
  test('le badge et le titre de l’admin suivent une soumission faite ailleurs, sans rechargement @js-only @journey @hosting', async ({
    page,
    ports,
    people,
  }) => {
    await watchPendingCountAsAdmin(page, people.signIn);
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(0);
    // Nothing below reloads this page: the marker would be lost.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'pas rechargée';
    });
    // Also listen on the stream for the in-app notification.
    const notification = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const source = new EventSource('/admin/live');
          source.addEventListener('notification', (event) => {
            source.close();
            resolve((event as MessageEvent<string>).data);
          });
        }),
    );

    const title = unique('Soirée contes au coin du feu');
    const { organizer, id } = await submitFromOwnBrowser(people, title);

    // Without a reload: at least one more (other tests may submit too), and title and badge agree. (The push arrives
    // within moments; the wait is generous because a loaded CI machine is not what this test measures.)
    await expect.poll(async () => (await badgeCount(page)) > before, { intervals: [100] }).toBe(true);
    const now = await badgeCount(page);
    await expect(page).toHaveTitle(new RegExp(`^\\(${now}\\) `));
    // (Firestore: this worker's count follows the server's within moments.)
    await expect.poll(() => awaitingInStore(ports)).toBeGreaterThanOrEqual(now);
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('pas rechargée');

    const delivered = JSON.parse(await notification) as { title: string; body: string; data: Record<string, string> };
    expect(delivered).toMatchObject({ title: 'Nouvel événement à modérer', data: { type: 'event_pending' } });
    expect(delivered.data.eventId).toBeTruthy();
    if (delivered.data.eventId === id) expect(delivered.body).toBe(title);
    await organizer.context().close();
  });

  test('?eventId= ouvre et met en évidence l’événement ; approuver le rend public @journey @hosting', async ({
    page,
    browser,
    ports,
    people,
    loginAs,
  }) => {
    const owner = await people.createUser();
    const admin = await people.createUser({ role: 'admin' });
    const title = unique('Brocante du printemps');
    const { organizer, id } = await submitFromOwnBrowser(people, title, owner);
    const visitor = await browser.newPage();
    expect((await visitor.goto(`/evenement/${id}`))?.status()).toBe(404);
    await visitor.goto(`/evenements?q=${encodeURIComponent(title)}`);
    await expect(visitor.locator('.event-card__title').filter({ hasText: title })).toHaveCount(0);

    await loginAs(page, admin);
    await page.goto(`/admin/events?eventId=${id}`);
    await expect(page).toHaveURL(new RegExp(`/admin/events\\?eventId=${id}`));
    const item = page.getByTestId(`moderation-item-${id}`);
    await expect(item).toHaveAttribute('aria-current', 'true');
    await expect(item).toHaveClass(/is-selected/);
    const detail = page.getByTestId('moderation-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(detail.getByTestId('moderation-owner')).toContainText(owner.email);
    await expect(detail.getByTestId('detail-status')).toHaveText('En attente');

    await detail.getByRole('button', { name: 'Approuver' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${title} » est publié`);
    expect(await statusOf(ports, id)).toBe('approved');
    expect(await logOf(ports, id)).toEqual([{ action: 'approve' }]);
    const approved = await ports.store.events.findById(id);
    expect((await ports.store.users.findById(approved?.moderatedBy ?? ''))?.email).toBe(admin.email);
    expect(Date.now() - Date.parse(approved?.moderatedAt ?? '')).toBeLessThan(60_000);
    expect((await visitor.goto(`/evenement/${id}`))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    // The public list (diacritic-insensitive prefix search, decision 016) now shows it. Behind Hosting, the list may
    // come from the other instance, whose listener brings the approval a moment later: read it again until it does.
    const search = `/evenements?q=${encodeURIComponent(title.toLowerCase().replace('brocante', 'BROC'))}`;
    await expect(async () => {
      await visitor.goto(`${search}&essai=${Date.now()}`);
      await expect(visitor.locator('.event-card__title').filter({ hasText: title })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect.poll(() => mailsTo(owner.email).some((m) => m.includes(title))).toBe(true);

    // Feature it from the published list, then take it off the front page again.
    await page.goto(`/admin/events?eventId=${id}`);
    await expect(page.getByTestId('detail-status')).toHaveText('Publié');
    await page.getByRole('button', { name: 'Mettre en avant' }).click();
    await expect(page.getByTestId('flash')).toContainText('est mis en avant');
    expect((await ports.store.events.findById(id))?.featured).toBe(true);
    await page.getByRole('button', { name: 'Retirer de la une' }).click();
    await expect(page.getByTestId('flash')).toContainText('n’est plus mis en avant');
    await visitor.close();
    await organizer.context().close();
  });

  test('refuser exige un motif, que l’organisateur voit dans son tableau de bord @journey', async ({
    page,
    ports,
    people,
  }) => {
    const owner = await people.createUser();
    const title = unique('Atelier de poterie');
    const { organizer, id } = await openSubmissionAsAdmin(page, people, title, owner);
    const detail = page.getByTestId('moderation-detail');
    // Blanks pass the browser's `required` but not the server: the typed text stays, nothing changes.
    await detail.getByLabel('Motif du refus (envoyé à l’organisateur)').fill('   ');
    await detail.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByTestId('moderation-error')).toContainText('Indiquez la raison du refus');
    expect(await statusOf(ports, id)).toBe('pending');
    expect(await logOf(ports, id)).toEqual([]);

    const reason = 'Il manque l’adresse exacte du lieu.';
    await detail.getByLabel('Motif du refus (envoyé à l’organisateur)').fill(reason);
    await detail.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByTestId('flash')).toContainText(`« ${title} » est refusé`);
    expect(await statusOf(ports, id)).toBe('rejected');
    expect((await ports.store.events.findById(id))?.rejectionReason).toBe(reason);

    await organizer.goto('/dashboard');
    await expect(organizer.getByTestId(`event-${id}`)).toContainText(`Motif du refus : ${reason}`);
    await expect.poll(() => mailsTo(owner.email).some((m) => m.includes(title) && m.includes(reason))).toBe(true);
    await organizer.context().close();
  });

  test('une décision prise sur une version dépassée est refusée @once', async ({ page, ports, people }) => {
    const { organizer, id } = await openSubmissionAsAdmin(page, people, unique('Course des pavés'));
    // Another admin tab approves first.
    const other = await page.context().newPage();
    await other.goto(`/admin/events?eventId=${id}`);
    await other.getByRole('button', { name: 'Approuver' }).click();
    await expect(other.getByTestId('flash')).toBeVisible();
    await page.getByLabel('Motif du refus (envoyé à l’organisateur)').fill('Doublon.');
    await page.getByRole('button', { name: 'Refuser' }).click();
    await expect(page.getByTestId('moderation-error')).toContainText('a changé entre-temps');
    expect(await statusOf(ports, id)).toBe('approved');
    expect(await logOf(ports, id)).toEqual([{ action: 'approve' }]);
    await organizer.context().close();
  });

  test('filtrer par statut et rechercher', async ({ page, ports, signIn, createEvent }) => {
    await createEvent({ status: 'rejected', rejectionReason: 'Il manque le lieu.' });
    const approved = await createEvent({ title: unique('Récital d’orgue') });
    await signIn({ role: 'admin' });
    await page.goto('/admin/events?status=rejected');
    expect((await ports.store.events.countAllByStatus()).rejected).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: /^Refusés/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('detail-status')).toHaveText('Refusé');
    await page.goto('/admin/events?status=all');
    await page.getByLabel('Rechercher (titre, lieu, organisateur ou email)').fill(approved.title);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByTestId(`moderation-item-${approved.id}`)).toBeVisible();
  });

  test('raccourcis clavier : J passe au suivant, A approuve @js-only', async ({ page, ports, people }) => {
    const { organizer, id } = await openSubmissionAsAdmin(page, people, unique('Veillée au chalet'));
    await expect(page.getByTestId(`moderation-item-${id}`)).toHaveAttribute('aria-current', 'true');
    // The help line shows once the shortcuts listen (after hydration); a key pressed before would do nothing.
    await expect(page.getByText('Raccourcis clavier')).toBeVisible();
    await page.keyboard.press('a');
    await expect(page.getByTestId('flash')).toContainText('est publié');
    expect(await statusOf(ports, id)).toBe('approved');
    await organizer.context().close();
  });
});

test.describe('actions de modération refusées', () => {
  const intents = ['approve', 'reject', 'feature', 'unfeature', 'unpublish', 'cancel'];

  test('un organisateur et un visiteur ne peuvent rien décider @once', async ({
    page,
    browser,
    request,
    ports,
    signIn,
  }) => {
    await signIn();
    const id = await submitEvent(page, unique('Tentative de publication'));
    await page.goto('/dashboard');
    const csrf = await csrfToken(page);
    for (const intent of intents) {
      const form = { csrf, intent, eventId: id, reason: 'Parce que.' };
      const asOrganizer = await page.request.post('/admin/events', { form, maxRedirects: 0 });
      expect(asOrganizer.status(), intent).toBe(302);
      expect(asOrganizer.headers().location).toBe('/');
      const asVisitor = await request.post('/admin/events', { form, maxRedirects: 0 });
      expect(asVisitor.status(), intent).toBe(302);
      expect(asVisitor.headers().location).toBe('/auth/login?redirect=%2Fadmin%2Fevents');
    }
    expect(await statusOf(ports, id)).toBe('pending');
    expect(await logOf(ports, id)).toEqual([]);
    // The live stream is for admins only.
    const stream = await page.request.get('/admin/live', { maxRedirects: 0 });
    expect(stream.status()).toBe(302);
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get('/admin/live', { maxRedirects: 0 })).headers().location).toBe(
      '/auth/login?redirect=%2Fadmin%2Flive',
    );
    await anonymous.close();
  });

  test('une décision d’admin sans jeton CSRF est refusée @once', async ({ page, ports, signIn, createEvent }) => {
    const { id } = await createEvent({ status: 'pending' });
    await signIn({ role: 'admin' });
    await page.goto('/admin');
    const response = await page.request.post('/admin/events', {
      form: { intent: 'approve', eventId: id },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await statusOf(ports, id)).toBe('pending');
  });
});

test.describe('publiés sans modération (issue 21)', () => {
  test('une soumission d’un organisateur de confiance figure parmi les « Publiés sans modération », pas celle d’un organisateur ordinaire @journey @once', async ({
    page,
    ports,
    people,
    loginAs,
  }) => {
    const admin = await people.createUser({ role: 'admin' });
    const trusted = await people.createUser({ displayName: unique('Salle de confiance') });
    await ports.store.users.setTrusted({
      uid: trusted.uid,
      trusted: true,
      actorUid: admin.uid,
      now: new Date().toISOString(),
    });
    // The pending one first: published first, the trusted event would make it a possible duplicate (same place).
    const ordinary = await submitFromOwnBrowser(people, unique('Bal masqué'));
    const pendingId = ordinary.id;
    const trustedTitle = unique('Fête du lac');
    const { organizer: trustedPage, id: publishedId } = await submitFromOwnBrowser(people, trustedTitle, trusted);
    expect(await statusOf(ports, publishedId)).toBe('approved');
    expect(await statusOf(ports, pendingId)).toBe('pending');

    // On a phone, from the admin navigation.
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, admin);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Publiés sans modération' })
      .click();
    await expect(page).toHaveURL('/admin/publications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publiés sans modération');
    const row = page.getByTestId(`publication-${publishedId}`);
    await expect(row).toContainText(`«\u00a0${trustedTitle}\u00a0»`);
    await expect(row).toContainText(`Publié par ${trusted.displayName} le`);
    await expect(row.locator('.status-chip')).toHaveText('Publié');
    await expect(page.getByTestId(`publication-${pendingId}`)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The row opens the event's moderation, where it can be unpublished; the list then shows it pending.
    await row.getByRole('link', { name: trustedTitle }).click();
    await expect(page).toHaveURL(`/admin/events?eventId=${publishedId}`);
    const detail = page.getByTestId('moderation-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(trustedTitle);
    await detail.getByRole('button', { name: 'Dépublier (remettre en attente)' }).click();
    await expect(page.getByTestId('flash')).toContainText(`«\u00a0${trustedTitle}\u00a0» est dépublié`);
    expect(await logOf(ports, publishedId)).toEqual([{ action: 'publish' }, { action: 'unpublish' }]);
    // Back to the list from the moderation screen's tabs.
    await page
      .getByRole('navigation', { name: 'Statut' })
      .getByRole('link', { name: 'Publiés sans modération' })
      .click();
    await expect(page).toHaveURL('/admin/publications');
    await expect(page.getByTestId(`publication-${publishedId}`).locator('.status-chip')).toHaveText('En attente');
    await trustedPage.context().close();
    await ordinary.organizer.context().close();
  });
});
