// Places to book (issue 73, decision 168): an event, or one date of a series, may open registration — a number of
// places, an optional closing time, an optional waiting list, a limit per registration and up to three short
// questions. A visitor registers without an account; the places are counted in people. Shared by the browser (the
// forms' constraints, the words shown) and the server (the store's decision); the forms' parse is the server's
// (registration-schema.ts), so that no page carries zod for it.

export const REGISTRATION_LIMITS = {
  places: { min: 1, max: 10_000 },
  perPerson: { min: 1, max: 20, default: 4 },
  questions: 3,
  question: { max: 120 },
  answer: { max: 200 },
  name: { min: 2, max: 100 },
  email: { max: 254 },
  /** A message of the organizer to those registered. */
  message: { min: 10, max: 2_000 },
} as const;

/** What the organizer sets for one date: the places, until when, the waiting list, the limit, the questions. */
export interface RegistrationSettings {
  places: number;
  /** ISO instant after which nobody registers any more; null: until the date starts. */
  closesAt: string | null;
  waitingList: boolean;
  perPerson: number;
  questions: string[];
}

/** One date's registration: its settings, whether the organizer closed it, and its counts (in people). */
export interface RegistrationOpening extends RegistrationSettings {
  eventId: string;
  /** The date's start (ISO), as in the event's dates. */
  startsAt: string;
  closed: boolean;
  confirmed: number;
  waiting: number;
  /** When the reminder of the day before went out; null before. */
  remindedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type RegistrationStatus = 'confirmed' | 'waiting' | 'cancelled';

export interface Registration {
  id: string;
  eventId: string;
  startsAt: string;
  name: string;
  email: string;
  people: number;
  answers: string[];
  status: RegistrationStatus;
  /** The SHA-256 of the cancel link's token: the link is mailed, never stored. */
  tokenHash: string;
  /** Its place in the date's order (the waiting list's, promotions follow it). */
  seq: number;
  createdAt: string;
  updatedAt: string;
}

export type Availability =
  | { kind: 'open'; remaining: number }
  | { kind: 'few'; remaining: number }
  | { kind: 'waiting-list' }
  | { kind: 'full' }
  | { kind: 'closed' };

/** At or below this many places left (once some are taken), the words say so: « Plus que 3 places ». */
export const FEW_PLACES = 3;

/** Whether this date takes registrations at `now`: open, not closed by hand, before its closing time and its start. */
export function isRegistrationOpen(opening: RegistrationOpening, now: Date): boolean {
  if (opening.closed) return false;
  const until = opening.closesAt ?? opening.startsAt;
  return now.getTime() < Date.parse(until) && now.getTime() < Date.parse(opening.startsAt);
}

export function availabilityOf(opening: RegistrationOpening, now: Date): Availability {
  if (!isRegistrationOpen(opening, now)) return { kind: 'closed' };
  const remaining = Math.max(0, opening.places - opening.confirmed);
  if (remaining === 0) return opening.waitingList ? { kind: 'waiting-list' } : { kind: 'full' };
  // A small date that nobody has booked yet says its number plainly: « 2 places », not « Plus que 2 places ».
  const few = remaining <= FEW_PLACES && remaining < opening.places;
  return few ? { kind: 'few', remaining } : { kind: 'open', remaining };
}

/** The words of the card, the page, the API and the feeds. */
export function availabilityText(availability: Availability): string {
  switch (availability.kind) {
    case 'open':
      return `${availability.remaining}\u00a0places`;
    case 'few':
      return availability.remaining === 1 ? 'Plus qu’une place' : `Plus que ${availability.remaining}\u00a0places`;
    case 'waiting-list':
      return 'Complet — liste d’attente';
    case 'full':
      return 'Complet';
    case 'closed':
      return 'Inscriptions closes';
  }
}

/** « Inscription : Plus que 3 places »: the line of a feed's item or calendar entry; null when the date opens none. */
export const registrationLine = (availability: Availability | null): string | null =>
  availability ? `Inscription\u00a0: ${availabilityText(availability)}` : null;

/** schema.org's words for the JSON-LD offer. */
export function schemaAvailability(availability: Availability): string {
  switch (availability.kind) {
    case 'open':
      return 'https://schema.org/InStock';
    case 'few':
      return 'https://schema.org/LimitedAvailability';
    case 'waiting-list':
    case 'full':
      return 'https://schema.org/SoldOut';
    case 'closed':
      return 'https://schema.org/Discontinued';
  }
}

/** How a registration of `people` goes in: confirmed if it fits, otherwise on the waiting list, or refused. */
export function placeFor(
  opening: Pick<RegistrationOpening, 'places' | 'confirmed' | 'waitingList'>,
  people: number,
): 'confirmed' | 'waiting' | 'full' {
  if (opening.confirmed + people <= opening.places) return 'confirmed';
  return opening.waitingList ? 'waiting' : 'full';
}

/**
 * The waiting registrations that get a place, in their order: the first ones while each fits in what is free (the
 * order is kept: a large group first in line is not passed by a smaller one behind it).
 */
export function promotions<R extends Pick<Registration, 'people' | 'seq'>>(
  opening: Pick<RegistrationOpening, 'places' | 'confirmed'>,
  waiting: readonly R[],
): R[] {
  let free = opening.places - opening.confirmed;
  const promoted: R[] = [];
  for (const r of [...waiting].sort((a, b) => a.seq - b.seq)) {
    if (r.people > free) break;
    promoted.push(r);
    free -= r.people;
  }
  return promoted;
}

export const REGISTRATION_MESSAGES = {
  closed: 'Les inscriptions à cette date sont closes.',
  full: 'Cette date est complète.',
  already: 'Cette adresse email est déjà inscrite à cette date.',
  tooMany: (max: number) => `Une inscription compte au plus ${max}\u00a0personnes.`,
  noDate: 'Cette date n’existe pas ou n’ouvre pas d’inscriptions.',
  limited: 'Trop d’inscriptions depuis cette adresse ou pour cet email\u00a0: réessayez dans une heure.',
  unknownLink: 'Ce lien d’annulation ne correspond à aucune inscription en cours.',
} as const;
