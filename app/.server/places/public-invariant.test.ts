// The invariant « an event is public only if an admin approved what is shown », its venue and organizer records
// included (decision 095), after random sequences of submissions, decisions and edits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeEventForm, makeUser, makeVenue } from '../../../tests/support/factories';
import { memoryStore, saveFormServices } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { isPublicStatus } from '../../domain/event-lifecycle';
import { saveEventForm } from '../events/save-event-form';
import { readEventForm } from '../http/event-form';
import { moderateEvent } from '../moderation/moderation';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort } from '../ports';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const admin = makeUser({ uid: 'admin', displayName: 'Admin', role: 'admin' });

type Step =
  | { kind: 'submit'; venue: 'known' | 'new'; name: number }
  | { kind: 'edit'; event: number; venue: 'known' | 'new'; name: number }
  | { kind: 'approve' | 'refuse'; event: number };

const venueChoice = fc.constantFrom<'known' | 'new'>('known', 'new');
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const), venue: venueChoice, name: fc.nat(3) }),
  fc.record({ kind: fc.constant('edit' as const), event: fc.nat(5), venue: venueChoice, name: fc.nat(3) }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'refuse' as const), event: fc.nat(5) }),
);

const NAMES = ['Grange de la Cure', 'Halle des fêtes', 'Caveau du Château', 'Aula du collège'];

function formOf(venue: 'known' | 'new', name: number) {
  const f = new FormData();
  const values = makeEventForm({
    venueId: venue === 'known' ? 'connu' : 'nouveau',
    venueName: NAMES[name],
    organizerId: 'nouveau',
  });
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return readEventForm(f);
}

describe('rien d’en attente ni de refusé n’est public', () => {
  it('après toute suite de soumissions, décisions et modifications, le public ne voit que ce qu’un admin a approuvé', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const { store } = memoryStore();
        await store.categories.upsertMany(DEFAULT_CATEGORIES);
        for (const u of [orga, admin]) await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
        await store.venues.insertMany([makeVenue({ id: 'connu', slug: 'connu', name: 'Temple', status: 'approved' })]);
        const services = saveFormServices(store);
        const moderation = { store, mailer: { send: async () => {} } as unknown as MailPort, siteUrl: 'x' };
        const ids: string[] = [];
        /** What the admin approved last of each event: its venue record and the place it shows. */
        const approved = new Map<string, { venueId: string; venueName: string }>();
        /** Venues an admin approved (with an event), and the one approved from the start. */
        const approvedVenues = new Set(['connu']);
        for (const s of steps) {
          if (s.kind === 'submit') {
            const saved = await saveEventForm(services, orga, await formOf(s.venue, s.name));
            if (saved.ok) ids.push(saved.eventId);
          } else {
            const id = ids[s.event % Math.max(1, ids.length)];
            if (!id) continue;
            try {
              if (s.kind === 'edit') await saveEventForm(services, orga, await formOf(s.venue, s.name), id);
              else {
                const before = await store.events.findById(id);
                const { event } = await moderateEvent(moderation, admin, {
                  eventId: id,
                  action: s.kind === 'approve' ? 'approve' : 'reject',
                  reason: 'Incomplet',
                });
                if (s.kind === 'approve' && before) {
                  const shown = before.revision ?? before;
                  approved.set(id, { venueId: shown.venueId ?? '', venueName: shown.venueName });
                  approvedVenues.add(shown.venueId ?? '');
                  expect(event.venueId).toBe(shown.venueId);
                }
              }
            } catch (error) {
              // A decision the lifecycle does not allow in that state (approve an approved event…) changes nothing.
              if (!(error instanceof UseCaseError)) throw error;
            }
          }
          for (const eventId of ids) {
            const e = await store.events.findById(eventId);
            if (!e || !isPublicStatus(e.status)) continue;
            // Public: the admin approved it, and what it shows is what they approved, its venue record approved.
            expect(approved.get(eventId)).toEqual({ venueId: e.venueId, venueName: e.venueName });
            expect((await store.venues.findById(e.venueId ?? ''))?.status).toBe('approved');
          }
          for (const v of await store.venues.list({ status: 'approved' })) expect(approvedVenues).toContain(v.id);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
