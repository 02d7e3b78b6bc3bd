// « Suivre » an organizer or a venue (issue 74, decision 173), on SQLite and on Firestore: its events published since
// the account follows it are « Nouveautés de ceux que je suis », not those from before; the weekly mail, when chosen,
// is the alerts' own digest on its list (one mail, Thursday); stopping ends both. A page that is not public cannot be
// followed, and the mail waits for a verified address.
import { describe, expect, it } from 'vitest';
import type { AlertDeps } from '../../app/.server/alerts/alerts';
import { sendDueDigests } from '../../app/.server/alerts/digest';
import {
  FOLLOW_MAIL_UNVERIFIED,
  FOLLOW_UNKNOWN,
  FOLLOWED_MAIL,
  followedNews,
  followPlace,
  followState,
} from '../../app/.server/favourites/follows';
import { makeEvent, makeOrganizer, makeVenue, storeUser } from '../support/factories';
import { mailHarness } from '../unit/memory-store';
import { BACKENDS, storeForEachTest } from './backends';

// Monday 23 November 2026, 10:00 in Zurich; that week's Thursday is the 26th.
const MONDAY = new Date('2026-11-23T09:00:00Z');
const THURSDAY = new Date('2026-11-26T08:00:00Z');
const SUNDAY_BEFORE = '2026-11-22T09:00:00.000Z';
const TUESDAY = '2026-11-24T09:00:00.000Z';

describe.each(BACKENDS)('« Suivre » : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  async function setup() {
    await store.organizers.insertMany([
      makeOrganizer({ id: 'jazz', slug: 'jazz-club', name: 'Jazz Club', status: 'approved' }, { now: MONDAY }),
      makeOrganizer({ id: 'propose', slug: 'propose', name: 'Proposé', status: 'pending' }, { now: MONDAY }),
    ]);
    await store.venues.insertMany([makeVenue({ id: 'halle', slug: 'halle', status: 'approved' }, { now: MONDAY })]);
    const ana = await storeUser(store, { uid: 'ana', email: 'Ana@exemple.ch', emailVerified: true }, { now: MONDAY });
    const mail = mailHarness(store, { now: () => THURSDAY });
    const deps: AlertDeps = { store, mailer: mail.mailer, siteUrl: 'https://agenda.test', secret: 'secret-de-test' };
    const published = (id: string, title: string, at: string, over = {}) =>
      makeEvent({ id, title, organizerId: 'jazz', moderatedAt: at, createdAt: at, ...over }, { now: MONDAY });
    return { ana, mail, deps, published };
  }

  it('ses nouveautés publiées depuis, dans les favoris et chaque jeudi par email ; arrêter met fin aux deux', async () => {
    const { ana, mail, deps, published } = await setup();
    await store.events.insertMany([published('avant', 'Trio publié avant', SUNDAY_BEFORE)]);
    const key = { kind: 'organisateur', slug: 'jazz-club' } as const;
    expect(await followPlace(deps, ana, { intent: 'follow', ...key, mail: true }, MONDAY)).toEqual({
      ok: true,
      message: FOLLOWED_MAIL,
    });
    expect(await followState(store, ana, key)).toEqual({ following: true, mail: true });
    await store.events.insertMany([
      published('apres', 'Quartet publié après', TUESDAY),
      published('ailleurs', 'Chorale d’un autre', TUESDAY, { organizerId: 'autre' }),
    ]);

    const follows = await store.favourites.follows('ana');
    expect((await followedNews({ store }, follows, THURSDAY)).map((e) => e.id)).toEqual(['apres']);

    await sendDueDigests(deps, THURSDAY);
    await mail.deliver(THURSDAY);
    const sent = mail.sent.filter((m) => m.to === 'ana@exemple.ch');
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Quartet publié après');
    expect(sent[0].text).not.toContain('Trio publié avant');
    expect(sent[0].text).toContain('par Jazz Club');

    await followPlace(deps, ana, { intent: 'unfollow', ...key, mail: false }, THURSDAY);
    expect(await store.favourites.follows('ana')).toEqual([]);
    expect(await store.alerts.listByEmail('ana@exemple.ch')).toEqual([]);
    expect(await followState(store, ana, key)).toEqual({ following: false, mail: false });
  });

  it('une page proposée ne se suit pas ; sans adresse vérifiée, suivi sans email', async () => {
    const { ana, deps } = await setup();
    const proposed = { intent: 'follow', kind: 'organisateur', slug: 'propose', mail: false } as const;
    expect(await followPlace(deps, ana, proposed, MONDAY)).toEqual({ ok: false, message: FOLLOW_UNKNOWN });
    const unverified = { ...ana, emailVerified: false };
    const venue = { intent: 'follow', kind: 'lieu', slug: 'halle', mail: true } as const;
    expect(await followPlace(deps, unverified, venue, MONDAY)).toEqual({ ok: true, message: FOLLOW_MAIL_UNVERIFIED });
    expect(await store.favourites.follows('ana')).toMatchObject([{ kind: 'lieu', slug: 'halle' }]);
    expect(await store.alerts.listByEmail('ana@exemple.ch')).toEqual([]);
  });
});
