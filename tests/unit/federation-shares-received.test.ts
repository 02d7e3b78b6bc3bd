// The other side of the shares (decision 096): an Agenda romand B whose admin follows a venue of another one, A, as a
// source. The venue shares (`Announce`) the object its agenda created: B takes the event; the agenda's Update and
// Delete of it, though the agenda is no source of B's, change and withdraw B's copy, since B took it from the agenda's
// own server; the agenda of another server could not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { followRemoteSource } from '../../app/.server/federation/admin';
import type { AgendaEvent } from '../../app/domain/event';
import { makeEvent, makeVenue } from '../support/factories';
import { type FederatedSite, startFederatedSite } from '../support/federated-site';
import { type FederationPeer, startFederationPeer } from '../support/federation-peer';
import { freePorts } from '../support/firebase-emulators';

// Free ports, not fixed ones: nothing else on the machine can take them first.
const [A_PORT, B_PORT, INTRUDER_PORT] = await freePorts(3);
let a: FederatedSite;
let b: FederatedSite;
let intruder: FederationPeer;
const now = () => new Date().toISOString();
const objectId = (eventId: string) => `${a.url}/federation/evenements/${eventId}`;

async function onB(eventId: string): Promise<AgendaEvent | null> {
  const link = await b.services.store.federation.get<{ eventId: string | null }>('remote', objectId(eventId), now());
  return link?.value.eventId ? b.services.store.events.findById(link.value.eventId) : null;
}

beforeAll(async () => {
  [a, b] = await Promise.all([startFederatedSite(A_PORT), startFederatedSite(B_PORT)]);
  intruder = await startFederationPeer(INTRUDER_PORT, { username: 'agenda' });
  await a.services.store.venues.insertMany([
    makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg' }),
  ]);
  const source = await followRemoteSource(b.services, b.admin, {
    handle: `${a.url}/federation/acteurs/lieu.bourg`,
    category: 'musique',
    canton: 'VD',
    organizerName: 'Salle du Bourg',
  });
  await vi.waitFor(
    async () =>
      expect(
        (await b.services.store.federation.get<{ status: string }>('source', source.id, now()))?.value.status,
      ).toBe('accepted'),
    { timeout: 15_000 },
  );
}, 60_000);

afterAll(async () => {
  await intruder?.close();
  await b?.close();
  await a?.close();
});

describe('fédération : un événement partagé par le lieu suivi, changé par son agenda', () => {
  it('B prend l’événement que le lieu partage, suit l’Update et le Delete de l’agenda de A, pas ceux d’un autre serveur', async () => {
    const concert = makeEvent({ status: 'pending', category: 'musique', title: 'Concert au Bourg', venueId: 'bourg' });
    await a.services.store.events.insertMany([concert]);
    const deps = { store: a.services.store, files: a.services.files };
    await changeEvent(deps, a.admin, { eventId: concert.id, action: 'approve' });
    await vi.waitFor(async () => expect(await onB(concert.id)).toMatchObject({ title: 'Concert au Bourg' }), {
      timeout: 15_000,
    });
    // Another server's « agenda » sends a change of it, the object whole: not its author, nothing changes.
    const object = await (
      await fetch(objectId(concert.id), { headers: { Accept: 'application/activity+json' } })
    ).json();
    const forged = await intruder.post(`${b.url}/federation/boite`, {
      '@context': object['@context'],
      id: `${intruder.actorId}#update/1`,
      type: 'Update',
      actor: intruder.actorId,
      object: { ...object, '@context': undefined, name: 'Concert détourné' },
    });
    expect(forged.status).toBe(202);
    await vi.waitFor(
      async () => {
        const { due, later } = await b.services.store.federation.queueStats(now());
        expect(due + later).toBe(0);
      },
      { timeout: 15_000 },
    );
    expect((await onB(concert.id))?.title).toBe('Concert au Bourg');
    const approved = await a.services.store.events.findById(concert.id);
    if (!approved) throw new Error('concert');
    await changeEvent(deps, a.admin, {
      eventId: concert.id,
      action: 'edit',
      content: { ...approved, title: 'Concert du soir au Bourg' },
      seen: approved.updatedAt,
    });
    await vi.waitFor(async () => expect((await onB(concert.id))?.title).toBe('Concert du soir au Bourg'), {
      timeout: 15_000,
    });
    const current = await a.services.store.events.findById(concert.id);
    await changeEvent(deps, a.admin, { eventId: concert.id, action: 'delete', seen: current?.updatedAt });
    await vi.waitFor(async () => expect((await onB(concert.id))?.status).toBe('withdrawn'), { timeout: 15_000 });
  });
});
