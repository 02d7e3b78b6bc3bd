// The admin lists page by page through their routes (issue 35): the links « Suivante » and « Précédente » are plain
// URLs (a cursor of the neighbouring page), so an admin reaches every item without JavaScript, and comes back.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { listParams } from '../../app/routes/admin.events/moderation-ui';
import { loader as eventsLoader } from '../../app/routes/admin.events/route';
import { loader as publicationsLoader } from '../../app/routes/admin.publications/route';
import { loader as usersLoader } from '../../app/routes/admin.users/route';
import { makeEvent, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { signedIn } from '../support/signed-in';

const SITE = 'http://localhost';
let admin: { cookie: string };

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
  await storeUser(getServices().store, { uid: 'cheffe-pages', role: 'admin' });
  admin = await signedIn('cheffe-pages', SITE);
});

const args = (path: string) => ({
  request: new Request(`${SITE}${path}`, { headers: { Cookie: admin.cookie } }),
  params: {},
  context: loadContext('10.9.0.1'),
});

/** Every page from the first by the « next » links, then back by the « previous » ones. */
async function walk<T extends { previous: string | null; next: string | null }>(
  first: string,
  load: (path: string) => Promise<T>,
): Promise<{ forward: T[]; backward: T[] }> {
  const forward = [await load(first)];
  while (forward[forward.length - 1].next) forward.push(await load(forward[forward.length - 1].next as string));
  const backward = [forward[forward.length - 1]];
  while (backward[0].previous) backward.unshift(await load(backward[0].previous as string));
  return { forward, backward };
}

describe('listes de l’admin page par page, sans JavaScript', () => {
  it('/admin/users : chaque compte trouvé une fois en suivant les pages, et retour à la première', async () => {
    const store = getServices().store;
    for (let i = 0; i < 123; i++) {
      await storeUser(store, { uid: `pages-membre-${i}`, displayName: `Paginé ${i}`, email: `pagine.${i}@exemple.ch` });
    }
    const { forward, backward } = await walk('/admin/users?q=pagine', (path) => usersLoader(args(path)));
    expect(forward.map((p) => [p.query.page, p.pages, p.users.length])).toEqual([
      [1, 3, 50],
      [2, 3, 50],
      [3, 3, 23],
    ]);
    const uids = forward.flatMap((p) => p.users.map((u) => u.uid));
    expect(new Set(uids).size).toBe(123);
    expect(backward.map((p) => p.users[0].uid)).toEqual(forward.map((p) => p.users[0].uid));
    expect(backward[0].query.page).toBe(1);
    // The links keep the search.
    expect(forward[0].next).toMatch(/^\/admin\/users\?q=pagine&page=2&after=/);
  });

  it('/admin/events : la file se suit page par page jusqu’au dernier événement, puis se remonte', async () => {
    const store = getServices().store;
    const events = Array.from({ length: 107 }, (_, i) =>
      makeEvent({
        id: `pages-attente-${i}`,
        title: `Paginée ${i}`,
        status: 'pending',
        submittedAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
      }),
    );
    await store.events.insertMany(events);
    const load = async (path: string) => {
      const data = await eventsLoader(args(path));
      // The links the page prints (route.tsx): the cursor of the neighbouring page, the tab and search kept.
      const link = (page: number, cursor: { after?: string; before?: string }) =>
        `/admin/events?${listParams({ ...data.query, page, after: null, before: null, ...cursor })}`;
      return {
        ...data,
        previous: data.prev ? link(data.query.page - 1, { before: data.prev }) : null,
        next: data.next ? link(data.query.page + 1, { after: data.next }) : null,
      };
    };
    const { forward, backward } = await walk('/admin/events?status=pending&q=paginee', load);
    expect(forward.map((p) => [p.query.page, p.pages, p.items.length])).toEqual([
      [1, 3, 50],
      [2, 3, 50],
      [3, 3, 7],
    ]);
    // The oldest submission first, each once.
    expect(forward.flatMap((p) => p.items.map((e) => e.id))).toEqual(events.map((e) => e.id));
    expect(backward.map((p) => p.items[0].id)).toEqual(forward.map((p) => p.items[0].id));
  });

  it('/admin/publications : les liens « plus anciennes » et « plus récentes » parcourent tout le journal', async () => {
    const store = getServices().store;
    await storeUser(store, { uid: 'pages-confiance', role: 'organizer', trusted: true });
    for (let i = 0; i < 61; i++) {
      await store.events.createSubmission({
        uid: 'pages-confiance',
        submissionKey: `cle-pages-${String(i).padStart(20, '0')}`,
        event: makeEvent({ id: `pages-pub-${i}`, status: 'approved', createdBy: 'pages-confiance' }),
        entry: {
          adminUid: 'pages-confiance',
          action: 'publish',
          reason: '',
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
        },
      });
    }
    const { forward, backward } = await walk('/admin/publications', (path) => publicationsLoader(args(path)));
    const total = forward[0].total;
    const ids = forward.flatMap((p) => p.items.map((e) => e.id));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(forward.map((p) => p.page)).toEqual(forward.map((_, i) => i + 1));
    expect(backward.map((p) => p.items[0].id)).toEqual(forward.map((p) => p.items[0].id));
  });
});
