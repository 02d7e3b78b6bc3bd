// Places to book, the organizer's side (decision 168): who may manage an event's registrations is who may manage the
// event (`actorsFor`, the one check of the lifecycle); opening or changing a date's places, closing it, the list of
// those registered, its CSV export, and a bounded message to them through the mail queue.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import { formatDateTime } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { actorsFor } from '~/domain/event-lifecycle';
import { REGISTRATION_LIMITS, type Registration, type RegistrationOpening } from '~/domain/registration';
import { registrationSettingsSchema } from '~/domain/registration-schema';
import { zurichIso, zurichOffsetIso } from '~/domain/zurich-iso';
import { createLimiter } from '../platform/limiter';
import { once } from '../platform/once';
import { UseCaseError } from '../platform/use-case-error';
import type { UserProfile } from '../ports';
import { organizerMessageMail, promotedMail } from './mails';
import type { RegistrationDeps } from './registrations';

export const ORGANIZER_MESSAGES = {
  notADate: 'Cette date ne fait pas partie de l’événement, ou elle est passée.',
  notFound: 'Cet événement n’existe pas.',
  closesAt: 'La clôture se note comme 2030-03-20T18:00.',
  closesAfter: (startsAt: string) =>
    `La clôture doit tomber avant le début de la date (${formatDateTime(startsAt)})\u00a0: choisissez une heure plus tôt.`,
  closesPast:
    'Cette clôture est déjà passée\u00a0: choisissez une heure à venir, ou laissez le champ vide (clôture au début).',
  message: `Le message compte de ${REGISTRATION_LIMITS.message.min} à ${REGISTRATION_LIMITS.message.max}\u00a0caractères.`,
  tooManyMessages: 'Trois messages par jour au plus pour une date\u00a0: réessayez demain.',
  nobody: 'Personne n’est inscrit à cette date.',
  belowConfirmed: (confirmed: number) =>
    confirmed === 1
      ? 'Une personne est déjà confirmée pour cette date\u00a0: gardez au moins 1\u00a0place.'
      : `${confirmed}\u00a0personnes sont déjà confirmées pour cette date\u00a0: gardez au moins ${confirmed}\u00a0places.`,
} as const;

/**
 * The event, if this account may manage its registrations (the same check as for managing the event). Someone else's
 * event is « not found », as on the event's own organizer screens: its list of registrants is nobody else's business.
 */
export async function managedEvent({ store }: Pick<RegistrationDeps, 'store'>, user: UserProfile, eventId: string) {
  const event = await store.events.findById(eventId);
  if (!event || actorsFor(user, event).length === 0) throw new UseCaseError(ORGANIZER_MESSAGES.notFound, 'form', 404);
  return event;
}

/** The dates of the event still to come (at most 60), the ones that can open registration. */
export function datesToOpen(event: AgendaEvent, now: Date): string[] {
  return occurrencesOf(event)
    .map((o) => o.startsAt)
    .filter((startsAt) => Date.parse(startsAt) > now.getTime())
    .slice(0, 60);
}

/** The organizer's page: each date to come, its registration if open, and those registered. */
export async function registrationsPage(deps: RegistrationDeps, user: UserProfile, eventId: string, now: Date) {
  const event = await managedEvent(deps, user, eventId);
  const openings = await deps.store.registrations.openings(event.id);
  const registrations = await deps.store.registrations.list(event.id, null);
  const dates = [...new Set([...datesToOpen(event, now), ...openings.map((o) => o.startsAt)])].sort();
  return {
    event: { id: event.id, title: event.title },
    dates: dates.map((startsAt) => ({
      startsAt,
      opening: openings.find((o) => o.startsAt === startsAt) ?? null,
      registrations: registrations.filter((r) => r.startsAt === startsAt),
    })),
  };
}

/** Opens or changes a date's registration from the form's values; more places promote the waiting ones (mailed). */
export async function openRegistration(
  deps: RegistrationDeps,
  user: UserProfile,
  eventId: string,
  values: Record<string, string>,
  now: Date = new Date(),
): Promise<RegistrationOpening> {
  const event = await managedEvent(deps, user, eventId);
  const parsed = registrationSettingsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UseCaseError(issue.message, String(issue.path[0] ?? 'form'));
  }
  const input = parsed.data;
  if (!datesToOpen(event, now).includes(input.startsAt))
    throw new UseCaseError(ORGANIZER_MESSAGES.notADate, 'startsAt');
  let closesAt: string | null = null;
  if (input.closesAt) {
    const [day, time] = input.closesAt.split('T');
    closesAt = /^\d{4}-\d{2}-\d{2}$/.test(day ?? '') && /^\d{2}:\d{2}$/.test(time ?? '') ? zurichIso(day, time) : '';
    const instant = closesAt ? Date.parse(closesAt) : Number.NaN;
    // Instants compared, not their texts (Zurich's offset against UTC): a closing at 17:30 Zurich is before 17:00 UTC.
    if (Number.isNaN(instant)) throw new UseCaseError(ORGANIZER_MESSAGES.closesAt, 'closesAt');
    if (instant > Date.parse(input.startsAt))
      throw new UseCaseError(ORGANIZER_MESSAGES.closesAfter(input.startsAt), 'closesAt');
    // Past, it would close the date at once; kept as it was, it may stay (the form shows it again on every change).
    const kept = (await deps.store.registrations.opening(event.id, input.startsAt))?.closesAt;
    if (instant <= now.getTime() && (!kept || Date.parse(kept) !== instant))
      throw new UseCaseError(ORGANIZER_MESSAGES.closesPast, 'closesAt');
  }
  const questions = [input.question0, input.question1, input.question2].filter((q): q is string => Boolean(q));
  const opened = await deps.store.registrations.open(
    { eventId: event.id, startsAt: input.startsAt },
    { places: input.places, closesAt, waitingList: input.waitingList === 'on', perPerson: input.perPerson, questions },
    now.toISOString(),
    (promoted) => promoted.map((r) => promotedMail(deps.config, event.title, r)),
  );
  // Fewer places than people confirmed: refused by the store, in the transaction that would have written them.
  if ('belowConfirmed' in opened)
    throw new UseCaseError(ORGANIZER_MESSAGES.belowConfirmed(opened.belowConfirmed), 'places');
  deps.jobs?.wake('mails');
  return opened.opening;
}

