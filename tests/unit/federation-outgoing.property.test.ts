// What leaves for the fediverse (decisions 088, 096), over random lives of one event: approved, cancelled, edited to
// another venue or category, taken down, refused, deleted, in any order. After every step: nothing leaves about an event
// that is not public but its Delete and the shares taken back; the object is always the agenda's and a Mastodon-like
// server hears its Create, Update and Delete from the agenda only; each other actor shares it at most once at a time,
// and once it is no longer public, every share has been taken back and a Gancio server that took it hears its Delete
// (even when the actor it follows stopped speaking of it meanwhile); published again after its Delete, it is a new
// object (an id no server heard deleted), and every activity is dated. Publishing goes through publishEvent with a
// context that records what would be sent (no network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '@fedify/fedify';
import { Announce, type Create, type Delete, Undo, type Update } from '@fedify/vocab';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import type { FederationContext } from '../../app/.server/federation/actor-types';
import { publishEvent } from '../../app/.server/federation/publish';
import { followerKey } from '../../app/.server/federation/records';
import { loadConfig } from '../../app/.server/platform/config';
import { UseCaseError } from '../../app/.server/platform/use-case-error';
import type { UserProfile } from '../../app/.server/ports';
import { seedCategories } from '../../app/.server/seed/seed';
import { createServices, type Services } from '../../app/.server/services';
import { isPublicStatus } from '../../app/domain/event-lifecycle';
import { makeEvent, makeVenue, storeUser } from '../support/factories';

const SITE = 'https://agenda.exemple';
const actorUri = (id: string) => new URL(`${SITE}/federation/acteurs/${id}`);
/** One standard server following each actor, one Gancio server following the venues. */
const FOLLOWED = ['agenda', 'musique', 'spectacles', 'lieu.bourg', 'lieu.grange'];

interface Sent {
  sender: string;
  type: string;
  /** The event object's id (the shared one for an Announce or its Undo). */
  object: string | null;
  name: string | null;
  attributedTo: string | null;
  gancio: boolean;
  /** When the activity says it happened (an Announce: when the actor shared it). */
  published: string | null;
}

let services: Services;
let admin: UserProfile;
let sent: Sent[] = [];

const ctx = (): Context<FederationContext> =>
  ({
    data: { store: services.store, siteUrl: SITE, now: () => new Date() },
    getActorUri: actorUri,
    getFollowersUri: (id: string) => new URL(`${actorUri(id).href}/abonnes`),
    async sendActivity(
      sender: { identifier: string },
      recipients: { id: URL }[],
      activity: Create | Update | Delete | Announce | Undo,
    ) {
      const gancio = recipients.every((r) => r.id.hostname === 'gancio.exemple');
      expect(recipients.every((r) => r.id.hostname === 'gancio.exemple' || r.id.hostname === 'masto.exemple')).toBe(
        true,
      );
      let object: string | null = null;
      let name: string | null = null;
      let attributedTo: string | null = null;
      const published = ((await activity.toJsonLd()) as { published?: string }).published ?? null;
      if (activity instanceof Announce) object = activity.objectId?.href ?? null;
      else if (activity instanceof Undo) {
        const shared = (await activity.toJsonLd()) as { object: { object: string } };
        object = shared.object.object;
      } else {
        const json = (await activity.toJsonLd()) as { object: { id: string; name?: string; attributedTo?: string } };
        object = json.object.id;
        name = json.object.name ?? null;
        attributedTo = json.object.attributedTo ?? null;
      }
      sent.push({
        sender: sender.identifier,
        type: activity.constructor.name,
        object,
        name,
        attributedTo,
        gancio,
        published,
      });
    },
  }) as unknown as Context<FederationContext>;

beforeAll(async () => {
  services = createServices(
    loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-federation-property-')),
      SEED_DEMO: 'false',
      SITE_URL: SITE,
    }),
  );
  await seedCategories(services);
  admin = await storeUser(services.store, { uid: 'admin-p', email: 'admin-p@exemple.ch', role: 'admin' });
  await services.store.venues.insertMany([
    makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg' }),
    makeVenue({ id: 'grange', name: 'Grange', slug: 'grange' }),
  ]);
  const at = new Date().toISOString();
  const follow = async (actor: string, host: string, software: string | null) => {
    const id = `https://${host}/users/${actor}`;
    const value = {
      id,
      inbox: `${id}/inbox`,
      sharedInbox: `https://${host}/inbox`,
      handle: null,
      software,
      followedAt: at,
    };
    await services.store.federation.put({
      kind: 'follower',
      key: followerKey(actor, id),
      value,
      expiresAt: null,
      updatedAt: at,
    });
  };
  for (const actor of FOLLOWED) await follow(actor, 'masto.exemple', 'mastodon');
  for (const actor of ['lieu.bourg', 'lieu.grange']) await follow(actor, 'gancio.exemple', 'gancio');
}, 60_000);

