// Test data, typed against the domain and the ports: valid by default (a concert in Neuchâtel two weeks ahead, in
// Europe/Zurich), each test overriding only what it is about. Ids count up per process, so unit tests stay
// deterministic; end-to-end fixtures pass ids of their own (several workers share one store).
import type { Donation, Role, Store, UserProfile } from '../../app/.server/ports';
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import type { Alert } from '../../app/domain/alert';
import type { Category } from '../../app/domain/categories';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import type { AgendaEvent } from '../../app/domain/event';
import type { Partner } from '../../app/domain/partner';
import { NO_VENUE_ACCESSIBILITY, type Organizer, type Venue } from '../../app/domain/place';
import { type Schedule, type SchedulePeriod, type ScheduleRule, WEEKDAYS } from '../../app/domain/schedule';
import type { SchoolHolidayFields } from '../../app/domain/school-holidays';
import { slugify } from '../../app/domain/slug';

/** What factories date things from: `now` (a test's fixed instant), or the real time when none is given. */
export interface FactoryOptions {
  now?: Date;
}

const counters = new Map<string, number>();
/** `prefix` followed by a number counting up in this process, padded to `length` characters. */
export function nextId(prefix: string, length = 12): string {
  const n = (counters.get(prefix) ?? 0) + 1;
  counters.set(prefix, n);
  return `${prefix}${String(n).padStart(length - prefix.length, '0')}`;
}

/** A Zurich calendar date (YYYY-MM-DD) some days after `now`. */
export function zurichDateIn(days: number, now: Date = new Date()): string {
  return addDaysToDate(zurichToday(now), days);
}

/** makeEvent with its dates from `schedule` (a series or a period): its first start and its last end. */
export function makeSeriesEvent(
  schedule: Schedule,
  overrides: Partial<AgendaEvent> = {},
  options: FactoryOptions = {},
): AgendaEvent {
  const span = scheduleSpan(schedule);
  if (!span) throw new Error('série vide');
  return makeEvent({ schedule, ...span, ...overrides }, options);
}

/** A published concert in Neuchâtel, 14 days after `now`, 19:30–21:30 in Zurich. */
export function makeEvent(
  overrides: Partial<AgendaEvent> = {},
  { now = new Date() }: FactoryOptions = {},
): AgendaEvent {
  const id = overrides.id ?? nextId('ev');
  const day = zurichDateIn(14, now);
  const title = overrides.title ?? 'Concert de printemps';
  const at = now.toISOString();
  return {
    id,
    slug: slugify(title),
    title,
    description: 'Une soirée de musique de chambre avec un programme varié et des artistes de la région.',
    performers: [],
    category: 'musique',
    startsAt: zurichIso(day, '19:30'),
    endsAt: zurichIso(day, '21:30'),
    allDay: false,
    openEnd: false,
    venueName: 'Salle communale',
    street: 'Rue du Temple 1',
    postalCode: '2000',
    city: 'Neuchâtel',
    canton: 'NE',
    lat: 46.99,
    lng: 6.93,
    isFree: false,
    priceMin: 10,
    priceMax: 20,
    priceNote: '',
    ticketUrl: '',
    websiteUrl: '',
    organizerName: 'Association Musique Vivante',
    contactEmail: 'info@exemple.ch',
    contactPhone: '',
    image: null,
    accessibility: { wheelchair: false, hearing: false, familyFriendly: false },
    status: 'approved',
    rejectionReason: '',
    featured: false,
    createdBy: null,
    createdAt: at,
    updatedAt: at,
    submittedAt: at,
    moderatedBy: null,
    moderatedAt: null,
    pendingChanges: [],
    previousStatus: null,
    refusedByAdmin: false,
    cancelledByAdmin: false,
    revision: null,
    schedule: null,
    cancelledDates: [],
    icalSequence: 0,
    weatherDependent: false,
    dayStatuses: [],
    ...overrides,
  };
}

