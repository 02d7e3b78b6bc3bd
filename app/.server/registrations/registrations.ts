// Places to book, the visitor's side (issue 73, decision 168): what a date offers (the words of the card, the page,
// the API, the feeds and the JSON-LD), registering without an account, and cancelling by the mailed link, which
// gives the place to the first waiting ones. Every change is one transaction of the store with its mails.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { zurichDay } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import {
  type Availability,
  availabilityOf,
  availabilityText,
  isRegistrationOpen,
  REGISTRATION_MESSAGES,
  type Registration,
} from '~/domain/registration';
import { registrationSchema } from '~/domain/registration-schema';
import { countEventFigure } from '../analytics/event-figures';
import { stableId } from '../platform/ids';
import { createLimiter } from '../platform/limiter';
import { once } from '../platform/once';
import { UseCaseError } from '../platform/use-case-error';
import type { Store } from '../ports';
import {
  cancelledMail,
  hashRegistrationToken,
  type MailSettings,
  promotedMail,
  registeredMail,
  registrationToken,
} from './mails';

export interface RegistrationDeps {
  store: Store;
  config: MailSettings;
  /** Wakes the job that sends the mails (where this installation runs its jobs). */
  jobs?: { wake(name: string): unknown };
}

/** What a date's registration shows: its words, schema.org's, the places left and the form's needs. */
export interface RegistrationShown {
  startsAt: string;
  availability: Availability;
  text: string;
  open: boolean;
  perPerson: number;
  questions: string[];
}

/** A date's registration as shown at `now`, or null when it opens none. */
export async function registrationShown(
  { store }: { store: Store },
  eventId: string,
  startsAt: string | null,
  now: Date,
): Promise<RegistrationShown | null> {
  if (!startsAt) return null;
  const opening = await store.registrations.opening(eventId, startsAt);
  if (!opening) return null;
  const availability = availabilityOf(opening, now);
  return {
    startsAt,
    availability,
    text: availabilityText(availability),
    open: availability.kind !== 'closed' && availability.kind !== 'full',
    perPerson: opening.perPerson,
    questions: opening.questions,
  };
}

/** What the date an item stands for offers (a card, an API row, a feed item), or null when it opens none. */
export type RegistrationsOf = (event: Pick<AgendaEvent, 'id' | 'startsAt'>) => Availability | null;

/**
 * What each of these events offers at `now`, for the date each stands for (a series' row: its date): the openings of
 * a whole page or feed in one read of the store, never one per card (issue 73).
 */
export async function registrationsOf(
  { store }: { store: Store },
  events: readonly Pick<AgendaEvent, 'id' | 'startsAt'>[],
  now: Date,
): Promise<RegistrationsOf> {
  const keyOf = (eventId: string, startsAt: string) => `${eventId}\n${startsAt}`;
  const openings = await store.registrations.openingsFor(events.map((e) => ({ eventId: e.id, startsAt: e.startsAt })));
  const byKey = new Map(openings.map((o) => [keyOf(o.eventId, o.startsAt), availabilityOf(o, now)]));
  return (event) => byKey.get(keyOf(event.id, event.startsAt)) ?? null;
}

/** Registrations per email and hour, whoever asks from wherever (the guard counts per client address). */
export const REGISTRATIONS_PER_EMAIL_HOUR = 5;
const perEmail = once(() =>
  createLimiter({ points: REGISTRATIONS_PER_EMAIL_HOUR, duration: 60 * 60, keyPrefix: 'registration-email' }),
);

async function withinEmailLimit(email: string): Promise<void> {
  try {
    await perEmail().consume(email.toLowerCase());
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new UseCaseError(REGISTRATION_MESSAGES.limited, 'form', 429);
    throw error;
  }
}

const REFUSALS = {
  'no-opening': [REGISTRATION_MESSAGES.noDate, 'form', 404],
  closed: [REGISTRATION_MESSAGES.closed, 'form', 409],
  full: [REGISTRATION_MESSAGES.full, 'form', 409],
  already: [REGISTRATION_MESSAGES.already, 'email', 409],
  'too-many': [REGISTRATION_MESSAGES.tooMany(1), 'people', 400],
} as const;