/** Closes (or reopens) a date's registration by hand. */
export async function closeRegistration(
  deps: RegistrationDeps,
  user: UserProfile,
  input: { eventId: string; startsAt: string; closed: boolean },
  now: Date = new Date(),
): Promise<void> {
  const event = await managedEvent(deps, user, input.eventId);
  const done = await deps.store.registrations.setClosed(
    { eventId: event.id, startsAt: input.startsAt },
    input.closed,
    now.toISOString(),
  );
  if (!done) throw new UseCaseError(ORGANIZER_MESSAGES.notADate, 'startsAt', 404);
}

/** A cell a spreadsheet reads as text: quoted, and never a formula (`=`, `+`, `-`, `@`, tab, return first). */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const STATUS_WORDS: Record<Registration['status'], string> = {
  confirmed: 'confirmée',
  waiting: 'liste d’attente',
  cancelled: 'annulée',
};

/**
 * The list of registrants as a CSV that opens right in a spreadsheet of Swiss French settings: UTF-8 with its BOM, `;`
 * between cells, CRLF between rows, every cell quoted and guarded against formulas. One date's list, or, without a
 * date, every date's (a « Date » column first, each question once in its own column), for a series or a workshop
 * given twice. Times are Zurich's wall clock.
 */
export async function registrationsCsv(deps: RegistrationDeps, user: UserProfile, eventId: string, startsAt: string) {
  const event = await managedEvent(deps, user, eventId);
  const openings = startsAt
    ? [await deps.store.registrations.opening(event.id, startsAt)].filter((o) => o !== null)
    : await deps.store.registrations.openings(event.id);
  if (startsAt && openings.length === 0) throw new UseCaseError(ORGANIZER_MESSAGES.notADate, 'startsAt', 404);
  const list = await deps.store.registrations.list(event.id, startsAt || null);
  const questions = [...new Set(openings.flatMap((o) => o.questions))];
  const wallClock = (instant: string) => zurichOffsetIso(instant).slice(0, 16).replace('T', ' ');
  const header = [...(startsAt ? [] : ['Date']), 'Nom', 'Email', 'Personnes', 'Statut', 'Inscrit le', ...questions];
  const rows = list
    .toSorted((a, b) => a.startsAt.localeCompare(b.startsAt))
    .map((r) => {
      const asked = openings.find((o) => o.startsAt === r.startsAt)?.questions ?? [];
      return [
        ...(startsAt ? [] : [wallClock(r.startsAt)]),
        r.name,
        r.email,
        r.people,
        STATUS_WORDS[r.status],
        wallClock(r.createdAt),
        ...questions.map((q) => r.answers[asked.indexOf(q)] ?? ''),
      ];
    });
  const body = [header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n');
  const day = startsAt ? startsAt.slice(0, 10) : 'toutes-les-dates';
  return { csv: `\ufeff${body}\r\n`, filename: `inscriptions-${event.id}-${day}.csv` };
}

export const MESSAGES_PER_DATE_DAY = 3;
const perDate = once(() =>
  createLimiter({ points: MESSAGES_PER_DATE_DAY, duration: 24 * 60 * 60, keyPrefix: 'registration-message' }),
);

/** Writes to those registered to a date (confirmed and waiting), one mail each, a few times a day at most. */
export async function messageRegistrants(
  deps: RegistrationDeps,
  user: UserProfile,
  input: { eventId: string; startsAt: string; message: string },
): Promise<number> {
  const event = await managedEvent(deps, user, input.eventId);
  const message = input.message.trim();
  const { min, max } = REGISTRATION_LIMITS.message;
  if (message.length < min || message.length > max) throw new UseCaseError(ORGANIZER_MESSAGES.message, 'message');
  const list = await deps.store.registrations.list(event.id, input.startsAt, ['confirmed', 'waiting']);
  if (list.length === 0) throw new UseCaseError(ORGANIZER_MESSAGES.nobody, 'message', 409);
  try {
    await perDate().consume(`${event.id}\n${input.startsAt}`);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new UseCaseError(ORGANIZER_MESSAGES.tooManyMessages, 'message', 429);
    throw error;
  }
  for (const r of list)
    await deps.store.mails.enqueue(organizerMessageMail(deps.config, event.title, r, message, user.email));
  deps.jobs?.wake('mails');
  return list.length;
}
