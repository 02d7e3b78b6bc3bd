import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import { eventJsonLd, jsonForScript, seriesJsonLd } from './event-jsonld';

const SERIES_DATE = {
  startsAt: '2026-12-13T17:00:00+01:00',
  endsAt: '2026-12-13T18:30:00+01:00',
  openEnd: false,
  cancelled: false,
  day: '2026-12-13',
};

const event = makeEvent({
  id: 'abc123',
  title: 'Concert de l’Avent </script>',
  description: 'Chœur et orgue à la cathédrale.',
  startsAt: '2026-12-06T17:00:00+01:00',
  endsAt: '2026-12-06T18:30:00+01:00',
  venueName: 'Cathédrale de Lausanne',
  street: 'Place de la Cathédrale',
  postalCode: '1005',
  city: 'Lausanne',
  canton: 'VD',
  lat: 46.5225,
  lng: 6.6355,
  priceMin: 20,
  priceMax: 40,
  ticketUrl: 'https://billets.exemple.ch',
  organizerName: 'Chœur de la Cité',
  accessibility: { wheelchair: true, hearing: false, familyFriendly: false },
});

describe('JSON-LD Event', () => {
  it('porte les propriétés requises et recommandées par Google', () => {
    const ld = eventJsonLd(event, 'https://agenda-romand.ch');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.title,
      startDate: '2026-12-06T17:00:00+01:00',
      endDate: '2026-12-06T18:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Cathédrale de Lausanne',
        address: { '@type': 'PostalAddress', postalCode: '1005', addressLocality: 'Lausanne', addressCountry: 'CH' },
      },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: 20,
        highPrice: 40,
        priceCurrency: 'CHF',
        url: 'https://billets.exemple.ch',
      },
      organizer: { '@type': 'Organization', name: 'Chœur de la Cité' },
    });
    expect(ld.description).toBeTruthy();
    expect(ld.offers).not.toHaveProperty('price');
    // Without a picture of its own, no image (not the site's default one on every event).
    expect(JSON.parse(jsonForScript(ld))).not.toHaveProperty('image');
    const pictured = eventJsonLd(
      { ...event, image: { path: 'events/abc', width: 1200, height: 800, alt: 'Le chœur' } },
      'https://agenda-romand.ch',
    );
    expect(pictured.image?.[0]).toMatch(/^https:\/\/agenda-romand\.ch\//);
  });

  it('un seul montant est une offre à ce prix ; sans prix connu, aucune offre (jamais 0 inventé)', () => {
    expect(eventJsonLd({ ...event, priceMin: 15, priceMax: 15 }, 'https://a.ch').offers).toMatchObject({
      '@type': 'Offer',
      price: 15,
    });
    expect(eventJsonLd({ ...event, priceMin: null, priceMax: 12 }, 'https://a.ch').offers).toMatchObject({ price: 12 });
    expect(eventJsonLd({ ...event, priceMin: null, priceMax: null }, 'https://a.ch').offers).toBeUndefined();
  });

  it('un événement annulé le dit, un gratuit coûte 0 CHF, une journée entière est une date', () => {
    const ld = eventJsonLd({ ...event, status: 'cancelled', isFree: true, allDay: true }, 'https://a.ch');
    expect(ld.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 0 });
    // Its status says it is cancelled: its places are not « sold out ».
    expect(ld.offers?.availability).toBeUndefined();
    expect(ld.startDate).toBe('2026-12-06');
  });

  it('nomme chaque artiste ou intervenant donné (performer), dans son ordre ; aucun sans nom (issue 52)', () => {
    const named = eventJsonLd({ ...event, performers: ['Stephan Eicher', 'Sophie Hunger'] }, 'https://a.ch');
    expect(named.performer).toEqual([
      { '@type': 'Person', name: 'Stephan Eicher' },
      { '@type': 'Person', name: 'Sophie Hunger' },
    ]);
    // A series' dates carry them too.
    expect(seriesJsonLd({ ...event, performers: ['M'] }, 'https://a.ch', [SERIES_DATE])[0].performer).toEqual([
      { '@type': 'Person', name: 'M' },
    ]);
    for (const performers of [[], undefined])
      expect(JSON.parse(jsonForScript(eventJsonLd({ ...event, performers }, 'https://a.ch')))).not.toHaveProperty(
        'performer',
      );
  });

  it('ne peut pas fermer la balise script qui le contient', () => {
    expect(jsonForScript(eventJsonLd(event, 'https://a.ch'))).not.toContain('</script>');
    const text = jsonForScript({ title: 'Rock & blues </script><!-- >', n: 1 });
    expect(text).toBe('{"title":"Rock \\u0026 blues \\u003c/script\\u003e\\u003c!-- \\u003e","n":1}');
    expect(JSON.parse(text)).toEqual({ title: 'Rock & blues </script><!-- >', n: 1 });
    expect(jsonForScript({ title: 'Sans rien à échapper' })).toBe('{"title":"Sans rien à échapper"}');
  });
});