/** The fields of the submit-event form as a browser posts them (strings): a concert in Saint-Imier in 20 days. */
export function makeEventForm(
  overrides: Record<string, string> = {},
  { now = new Date() }: FactoryOptions = {},
): Record<string, string> {
  return {
    title: 'Concert de l’Avent',
    description: 'Un concert de chœurs romands, avec un programme de Noël et un vin chaud offert à la sortie.',
    category: 'musique',
    startDate: zurichDateIn(20, now),
    startTime: '19:30',
    endDate: '',
    endTime: '21:30',
    venueName: 'Temple de Saint-Imier',
    street: '',
    postalCode: '2610',
    city: 'Saint-Imier',
    canton: 'BE',
    lat: '',
    lng: '',
    priceMin: '15',
    priceMax: '25',
    isFree: '',
    organizerName: 'Chœur de la Cité',
    ...overrides,
  };
}

/** An organizer's profile, email verified, created at `now`. */
export function makeUser(overrides: Partial<UserProfile> = {}, { now = new Date() }: FactoryOptions = {}): UserProfile {
  const uid = overrides.uid ?? nextId('user');
  const at = now.toISOString();
  return {
    uid,
    email: `${uid}@exemple.ch`,
    displayName: `Compte ${uid}`,
    role: 'organizer',
    createdAt: at,
    updatedAt: at,
    supported: false,
    photoURL: null,
    emailVerified: true,
    disabled: false,
    trusted: false,
    ...overrides,
  };
}

/** Writes a profile made by makeUser into a store (with a placeholder password hash) and returns it as stored. */
export async function storeUser(
  store: Store,
  overrides: Partial<UserProfile> = {},
  options: FactoryOptions & { passwordHash?: string | null } = {},
): Promise<UserProfile> {
  const user = makeUser(overrides, options);
  return store.users.upsert({
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    role: user.role as Role,
    passwordHash: options.passwordHash === undefined ? `hash-${user.uid}` : options.passwordHash,
    emailVerified: user.emailVerified,
    now: user.createdAt,
  });
}

/** A category an admin would add: after the twelve of docs/specification.md §2, active. */
export function makeCategory(overrides: Partial<Category> = {}): Category {
  return {
    slug: 'jeux-de-societe',
    label: 'Jeux de société',
    description: 'Soirées jeux, tournois et ludothèques.',
    color: '#3d4a5c',
    order: 13,
    active: true,
    ...overrides,
  };
}

/** An active partner without a logo; its slug follows its name. */
export function makePartner(overrides: Partial<Partner> = {}): Partner {
  const id = overrides.id ?? nextId('pa');
  const name = overrides.name ?? `Partenaire ${id}`;
  return {
    id,
    slug: slugify(name),
    name,
    kind: 'partenaire',
    description: '',
    logo: null,
    websiteUrl: 'https://exemple.ch',
    order: 1,
    active: true,
    ...overrides,
  };
}

/** A card donation of CHF 25 confirmed by Stripe, anonymous, at `now`. */
export function makeDonation(overrides: Partial<Donation> = {}, { now = new Date() }: FactoryOptions = {}): Donation {
  const id = overrides.id ?? nextId('don');
  return {
    id,
    uid: null,
    amount: 25,
    currency: 'CHF',
    provider: 'stripe',
    providerRef: `cs_test_${id}`,
    status: 'paid',
    publicName: null,
    createdAt: now.toISOString(),
    ...overrides,
  };
}

type RuleOverrides = Partial<ScheduleRule> & Pick<ScheduleRule, 'firstDate'>;

/**
 * A recurrence rule every week on one day, with no end given (tests set `until` or `count`, as a saved rule must have
 * one), no excluded date.
 */
function weekly(
  day: ScheduleRule['byDay'][number],
  start: string,
  end: string,
  overrides: RuleOverrides,
): ScheduleRule {
  return {
    kind: 'rule',
    start,
    end,
    freq: 'weekly',
    interval: 1,
    byDay: [day],
    monthly: null,
    until: '',
    count: null,
    exclude: [],
    ...overrides,
  };
}

/** A Saturday market, 08:00–12:00 every week (a rule as `weekly` makes it). */
export const makeSaturdayMarket = (overrides: RuleOverrides) => weekly('SA', '08:00', '12:00', overrides);

