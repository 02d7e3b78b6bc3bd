// Demo series (issue 20, decision 041): a weekly market, a monthly ciné-club, a theatre run, an exhibition with
// opening hours, and a weekly lunch with one cancelled date. Dated relative to today, like the other demo events.
import { addDaysToDate } from '~/domain/dates';
import type { Schedule } from '~/domain/schedule';
import type { SeedEventSpec } from './demo-data';

/** A demo series: the event's fields, its schedule from the first day on, and the dates cancelled (their rank). */
export interface SeedSeriesSpec extends Omit<SeedEventSpec, 'start' | 'end'> {
  schedule: (firstDay: string) => Schedule;
  cancelled?: number[];
}

const common = {
  priceNote: '',
  ticketUrl: '',
  contactPhone: '',
  accessibility: { wheelchair: true, hearing: false, familyFriendly: true },
};

/** 24 and 25 December and 1 January between two days (YYYY-MM-DD), in order. */
function holidaysWithin(from: string, to: string): string[] {
  const years = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  const days = [...new Set(years)].flatMap((y) => [`${y}-01-01`, `${y}-12-24`, `${y}-12-25`]);
  return days.filter((d) => d >= from && d <= to).sort();
}

export const SEED_SERIES: readonly SeedSeriesSpec[] = [
  {
    ...common,
    key: 'serie-marche-vevey',
    title: 'Marché du samedi à Vevey',
    description:
      'Chaque samedi matin, la place du Marché accueille maraîchers, fromagers et vignerons de la Riviera\u00a0: fruits et légumes de saison, pain au levain, fleurs coupées et café sous les platanes. Un rendez-vous des familles depuis plus d’un siècle.',
    category: 'marches-brocantes',
    dayOffset: 1,
    venueName: 'Place du Marché',
    street: 'Place du Marché',
    postalCode: '1800',
    city: 'Vevey',
    canton: 'VD',
    lat: 46.4612,
    lng: 6.8431,
    isFree: true,
    priceMin: null,
    priceMax: null,
    websiteUrl: 'https://www.marche-vevey-demo.ch',
    organizerName: 'Commune de Vevey',
    contactEmail: 'marche@vevey-demo.ch',
    schedule: (day) => ({
      kind: 'rule',
      firstDate: day,
      start: '07:30',
      end: '12:30',
      freq: 'weekly',
      interval: 1,
      byDay: ['SA'],
      monthly: null,
      until: '',
      count: 26,
      exclude: [],
    }),
  },
  {
    ...common,
    key: 'serie-cine-club-delemont',
    title: 'Ciné-club du premier jeudi',
    description:
      'Le premier jeudi de chaque mois, le ciné-club projette un classique en version originale sous-titrée, présenté par un membre de l’association et suivi d’une discussion autour d’un verre au foyer du cinéma.',
    category: 'divertissement-audiovisuel',
    dayOffset: 1,
    venueName: 'Cinéma La Grange',
    street: 'Rue de l’Avenir 2',
    postalCode: '2800',
    city: 'Delémont',
    canton: 'JU',
    lat: 47.3649,
    lng: 7.3445,
    isFree: false,
    priceMin: 12,
    priceMax: 15,
    websiteUrl: 'https://www.cine-club-jura-demo.ch',
    organizerName: 'Ciné-club jurassien',
    contactEmail: 'info@cine-club-jura-demo.ch',
    schedule: (day) => ({
      kind: 'rule',
      firstDate: day,
      start: '20:15',
      end: '22:30',
      freq: 'monthly',
      interval: 1,
      byDay: [],
      monthly: { mode: 'weekday', nth: 1, weekday: 'TH' },
      until: '',
      count: 10,
      exclude: [],
    }),
  },
  {
    ...common,
    key: 'serie-theatre-fribourg',
    title: 'Le Misanthrope au Théâtre des Osses',
    description:
      'La compagnie des Osses reprend Le Misanthrope de Molière dans une mise en scène dépouillée, en costumes contemporains. Six représentations, dont une matinée le dimanche. Spectacle en français, durée 2 h 15 avec entracte.',
    category: 'spectacles',
    dayOffset: 9,
    venueName: 'Théâtre des Osses',
    street: 'Rue Jean-Prouvé 4',
    postalCode: '1762',
    city: 'Givisiez',
    canton: 'FR',
    lat: 46.8126,
    lng: 7.1259,
    isFree: false,
    priceMin: 25,
    priceMax: 45,
    websiteUrl: 'https://www.theatre-osses-demo.ch',
    organizerName: 'Théâtre des Osses',
    contactEmail: 'billetterie@theatre-osses-demo.ch',
    schedule: (day) => ({
      kind: 'dates',
      dates: [
        { date: day, start: '20:00', end: '22:15' },
        { date: addDaysToDate(day, 1), start: '20:00', end: '22:15' },
        { date: addDaysToDate(day, 2), start: '17:00', end: '19:15' },
        { date: addDaysToDate(day, 5), start: '20:00', end: '22:15' },
        { date: addDaysToDate(day, 6), start: '20:00', end: '22:15' },
        { date: addDaysToDate(day, 7), start: '20:00', end: '22:15' },
      ],
    }),
  },
  {
    ...common,
    key: 'serie-exposition-neuchatel',
    title: 'Exposition «\u00a0Horlogers du Jura\u00a0»',
    description:
      'Trois siècles de savoir-faire horloger, des cabinotiers aux manufactures\u00a0: outils, établis reconstitués, montres de poche et mouvements animés. Visites commentées le dimanche à 14:00. Ouvert du mardi au dimanche, nocturne le jeudi.',
    category: 'expos-musees',
    dayOffset: -10,
    venueName: 'Musée d’art et d’histoire',
    street: 'Esplanade Léopold-Robert 1',
    postalCode: '2000',
    city: 'Neuchâtel',
    canton: 'NE',
    lat: 46.9903,
    lng: 6.9339,
    isFree: false,
    priceMin: 8,
    priceMax: 15,
    websiteUrl: 'https://www.mahn-demo.ch',
    organizerName: 'Musée d’art et d’histoire de Neuchâtel',
    contactEmail: 'mahn@neuchatel-demo.ch',
    schedule: (day) => ({
      kind: 'period',
      from: day,
      to: addDaysToDate(day, 100),
      hours: {
        TU: { open: '10:00', close: '18:00' },
        WE: { open: '10:00', close: '18:00' },
        TH: { open: '10:00', close: '20:00' },
        FR: { open: '10:00', close: '18:00' },
        SA: { open: '10:00', close: '18:00' },
        SU: { open: '10:00', close: '18:00' },
      },
      // Closed on Christmas Eve, Christmas and New Year's Day when the period holds them.
      closed: holidaysWithin(day, addDaysToDate(day, 100)),
    }),
  },
  {
    ...common,
    key: 'serie-soupe-sion',
    title: 'Soupe populaire du mercredi',
    description:
      'Chaque mercredi à midi, les bénévoles de la paroisse servent une soupe maison, du pain et un dessert, à prix libre. Une table ouverte à toutes et à tous, pour partager un repas chaud et un moment de conversation.',
    category: 'vie-locale',
    dayOffset: 1,
    venueName: 'Salle paroissiale du Sacré-Cœur',
    street: 'Rue du Sacré-Cœur 3',
    postalCode: '1950',
    city: 'Sion',
    canton: 'VS',
    lat: 46.2296,
    lng: 7.3603,
    isFree: true,
    priceMin: null,
    priceMax: null,
    websiteUrl: '',
    organizerName: 'Paroisse du Sacré-Cœur',
    contactEmail: 'soupe@paroisse-sion-demo.ch',
    schedule: (day) => ({
      kind: 'rule',
      firstDate: day,
      start: '12:00',
      end: '13:30',
      freq: 'weekly',
      interval: 1,
      byDay: ['WE'],
      monthly: null,
      until: '',
      count: 12,
      exclude: [],
    }),
    // The third Wednesday is cancelled (the hall is taken): « annulé » on that date only.
    cancelled: [2],
  },
];