afterAll(async () => {
  await services?.close();
});

type Step =
  | { action: 'approve' | 'cancel' | 'unpublish' | 'reject' | 'delete' }
  | { action: 'edit'; title: string; venue: 'bourg' | 'grange' | null; category: 'musique' | 'spectacles' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom('approve', 'cancel', 'unpublish', 'reject', 'delete').map((action) => ({ action }) as Step),
  fc.record({
    action: fc.constant('edit' as const),
    title: fc.constantFrom('Concert', 'Concert du soir', 'Bal'),
    venue: fc.constantFrom('bourg' as const, 'grange' as const, null),
    category: fc.constantFrom('musique' as const, 'spectacles' as const),
  }),
);

describe('fédération : ce qui part, quelle que soit la vie de l’événement', () => {
  it('rien de ce qui n’est pas public ne part ; l’objet est celui de l’agenda ; chaque partage est repris', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        sent = [];
        const event = makeEvent({ status: 'pending', category: 'musique', title: 'Concert', venueId: 'bourg' });
        await services.store.events.insertMany([event]);
        const deps = { store: services.store, files: services.files };
        const objectId = `${SITE}/federation/evenements/${event.id}`;
        /** The ids a server heard deleted: it keeps their Tombstone and never takes them again. */
        const deleted = new Set<string>();
        const shares = new Map<string, number>();
        /** A Gancio server took the event (from an actor it follows): it must hear of its withdrawal. */
        let gancioHolds = false;
        for (const step of steps) {
          const before = sent.length;
          const current = await services.store.events.findById(event.id);
          if (!current) break;
          const content =
            step.action === 'edit'
              ? { ...current, title: step.title, venueId: step.venue, category: step.category }
              : undefined;
          try {
            await changeEvent(deps, admin, {
              eventId: event.id,
              action: step.action,
              content,
              seen: current.updatedAt,
            });
          } catch (error) {
            // A step the lifecycle refuses in this state: nothing written.
            if (!(error instanceof UseCaseError)) throw error;
          }
          await publishEvent(ctx(), event.id);
          const after = await services.store.events.findById(event.id);
          const isPublic = !!after && isPublicStatus(after.status);
          for (const s of sent.slice(before)) {
            // The agenda's object: its first id, then a new one (`~2`…) for each publication after a Delete.
            expect(s.object?.startsWith(objectId)).toBe(true);
            expect(s.object?.slice(objectId.length)).toMatch(/^(?:~[2-9]\d*)?$/);
            expect(s.published && Date.parse(s.published)).toBeTruthy();
            if (s.type === 'Delete') deleted.add(s.object ?? '');
            // Unpublished then approved again: what is created and shared is an object no server heard deleted.
            else if (s.type !== 'Undo') expect(deleted.has(s.object ?? '')).toBe(false);
            if (s.type === 'Announce' || s.type === 'Undo') {
              // Shares go to Mastodon-like servers only, from the venue or the category, never the agenda.
              expect([s.gancio, s.sender === 'agenda']).toEqual([false, false]);
              shares.set(s.sender, (shares.get(s.sender) ?? 0) + (s.type === 'Announce' ? 1 : -1));
              expect([0, 1]).toContain(shares.get(s.sender));
              continue;
            }
            if (!s.gancio) expect(s.sender).toBe('agenda');
            if (s.type === 'Delete') continue;
            if (s.gancio) gancioHolds = true;
            // A Create or an Update: only about a public event, its approved content, the agenda's object.
            expect(isPublic).toBe(true);
            // Gancio has no cancelled state: the name says it there.
            const cancelled = s.gancio && after?.status === 'cancelled';
            expect(s.name).toBe(cancelled ? `Annulé\u00a0: ${after?.title}` : after?.title);
            expect(s.attributedTo).toBe(actorUri('agenda').href);
          }
          if (!isPublic) {
            if (gancioHolds) expect(sent.slice(before).some((s) => s.type === 'Delete' && s.gancio)).toBe(true);
            gancioHolds = false;
            expect(sent.slice(before).filter((s) => s.type === 'Announce')).toEqual([]);
            expect([...shares.values()].every((n) => n === 0)).toBe(true);
          }
        }
        // Nothing about a pending, refused or withdrawn event ever left, whatever came before.
        const final = await services.store.events.findById(event.id);
        if (!final || !isPublicStatus(final.status)) expect([...shares.values()].every((n) => n === 0)).toBe(true);
        if (sent.length > 0) expect(steps.some((s) => s.action === 'approve' || s.action === 'edit')).toBe(true);
      }),
      {
        numRuns: Number(process.env.FEDERATION_RUNS ?? 60),
        // Always: unpublished, then approved again (twice).
        examples: [
          [
            [
              { action: 'approve' },
              { action: 'unpublish' },
              { action: 'approve' },
              { action: 'unpublish' },
              { action: 'approve' },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
