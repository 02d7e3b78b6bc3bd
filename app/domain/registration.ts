// Places to book (issue 73, decision 168): an event, or one date of a series, may open registration — a number of
// places, an optional closing time, an optional waiting list, a limit per registration and up to three short
// questions. A visitor registers without an account; the places are counted in people. Shared by the browser (the
// forms' constraints, the words shown) and the server (the parse, the store's decision).
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

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
  forbidden: 'Seuls l’organisateur et les administrateurs gèrent les inscriptions de cet événement.',
} as const;

const trimmed = z.string({ error: 'Ce champ est obligatoire.' }).trim();
const line = (max: number) =>
  trimmed
    .max(max, `Ce champ ne peut pas dépasser ${max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE);

/** The visitor's form: name, email, how many, and the answers (`answer0`…`answer2`); the date's limit is the store's. */
export const registrationSchema = z.object({
  startsAt: trimmed.min(1, 'Choisissez une date.'),
  name: line(REGISTRATION_LIMITS.name.max)
    .pipe(z.string().min(1, 'Indiquez votre nom.'))
    .pipe(z.string().min(REGISTRATION_LIMITS.name.min, 'Votre nom doit compter au moins 2\u00a0caractères.')),
  email: trimmed
    .min(1, 'Indiquez votre adresse email.')
    .max(REGISTRATION_LIMITS.email.max, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).'),
  people: z.coerce
    .number({ error: 'Indiquez le nombre de personnes.' })
    .int('Indiquez un nombre entier de personnes.')
    .min(1, 'Inscrivez au moins une personne.')
    .max(REGISTRATION_LIMITS.perPerson.max, REGISTRATION_MESSAGES.tooMany(REGISTRATION_LIMITS.perPerson.max)),
  answer0: line(REGISTRATION_LIMITS.answer.max).optional(),
  answer1: line(REGISTRATION_LIMITS.answer.max).optional(),
  answer2: line(REGISTRATION_LIMITS.answer.max).optional(),
});

export type RegistrationInput = z.infer<typeof registrationSchema>;

/** The organizer's form for one date (`waitingList` is a checkbox; questions one per field). */
export const registrationSettingsSchema = z.object({
  startsAt: trimmed.min(1, 'Choisissez une date.'),
  places: z.coerce
    .number({ error: 'Indiquez le nombre de places.' })
    .int('Indiquez un nombre entier de places.')
    .min(REGISTRATION_LIMITS.places.min, 'Ouvrez au moins une place.')
    .max(REGISTRATION_LIMITS.places.max, 'Au plus 10\u00a0000 places.'),
  closesAt: trimmed.optional(),
  waitingList: z.literal('on').optional(),
  perPerson: z.coerce
    .number({ error: 'Indiquez le nombre de personnes par inscription.' })
    .int('Indiquez un nombre entier.')
    .min(1, 'Au moins une personne par inscription.')
    .max(
      REGISTRATION_LIMITS.perPerson.max,
      `Au plus ${REGISTRATION_LIMITS.perPerson.max}\u00a0personnes par inscription.`,
    )
    .default(REGISTRATION_LIMITS.perPerson.default),
  question0: line(REGISTRATION_LIMITS.question.max).optional(),
  question1: line(REGISTRATION_LIMITS.question.max).optional(),
  question2: line(REGISTRATION_LIMITS.question.max).optional(),
});

export type RegistrationSettingsInput = z.infer<typeof registrationSettingsSchema>;
