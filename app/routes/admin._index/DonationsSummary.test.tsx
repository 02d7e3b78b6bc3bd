import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DonationsSummary, type DonationsSummaryData } from './DonationsSummary';

const summary: DonationsSummaryData = {
  months: [
    { start: '2026-09-30T22:00:00.000Z', label: 'octobre 2026', total: 0, count: 0 },
    { start: '2026-10-31T23:00:00.000Z', label: 'novembre 2026', total: 75.5, count: 2 },
  ],
  total: 75.5,
  count: 2,
  latest: [
    {
      id: 'd1',
      createdAt: '2026-11-20T08:00:00.000Z',
      amount: 50.5,
      provider: 'stripe',
      providerRef: 'cs_test_1',
      status: 'paid',
      donorName: 'Zoé Favre',
      donorEmail: 'zoe@exemple.ch',
      publicName: 'Famille Favre',
    },
    {
      id: 'd2',
      createdAt: '2026-11-02T08:00:00.000Z',
      amount: 25,
      provider: 'stripe',
      providerRef: 'cs_test_2',
      status: 'paid',
      donorName: null,
      donorEmail: null,
      publicName: null,
    },
  ],
};

describe('bloc « Dons » du tableau de bord admin', () => {
  it('montre les totaux par mois, le plus récent en haut, et les derniers dons', () => {
    const html = renderToStaticMarkup(<DonationsSummary summary={summary} />);
    expect(html).toContain('CHF 75.50 en 2 dons sur les 12 derniers mois');
    expect(html.indexOf('novembre 2026')).toBeLessThan(html.indexOf('octobre 2026'));
    expect(html).toContain('Zoé Favre');
    expect(html).toContain('Affiché·e comme « Famille Favre »');
    expect(html).toContain('CHF 50.50');
    expect(html).toContain('Compte supprimé');
    expect(html).toContain('20.11.2026');
  });

  it('sans don : un message plutôt qu’un tableau vide', () => {
    const html = renderToStaticMarkup(<DonationsSummary summary={{ months: [], total: 0, count: 0, latest: [] }} />);
    expect(html).toContain('Aucun don en ligne pour l’instant.');
    expect(html).toContain('CHF 0.– en 0 don');
  });
});
