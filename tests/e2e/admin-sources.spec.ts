// /admin/sources with and without JavaScript: an admin adds a calendar source (a feed served by a local server, which
// the server under test may reach through IMPORT_ALLOW_LOOPBACK), asks for its import (done by the scheduled job, the
// page following it), reads the run log, and finds the new events waiting in moderation.
import { type IcsServer, icsFixture, startIcsServer } from '../support/ics-server';
import { expect, test } from './fixtures';
import { runJob, unique } from './utils';

let server: IcsServer;
test.beforeAll(async () => {
  server = await startIcsServer();
});
test.afterAll(() => server.close());

test.describe('sources de calendriers', () => {
  test('un admin ajoute une source, l’importe, lit le journal et trouve les événements en modération @journey', async ({
    page,
    request,
    createUser,
    loginAs,
    ports,
  }) => {
    const tag = unique('Nyon');
    // A feed of its own: unique titles and UIDs, so parallel runs never meet.
    const feed = icsFixture('commune')
      .replace(/^UID:(.*)$/gm, `UID:${tag.replace(/\s+/g, '-')}-$1`)
      .replace(/^SUMMARY:(.*)$/gm, `SUMMARY:$1 ${tag}`);
    const path = `/${encodeURIComponent(tag)}.ics`;
    server.set(path, feed);
    const admin = await createUser({ role: 'admin' });
    await loginAs(page, admin);

    await page.goto('/admin/sources');
    // A refused form keeps what was typed and says why, in French.
    await page.getByLabel('Nom de la source').fill(`Commune ${tag}`);
    await page.getByLabel('Adresse du calendrier (iCalendar, .ics)').fill('ftp://exemple.ch/agenda.ics');
    await page.getByRole('button', { name: 'Ajouter la source' }).click();
    await expect(
      page.getByText('Indiquez l’adresse complète du calendrier, commençant par https://.').first(),
    ).toBeVisible();
    await expect(page.getByLabel('Nom de la source')).toHaveValue(`Commune ${tag}`);

    await page.getByLabel('Adresse du calendrier (iCalendar, .ics)').fill(server.url(path));
    await page.getByLabel('Catégorie des événements').selectOption({ label: 'Vie locale' });
    await page.getByLabel('Canton').selectOption('VD');
    await page.getByLabel('Organisateur affiché').fill('Commune de Nyon');
    await page.getByRole('button', { name: 'Ajouter la source' }).click();
    await expect(page.getByTestId('flash')).toContainText(`La source « Commune ${tag} » est ajoutée`);
    const sourceUrl = page.url();
    const sourceId = sourceUrl.split('/').pop() ?? '';
    try {
      await expect(page.getByTestId('source-state')).toContainText('jamais importée');

      // « Importer maintenant » asks for the import: nothing is read during the request; the page shows it waiting.
      const hitsBefore = server.hits.get(path) ?? 0;
      await page.getByRole('button', { name: 'Importer maintenant' }).click();
      await expect(page.getByTestId('flash')).toContainText('Import demandé\u00a0: il commence dans la minute.');
      await expect(page.getByTestId('run-progress')).toHaveAttribute('data-state', /queued|running|done/);
      expect(server.hits.get(path) ?? 0).toBe(hitsBefore);
      // The scheduled job takes it up (here called as Cloud Scheduler would, instead of waiting for its minute), and
      // the page, which refreshes itself while it waits, shows the run's counts.
      await runJob(request, 'sources');
      await expect(page.getByTestId('run-progress')).toContainText('3\u00a0lus · 3\u00a0nouveaux · 0\u00a0modifié', {
        timeout: 15_000,
      });
      await expect(page.getByTestId('run-log')).toContainText(
        '3\u00a0lus · 3\u00a0nouveaux · 0\u00a0modifié · 0\u00a0inchangé',
      );
      await expect(page.getByTestId('source-state')).toContainText('à jour');

      // « Importer maintenant »: the feed has not changed (its server answers 304 to the ETag), nothing is written.
      await page.getByRole('button', { name: 'Importer maintenant' }).click();
      await expect(page.getByTestId('flash')).toContainText('Import demandé');
      await runJob(request, 'sources');
      await expect(page.getByTestId('run-progress')).toContainText('calendrier inchangé depuis le précédent.', {
        timeout: 15_000,
      });
      await expect(page.getByTestId('run-log').locator('tbody tr')).toHaveCount(2);

      await page.goto('/admin/sources');
      await expect(page.getByTestId('sources')).toContainText(`Commune ${tag}`);
      await expect(page.getByTestId('sources').getByRole('row', { name: `Commune ${tag}` })).toContainText('à jour');

      await page.goto('/admin/events');
      await expect(page.getByText(`Vide-grenier du quartier de Rive ${tag}`).first()).toBeVisible();
      await expect(page.getByText(`Séance du Conseil communal ${tag}`).first()).toBeVisible();
      const mine = await ports.store.events.listByOwner(admin.uid);
      expect(mine.map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
    } finally {
      await ports.store.imports.deleteSource(sourceId);
    }
  });
});
