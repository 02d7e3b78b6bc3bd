import { describe, expect, it } from 'vitest';
import type { AgendaEvent } from './event';
import { eventJsonLd, jsonForScript } from './event-jsonld';

const event: AgendaEvent = {
  id: 'abc123',
  slug: 'concert',
  title: 'Concert de l’Avent </script>',
  description: 'Chœur et orgue à la cathédrale.',
  category: 'musique',
  startsAt: '2026-12-06T17:00:00+01:00',
  endsAt: '2026-12-06T18:30:00+01:00',
  allDay: false,
  openEnd: false,
  venueName: 'Cathédrale de Lausanne',
  street: 'Place de la Cathédrale',
  postalCode: '1005',
  city: 'Lausanne',
  canton: 'VD',
  lat: 46.5225,
  lng: 6.6355,
  isFree: false,
  priceMin: 20,
  priceMax: 40,
  priceNote: '',
  ticketUrl: 'https://billets.exemple.ch',
  websiteUrl: '',
  organizerName: 'Chœur de la Cité',
  contactEmail: '',
  contactPhone: '',
  image: null,
  accessibility: { wheelchair: true, hearing: false, familyFriendly: false },
  status: 'approved',
  rejectionReason: '',
  featured: false,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  submittedAt: '2026-11-01T10:00:00Z',
  moderatedBy: null,
  moderatedAt: null,
  previousStatus: null,
  revision: null,
};

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
      offers: { '@type': 'Offer', price: 20, priceCurrency: 'CHF', url: 'https://billets.exemple.ch' },
      organizer: { '@type': 'Organization', name: 'Chœur de la Cité' },
    });
    expect(ld.description).toBeTruthy();
    expect(ld.image[0]).toMatch(/^https:\/\//);
  });

  it('un événement annulé le dit, un gratuit coûte 0 CHF, une journée entière est une date', () => {
    const ld = eventJsonLd({ ...event, status: 'cancelled', isFree: true, allDay: true }, 'https://a.ch');
    expect(ld.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(ld.offers.price).toBe(0);
    expect(ld.startDate).toBe('2026-12-06');
  });

  it('ne peut pas fermer la balise script qui le contient', () => {
    expect(jsonForScript(eventJsonLd(event, 'https://a.ch'))).not.toContain('</script>');
  });
});
