// What the import's tests set up on a store (any backend): the default categories, the admin who adds the sources,
// a clock, and a source on the local fixture server (tests/support/ics-server.ts), run by the site's own use cases.
import { createSource } from '../../app/.server/imports/admin-sources';
import { DEFAULT_IMPORT_LIMITS, type ImportDeps } from '../../app/.server/imports/run-import';
import { createSafeFetch, type FetchText } from '../../app/.server/platform/safe-fetch';
import type { Store, UserProfile } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import type { IcsServer } from './ics-server';

export const IMPORT_NOW = new Date('2026-12-01T09:00:00Z');

export interface ImportStand {
  admin: UserProfile;
  /** The instant the next run happens at; tests move it forward. */
  clock: Date;
  deps(): ImportDeps;
  /** Serves `body` at `path` and adds it as a source of the admin (hourly). */
  addSource(path: string, body: Parameters<IcsServer['set']>[1], trusted?: boolean): ReturnType<typeof createSource>;
  /** Counts the event writes (creations and lifecycle steps) from now on. */
  countWrites(): { n: number };
  /** The events the admin's sources imported. */
  events(): ReturnType<Store['events']['listByOwner']>;
  /** Forgets the ETag of a source, as a server that ignores it would make the next run read the feed. */
  forgetEtag(sourceId: string): Promise<void>;
}

/** The site's own safe fetcher, allowed to reach this machine as the tests' setting (IMPORT_ALLOW_LOOPBACK) does. */
export const loopbackFetch: FetchText = createSafeFetch({ allowLoopback: true });

export async function importStand(
  store: Store,
  server: IcsServer,
  fetchText: FetchText = loopbackFetch,
): Promise<ImportStand> {
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const admin = await store.users.upsert({
    uid: 'admin-1',
    email: 'admin@exemple.ch',
    displayName: 'Admin',
    role: 'admin',
    passwordHash: null,
    emailVerified: true,
    now: IMPORT_NOW.toISOString(),
  });
  const stand: ImportStand = {
    admin,
    clock: IMPORT_NOW,
    deps: () => ({ store, fetchText, now: () => stand.clock }),
    addSource(path, body, trusted = false) {
      server.set(path, body);
      // Its feeds are on this machine: saved as the tests' setting lets them (IMPORT_ALLOW_LOOPBACK).
      const limits = {
        IMPORT_MAX_EVENTS: DEFAULT_IMPORT_LIMITS.maxEvents,
        IMPORT_MAX_DATES: DEFAULT_IMPORT_LIMITS.maxDates,
      };
      return createSource({ ...stand.deps(), config: { ...limits, IMPORT_ALLOW_LOOPBACK: true } }, admin, {
        name: 'Commune de Nyon',
        url: server.url(path),
        category: 'vie-locale',
        canton: 'VD',
        organizerName: 'Commune de Nyon',
        intervalMinutes: '60',
        ...(trusted ? { trusted: 'on' } : {}),
      });
    },
    countWrites() {
      const counter = { n: 0 };
      const { createSubmission, transition } = store.events;
      store.events.createSubmission = (input) => {
        counter.n++;
        return createSubmission.call(store.events, input);
      };
      store.events.transition = (input) => {
        counter.n++;
        return transition.call(store.events, input);
      };
      return counter;
    },
    events: () => store.events.listByOwner(admin.uid),
    async forgetEtag(sourceId) {
      const source = await store.imports.findSource(sourceId);
      if (source) await store.imports.saveSource({ ...source, etag: null });
    },
  };
  return stand;
}
