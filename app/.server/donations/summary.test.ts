import { describe, expect, it } from 'vitest';
import { makeDonation, storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { donationSummary, monthBoundaries, SUMMARY_MONTHS } from './summary';

const NOW = new Date('2026-11-22T10:00:00Z');

async function setup() {
  const { store } = memoryStore();
  for (const [uid, name] of [
    ['zoe', 'Zoé Favre'],
    ['marc', 'Marc Rochat'],
  ]) {
    await storeUser(store, { uid, displayName: name }, { now: NOW });
  }
  let n = 0;
  const give = (uid: string | null, amount: number, createdAt: string, publicName: string | null = null) =>
    store.donations.recordPaid(makeDonation({ id: `don${++n}`, uid, amount, publicName, createdAt }));
  return { store, give };
}

describe('résumé des dons pour le tableau de bord admin', () => {
  it('découpe les 12 derniers mois à minuit, heure de Zurich', () => {
    const bounds = monthBoundaries(NOW).map((d) => new Date(d.getTime()).toISOString());
    expect(bounds).toHaveLength(SUMMARY_MONTHS + 1);
    expect(bounds[0]).toBe('2025-11-30T23:00:00.000Z'); // 1 December 2025, 00:00 in Zurich (winter time)
    expect(bounds.at(-2)).toBe('2026-10-31T23:00:00.000Z'); // 1 November 2026
    expect(bounds.at(-1)).toBe('2026-11-30T23:00:00.000Z'); // 1 December 2026
    expect(bounds).toContain('2026-05-31T22:00:00.000Z'); // 1 June 2026 (summer time)
  });

  it('totalise par mois, en francs justes, et liste les derniers dons avec leur donateur', async () => {
    const { store, give } = await setup();
    await give('zoe', 25, '2026-11-20T08:00:00.000Z', 'Zoé F.');
    await give('marc', 0.1, '2026-11-01T08:00:00.000Z');
    await give('marc', 0.2, '2026-10-31T23:30:00.000Z'); // 1 November 00:30 in Zurich
    await give('zoe', 50, '2026-10-15T12:00:00.000Z');
    await give('zoe', 100, '2025-11-29T12:00:00.000Z'); // 13 months ago: outside the table
    await store.users.delete('marc');

    const summary = await donationSummary({ store, now: () => NOW });
    expect(summary.months).toHaveLength(12);
    expect(summary.months.at(-1)).toMatchObject({ label: 'novembre 2026', total: 25.3, count: 3 });
    expect(summary.months.at(-2)).toMatchObject({ label: 'octobre 2026', total: 50, count: 1 });
    expect(summary.months[0]).toMatchObject({ label: 'décembre 2025', total: 0, count: 0 });
    expect(summary.total).toBe(75.3);
    expect(summary.count).toBe(4);

    expect(summary.latest.map((d) => [d.amount, d.donorName])).toEqual([
      [25, 'Zoé Favre'],
      [0.1, null],
      [0.2, null],
      [50, 'Zoé Favre'],
      [100, 'Zoé Favre'],
    ]);
    expect(summary.latest[0]).toMatchObject({ provider: 'stripe', status: 'paid', publicName: 'Zoé F.' });
  });

  it('ne montre que les 50 derniers dons', async () => {
    const { store, give } = await setup();
    for (let i = 0; i < 55; i++) await give('zoe', 10, new Date(NOW.getTime() - i * 3_600_000).toISOString());
    const summary = await donationSummary({ store, now: () => NOW });
    expect(summary.latest).toHaveLength(50);
    expect(summary.count).toBe(55);
    expect(summary.total).toBe(550);
  });

  it('sans aucun don : des mois à zéro', async () => {
    const { store } = await setup();
    const summary = await donationSummary({ store, now: () => NOW });
    expect(summary.months.every((m) => m.total === 0 && m.count === 0)).toBe(true);
    expect(summary.latest).toEqual([]);
  });
});

describe('donateurs publics', () => {
  it('un nom par donateur qui l’a choisi, le plus récent d’abord ; jamais ceux qui ne l’ont pas voulu', async () => {
    const { store, give } = await setup();
    await give('zoe', 25, '2026-10-01T08:00:00.000Z', 'Zoé F.');
    await give('marc', 25, '2026-10-02T08:00:00.000Z');
    await give('zoe', 25, '2026-10-03T08:00:00.000Z', 'Famille Favre');
    expect(await store.donations.publicNames(10)).toEqual(['Famille Favre']);
    await give('marc', 10, '2026-10-04T08:00:00.000Z', 'Marc');
    expect(await store.donations.publicNames(10)).toEqual(['Marc', 'Famille Favre']);
    await store.users.delete('marc');
    expect(await store.donations.publicNames(10)).toEqual(['Famille Favre']);
  });

  it('un don enregistré fait du compte un donateur ; un deuxième enregistrement de la même référence ne change rien', async () => {
    const { store, give } = await setup();
    const first = await give('zoe', 25, '2026-10-01T08:00:00.000Z');
    expect(first.created).toBe(true);
    expect((await store.users.findById('zoe'))?.supported).toBe(true);
    expect((await store.users.findById('marc'))?.supported).toBe(false);
    const again = await store.donations.recordPaid({ ...first.donation, id: 'autre', amount: 999 });
    expect(again).toMatchObject({ created: false, donation: { id: first.donation.id, amount: 25 } });
  });
});