/** A salsa class every Tuesday 18:30–20:00 (issue 33; a rule as `weekly` makes it). */
export const makeTuesdayClass = (overrides: RuleOverrides) => weekly('TU', '18:30', '20:00', overrides);

/** An exhibition open Tuesday 10:00–18:00 and Sunday 11:00–17:00, from `from` to `to`, closed on `closed`. */
export const makeExhibition = (dates: Pick<SchedulePeriod, 'from' | 'to' | 'closed'>): SchedulePeriod => ({
  kind: 'period',
  hours: { TU: { open: '10:00', close: '18:00' }, SU: { open: '11:00', close: '17:00' } },
  ...dates,
});

/** An approved venue in Neuchâtel (the default event's hall), slug from its name. */
export function makeVenue(overrides: Partial<Venue> = {}, { now = new Date() }: FactoryOptions = {}): Venue {
  const name = overrides.name ?? 'Salle communale';
  const at = now.toISOString();
  return {
    id: nextId('lieu'),
    slug: slugify(`${name} ${overrides.locality ?? 'Neuchâtel'}`),
    name,
    street: 'Rue du Temple 1',
    postalCode: '2000',
    locality: 'Neuchâtel',
    canton: 'NE',
    lat: 46.99,
    lng: 6.93,
    website: '',
    photo: null,
    stop: 'Neuchâtel, Place Pury',
    accessibility: { ...NO_VENUE_ACCESSIBILITY },
    description: '',
    status: 'approved',
    redirectFrom: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** An approved organizer without an account, slug from its name. */
export function makeOrganizer(
  overrides: Partial<Organizer> = {},
  { now = new Date() }: FactoryOptions = {},
): Organizer {
  const name = overrides.name ?? 'Association Musique Vivante';
  const at = now.toISOString();
  return {
    id: nextId('orga'),
    slug: slugify(name),
    name,
    description: '',
    website: '',
    logo: null,
    status: 'approved',
    accountUids: [],
    redirectFrom: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** An alert confirmed at `confirmedAt`, sent daily, nothing sent yet, for the filter given. */
export function makeActiveAlert(filter: string, confirmedAt: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'a1',
    email: 'ada@example.ch',
    filter,
    rhythm: 'daily',
    status: 'active',
    tokenHash: 'h',
    createdAt: confirmedAt,
    updatedAt: confirmedAt,
    confirmedAt,
    lastDigestAt: null,
    sentEventIds: [],
    ...overrides,
  };
}

/** The autumn school holidays of Vaud, 12–27 October 2030, confirmed against the canton's site. */
export function makeAutumnHolidays(overrides: Partial<SchoolHolidayFields> = {}): SchoolHolidayFields {
  return {
    canton: 'VD',
    label: 'Vacances d’automne',
    firstDay: '2030-10-12',
    lastDay: '2030-10-27',
    sourceUrl: 'https://www.vd.ch/',
    confirmed: true,
    ...overrides,
  };
}

/**
 * The schedule fields of the event form for an exhibition: from the day after `today` for 90 days, Tuesday to Sunday
 * 10:00–18:00, « Mêmes horaires chaque jour d’ouverture » ticked.
 */
export function exhibitionFormFields(today: string): Record<string, string> {
  return {
    scheduleKind: 'period',
    startDate: addDaysToDate(today, 1),
    endDate: addDaysToDate(today, 90),
    periodSameHours: 'on',
    ...Object.fromEntries(WEEKDAYS.slice(1).map((d) => [`periodDay${d}`, 'on'])),
    periodOpen: '10:00',
    periodClose: '18:00',
  };
}

/** An event's place fields: a hall in Neuchâtel with its position (« y aller », maps, calendars). */
export const FAUBOURG_HALL = {
  venueName: 'Salle du Faubourg',
  street: 'Rue du Faubourg 12',
  postalCode: '2000',
  city: 'Neuchâtel',
  lat: 46.99312,
  lng: 6.93178,
};

/** A venue's accessibility, some of it yes: wheelchair, induction loop, OK:GO. */
export const SOME_ACCESSIBILITY = {
  wheelchair: true,
  inductionLoop: true,
  accessibleToilets: false,
  okGo: true,
  cultureInclusive: false,
};