/**
 * Registers a visitor to a public event's date from the form's values: confirmed, or waiting when the date is full
 * and keeps a list; the mail says which, with the cancel link. A UseCaseError in French otherwise (nothing stored).
 */
export async function registerForDate(
  deps: RegistrationDeps,
  event: AgendaEvent,
  values: Record<string, string>,
  now: Date = new Date(),
): Promise<Registration> {
  const parsed = registrationSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UseCaseError(issue.message, String(issue.path[0] ?? 'form'));
  }
  const input = parsed.data;
  const opening = await deps.store.registrations.opening(event.id, input.startsAt);
  if (!opening || event.status !== 'approved') throw new UseCaseError(REGISTRATION_MESSAGES.noDate, 'form', 404);
  if (!isRegistrationOpen(opening, now)) throw new UseCaseError(REGISTRATION_MESSAGES.closed, 'form', 409);
  if (input.people > opening.perPerson)
    throw new UseCaseError(REGISTRATION_MESSAGES.tooMany(opening.perPerson), 'people');
  await withinEmailLimit(input.email);
  const answers = opening.questions.map((_, i) => String(input[`answer${i}` as 'answer0'] ?? ''));
  const id = stableId(`${event.id}\n${input.startsAt}\n${input.email.toLowerCase()}`, 24);
  const createdAt = now.toISOString();
  const outcome = await deps.store.registrations.register(
    {
      id,
      eventId: event.id,
      startsAt: input.startsAt,
      name: input.name,
      email: input.email,
      people: input.people,
      answers,
      tokenHash: hashRegistrationToken(registrationToken(deps.config.SESSION_SECRET, { id, createdAt })),
      createdAt,
    },
    createdAt,
    (r) => [registeredMail(deps.config, event.title, r)],
  );
  if (!outcome.ok) {
    const [message, field, status] = REFUSALS[outcome.reason];
    throw new UseCaseError(
      outcome.reason === 'too-many' ? REGISTRATION_MESSAGES.tooMany(opening.perPerson) : message,
      field,
      status,
    );
  }
  deps.jobs?.wake('mails');
  // For its organizers' figures (decision 171): a date of a series as its page's `?date=` says it.
  const day = event.schedule ? zurichDay(input.startsAt) : '';
  await countEventFigure({ store: deps.store, now: () => now }, event, 'registration', day);
  return outcome.registration;
}

/** The registration a cancel link stands for, with its event's title, or null when the link is unknown. */
export async function registrationOfLink({ store }: { store: Store }, token: string) {
  const registration = await store.registrations.findByToken(hashRegistrationToken(token));
  if (!registration) return null;
  const event = await store.events.findById(registration.eventId);
  return { registration, title: event?.title ?? '' };
}

/** Cancels by the mailed link: the places go to the first waiting ones, each told by mail. */
export async function cancelRegistration(deps: RegistrationDeps, token: string, now: Date = new Date()) {
  const found = await registrationOfLink(deps, token);
  if (!found) throw new UseCaseError(REGISTRATION_MESSAGES.unknownLink, 'form', 404);
  const done = await deps.store.registrations.cancel(
    hashRegistrationToken(token),
    now.toISOString(),
    ({ cancelled, promoted }) => [
      cancelledMail(deps.config, found.title, cancelled),
      ...promoted.map((r) => promotedMail(deps.config, found.title, r)),
    ],
  );
  if (!done) throw new UseCaseError(REGISTRATION_MESSAGES.unknownLink, 'form', 404);
  deps.jobs?.wake('mails');
  return { ...done, title: found.title };
}

/** The panel of an event's page for the date it shows (a single date: its own), when it is public and opens one. */
export async function registrationPanel(
  deps: { store: Store },
  event: AgendaEvent,
  shownStartsAt: string | null,
  now: Date,
) {
  if (event.status !== 'approved') return null;
  const shown = await registrationShown(deps, event.id, shownStartsAt ?? (event.schedule ? null : event.startsAt), now);
  return shown ? { ...shown, kind: shown.availability.kind } : null;
}
