// What a card says and how it holds on a phone: a series outside a day's heading gives its day once and its time once,
// the ends that must not split are kept together, and a card without a picture names its category's drawing.

import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { formatShortDate } from '~/domain/dates';
import type { EventCardData } from '~/domain/event-card';
import { EventCard } from './EventCard';

const base: EventCardData = {
  id: 'ev1',
  title: 'Cours de salsa',
  category: 'musique',
  startsAt: '2026-12-03T19:15:00.000Z',
  endsAt: '2026-12-03T21:00:00.000Z',
  allDay: false,
  city: 'Lausanne',
  canton: 'VD',
  venueName: 'Salle du Bourg',
  isFree: true,
  priceMin: null,
  priceMax: null,
  status: 'approved',
  familyFriendly: false,
  image: null,
  linkDay: '2026-12-03',
  series: { text: 'Le 1er jeudi du mois · 20:15 · 10 dates', timed: true },
  dateCancelled: false,
  opening: null,
  distance: null,
  dayStatus: null,
  dayNote: '',
  holiday: null,
  registration: null,
};

/** The card rendered on the server as a page of the site would render it (a data router, no root data). */
async function card(event: EventCardData, time?: string): Promise<string> {
  const handler = createStaticHandler([{ path: '/', element: <EventCard event={event} time={time} /> }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('pas de page');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('la carte d’un événement', () => {
  it('une série hors d’un titre de jour : le jour dans la date, l’heure une fois, dans sa règle', async () => {
    const html = await card(base);
    const when = /<p class="event-card__when">(.*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(text(when)).toBe(formatShortDate(base.startsAt));
    expect(text(when)).not.toContain('20:15');
    expect(html).toContain(
      '<p class="event-card__series">Le 1er jeudi du mois · 20:15 · <span class="nowrap">10 dates</span></p>',
    );
  });

  it('sous le titre de son jour : sa règle seule, dont la fin ne se coupe pas', async () => {
    const when = /<p class="event-card__when">(.*?)<\/p>/.exec(await card(base, '20:15'))?.[1] ?? '';
    expect(when).toContain('Le 1er jeudi du mois · 20:15 · <span class="nowrap">10 dates</span>');
  });

  it('un événement simple garde sa date et son heure ; une exposition, ses heures d’ouverture d’un tenant', async () => {
    const single = await card({ ...base, series: null, linkDay: null });
    expect(text(/<p class="event-card__when">(.*?)<\/p>/.exec(single)?.[1] ?? '')).toBe(
      `${formatShortDate(base.startsAt)} · 20:15`,
    );
    const exhibition = await card({ ...base, series: null, opening: 'ouvert aujourd’hui 10:00–18:00' });
    expect(exhibition).toContain('ouvert aujourd’hui <span class="nowrap">10:00–18:00</span>');
  });

  it('la ville et son canton, sans le répéter quand il porte son nom (« Genève », pas « Genève (Genève) »)', async () => {
    expect(text(await card(base))).toContain('Salle du Bourg, Lausanne (Vaud)');
    const geneva = text(await card({ ...base, city: 'Genève', canton: 'GE', venueName: 'Musée d’art et d’histoire' }));
    expect(geneva).toContain('Musée d’art et d’histoire, Genève');
    expect(geneva).not.toContain('(Genève)');
  });

  it('sans image : le dessin de sa catégorie, par la feuille de style', async () => {
    const html = await card(base);
    expect(html).toContain('<div class="event-card__media" data-art="musique"></div>');
    expect(html).not.toContain('<svg');
  });
});

describe('la marque des vacances scolaires', () => {
  it('une date pendant les vacances de son canton porte « Vacances (VD) », les autres rien', async () => {
    expect(await card({ ...base, holiday: 'Vacances (VD)' })).toContain('>Vacances (VD)</span>');
    expect(await card(base)).not.toContain('Vacances');
  });
});

describe('les places à réserver (issue 73)', () => {
  it('la carte dit ce que sa date offre, comme la page ; rien sans inscription', async () => {
    const few = await card({ ...base, registration: 'Plus que 3\u00a0places' });
    expect(few).toContain('<span class="tag tag--registration">Plus que 3\u00a0places</span>');
    expect(text(await card({ ...base, registration: 'Complet — liste d’attente' }))).toContain(
      'Complet — liste d’attente',
    );
    expect(await card(base)).not.toContain('tag--registration');
  });
});
