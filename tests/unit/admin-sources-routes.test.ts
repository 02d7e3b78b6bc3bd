// /admin/sources through its route as the server runs it: admins only, CSRF checked, a refused form answered in
// French with what was typed, and nothing stored but a valid source.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportSource } from '../../app/.server/imports/ports';
import { findJob } from '../../app/.server/jobs';
import { createSafeFetch } from '../../app/.server/platform/safe-fetch';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { runProgress } from '../../app/domain/import-run';
import { action as sourcesAction } from '../../app/routes/admin.sources._index/route';
import { action as sourcePageAction, loader as sourcePageLoader } from '../../app/routes/admin.sources.$id/route';
import { icsFixture, startIcsServer } from '../support/ics-server';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { formPost, signedInAs } from '../support/signed-in';

const SITE = 'http://localhost';
let ip = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: loadContext(`10.7.0.${++ip}`),
});

const FIELDS = {
  name: 'Commune de Morges',
  url: 'https://www.morges.ch/agenda.ics',
  category: 'vie-locale',
  canton: 'VD',
  organizerName: 'Commune de Morges',
  intervalMinutes: '60',
};

const stored = async () => (await getServices().store.imports.listSources()).map((s) => s.name);

describe('/admin/sources', () => {
  it('un organisateur ne peut ni ajouter ni supprimer une source', async () => {
    const organizer = await signedInAs('organizer');
    const before = await stored();
    const { status, response } = await routeAnswer(() =>
      sourcesAction(args(formPost('/admin/sources', organizer, { csrf: organizer.csrf, ...FIELDS, name: 'Intrus' }))),
    );
    expect(status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/');
    expect(await stored()).toEqual(before);
  });

  it('sans jeton CSRF, rien n’est enregistré', async () => {
    const admin = await signedInAs('admin');
    const before = await stored();
    const { status } = await routeAnswer(() =>
      sourcesAction(args(formPost('/admin/sources', admin, { ...FIELDS, name: 'Sans jeton' }))),
    );
    expect(status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('une adresse invalide est refusée en français, la saisie gardée ; une valide est enregistrée puis supprimée', async () => {
    const admin = await signedInAs('admin');
    const refusedAnswer = await routeAnswer(() =>
      sourcesAction(
        args(formPost('/admin/sources', admin, { csrf: admin.csrf, ...FIELDS, url: 'file:///etc/passwd' })),
      ),
    );
    expect(refusedAnswer.status).toBe(400);
    // conform's reply, as the page's form reads it: the message beside its field, the input kept.
    expect(refusedAnswer.data).toMatchObject({
      status: 'error',
      error: { url: ['Indiquez l’adresse complète du calendrier, commençant par https://.'] },
      initialValue: { name: 'Commune de Morges', url: 'file:///etc/passwd' },
    });
    expect(await stored()).not.toContain('Commune de Morges');
    // An address the import would refuse at every run is refused now (issue 68): http, a private network.
    for (const [url, message] of [
      ['http://www.morges.ch/agenda.ics', 'Indiquez l’adresse complète du calendrier, commençant par https://.'],
      [
        'https://192.168.1.20/agenda.ics',
        'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.',
      ],
      [
        'https://[fd00::1]/agenda.ics',
        'Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.',
      ],
    ]) {
      const refused = await routeAnswer(() =>
        sourcesAction(args(formPost('/admin/sources', admin, { csrf: admin.csrf, ...FIELDS, url }))),
      );
      expect(refused.data, url).toMatchObject({ status: 'error', error: { url: [message] } });
    }
    expect(await stored()).not.toContain('Commune de Morges');

    const created = await routeAnswer(() =>
      sourcesAction(args(formPost('/admin/sources', admin, { csrf: admin.csrf, ...FIELDS }))),
    );
    expect(created.status).toBe(302);
    const id = created.response?.headers.get('Location')?.split('/').pop() ?? '';
    expect(await getServices().store.imports.findSource(id)).toMatchObject({
      name: 'Commune de Morges',
      trusted: false,
    });

    // The same calendar a second time (another name, the address written otherwise): refused, nothing stored.
    const twice = await routeAnswer(() =>
      sourcesAction(
        args(
          formPost('/admin/sources', admin, {
            csrf: admin.csrf,
            ...FIELDS,
            name: 'Morges bis',
            url: `${FIELDS.url.toUpperCase().replace('HTTPS', 'https')}/`,
          }),
        ),
      ),
    );
    expect(twice.status).toBe(409);
    expect(twice.data).toMatchObject({
      status: 'error',
      error: { url: ['Ce calendrier est déjà importé par la source «\u00a0Commune de Morges\u00a0».'] },
      initialValue: { name: 'Morges bis' },
    });
    expect(await stored()).not.toContain('Morges bis');

    const deleted = await routeAnswer(() =>
      sourcePageAction(args(formPost(`/admin/sources/${id}`, admin, { csrf: admin.csrf, intent: 'delete' }), { id })),
    );
    expect(deleted.status).toBe(302);
    expect(await getServices().store.imports.findSource(id)).toBeNull();
  });

  it('« Importer maintenant » ne lit rien pendant la requête : il demande l’import, que la tâche « sources » fait ensuite', async () => {
    const server = await startIcsServer();
    try {
      const admin = await signedInAs('admin');
      const { store, config } = getServices();
      server.set('/maintenant.ics', icsFixture('commune'));
      // The feed is on this machine: saved as the tests' setting lets it (IMPORT_ALLOW_LOOPBACK).
      const allowed = config.IMPORT_ALLOW_LOOPBACK;
      config.IMPORT_ALLOW_LOOPBACK = true;
      const created = await routeAnswer(() =>
        sourcesAction(
          args(
            formPost('/admin/sources', admin, {
              csrf: admin.csrf,
              ...FIELDS,
              name: 'Maintenant',
              url: server.url('/maintenant.ics'),
            }),
          ),
        ),
      );
      config.IMPORT_ALLOW_LOOPBACK = allowed;
      const id = created.response?.headers.get('Location')?.split('/').pop() ?? '';
      // Not due before an hour (as after a run): only the request makes it due.
      const source = await store.imports.findSource(id);
      await store.imports.saveSource({ ...(source as ImportSource), nextRunAt: '2999-01-01T00:00:00.000Z' });

      const asked = await routeAnswer(() =>
        sourcePageAction(args(formPost(`/admin/sources/${id}`, admin, { csrf: admin.csrf, intent: 'run' }), { id })),
      );
      expect(asked).toMatchObject({ status: 302, location: `/admin/sources/${id}` });
      expect(server.hits.get('/maintenant.ics')).toBeUndefined();
      expect(await store.imports.runs(id, 5)).toEqual([]);
      const queued = await store.imports.findSource(id);
      expect(queued?.runRequestedAt).toBeTruthy();
      const page = await sourcePageLoader(
        args(new Request(`${SITE}/admin/sources/${id}`, { headers: { Cookie: admin.cookie } }), { id }),
      );
      expect(runProgress(page.source, page.runs)).toMatchObject({ state: 'queued' });

      // The job's next minute takes it up, and only it.
      const job = findJob('sources');
      expect(job?.everyMs).toBe(60_000);
      const services = { ...getServices(), fetchText: createSafeFetch({ allowLoopback: true }) };
      expect(await job?.run(services, new Date())).toBe('1 source importée, 0 en échec');
      expect(server.hits.get('/maintenant.ics')).toBe(1);
      expect(await store.imports.findSource(id)).toMatchObject({
        runRequestedAt: null,
        runningSince: null,
        state: 'ok',
      });
      const after = await sourcePageLoader(
        args(new Request(`${SITE}/admin/sources/${id}`, { headers: { Cookie: admin.cookie } }), { id }),
      );
      expect(runProgress(after.source, after.runs)).toMatchObject({
        state: 'done',
        run: { ok: true, created: 3 },
      });
    } finally {
      await server.close();
    }
  });
});
