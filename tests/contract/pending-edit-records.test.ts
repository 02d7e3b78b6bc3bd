// Issue 70: a pending edit showed « Fiche du lieu → — » to the admin. An organizer's edit of a published event, made
// from the form as the edit page fills it, keeps the event's venue and organizer records, in the revision as in what
// the admin reads; a second edit of that revision too; and the records follow when the revision is approved. On
// SQLite and on Firestore.
import { describe, expect, it } from 'vitest';
import { eventFormPage } from '../../app/.server/events/event-form';
import { saveEventForm } from '../../app/.server/events/save-event-form';
import { moderateEvent } from '../../app/.server/moderation/moderation';
import { placesUnderModeration } from '../../app/.server/places/moderation-places';
import type { MailPort } from '../../app/.server/ports';
import { describeChanges } from '../../app/domain/event-diff';
import { makeUser } from '../support/factories';
import { postedEventForm, saveFormServices } from '../unit/memory-store';
import { BACKENDS, storeForEachTest } from './backends';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const admin = makeUser({ uid: 'admin', displayName: 'Admin', role: 'admin' });

describe.each(BACKENDS)('une modification en attente garde ses fiches : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('le lieu et l’organisateur proposés restent ceux de l’événement, dans la modification comme après', async () => {
    for (const u of [orga, admin]) await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
    const services = saveFormServices(store);
    const moderation = { store, mailer: { send: async () => {} } as unknown as MailPort, siteUrl: 'https://a.test' };
    const typed = { venueId: 'nouveau', organizerId: 'nouveau', venueName: 'Grange de la Cure', organizerName: 'Cure' };
    const created = await saveEventForm(services, orga, await postedEventForm(typed));
    if (!created.ok) throw new Error('refusé');
    await moderateEvent(moderation, admin, { eventId: created.eventId, action: 'approve' });
    const published = await store.events.findById(created.eventId);
    const records = { venueId: published?.venueId, organizerId: published?.organizerId };
    expect(records.venueId).toBeTruthy();
    expect(records.organizerId).toBeTruthy();

    // Twice, as the edit page fills the form: the title, then the price note of the pending revision.
    const edit = async (change: Record<string, string>) => {
      const page = await eventFormPage({ store }, orga, { eventId: created.eventId });
      const saved = await saveEventForm(
        services,
        orga,
        await postedEventForm({ ...page.values, seen: page.seen, ...change }),
        created.eventId,
      );
      expect(saved.ok).toBe(true);
      return (await store.events.findById(created.eventId)) as NonNullable<typeof published>;
    };
    await edit({ title: 'Concert à la Grange' });
    const waiting = await edit({ priceNote: 'Enfants gratuit' });
    expect(waiting.revision).toMatchObject(records);
    expect(waiting.pendingChanges).not.toContain('venueId');
    expect(waiting.pendingChanges).not.toContain('organizerId');
    // What the admin reads: the changes typed, no line about the records, the venue named beside.
    const labels = describeChanges(waiting, waiting.revision ?? waiting).map((c) => c.label);
    expect(labels).not.toContain('Fiche du lieu');
    expect(labels).not.toContain('Fiche de l’organisateur');
    expect((await placesUnderModeration({ store }, waiting)).venue).toMatchObject({ name: 'Grange de la Cure' });

    await moderateEvent(moderation, admin, { eventId: created.eventId, action: 'approve' });
    expect(await store.events.findById(created.eventId)).toMatchObject({ ...records, title: 'Concert à la Grange' });
  });
});
