// /lieux lists the cantons in the site's order (Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura, Jura bernois), as the
// canton filter does, not in their codes' order (which put « Jura bernois » first); and a venue's page or an event's
// places never carry what a merge did (the admins' undo, decision 114).
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { eventPlaces, venueIndex, venuePage } from '../../app/.server/places/public-places';
import { makeVenue } from '../support/factories';

const NOW = new Date('2030-03-01T10:00:00.000Z');

describe('/lieux', () => {
  it('les cantons dans l’ordre du site, les localités par ordre alphabétique ; la trace d’une fusion reste aux admins', async () => {
    const store = createSqliteStore(openDatabase(':memory:'));
    const venue = (id: string, locality: string, canton: 'GE' | 'VD' | 'VS' | 'BE' | 'JU') =>
      makeVenue({ id, slug: id, name: `Salle ${id}`, locality, canton }, { now: NOW });
    await store.venues.insertMany([
      venue('moutier', 'Moutier', 'BE'),
      venue('delemont', 'Delémont', 'JU'),
      venue('sion', 'Sion', 'VS'),
      venue('yverdon', 'Yverdon-les-Bains', 'VD'),
      venue('aigle', 'Aigle', 'VD'),
      venue('carouge', 'Carouge', 'GE'),
    ]);
    const index = await venueIndex({ store }, '', '', NOW);
    expect(index.cantons.map((c) => c.canton)).toEqual(['GE', 'VD', 'VS', 'JU', 'BE']);
    expect(index.cantons[1].towns.map((t) => t.name)).toEqual(['Aigle', 'Yverdon-les-Bains']);

    await store.venues.merge({ fromId: 'yverdon', intoId: 'aigle', now: NOW.toISOString(), by: 'admin' });
    expect((await store.venues.findById('aigle'))?.lastMerge).toBeTruthy();
    const page = await venuePage({ store }, 'aigle', NOW);
    expect(page && 'record' in page ? page.record.lastMerge : 'absent').toBeNull();
    expect((await eventPlaces({ store }, { venueId: 'aigle', organizerId: '' })).venue?.lastMerge).toBeNull();
    await store.close();
  });
});
