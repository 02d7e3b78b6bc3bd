// « Ça a lieu ? » (issue 51): what an organizer says on an event's day — confirmed, cancelled, postponed, moved —
// and when it was said, as the page, the card, the mails and the calendar read it. Pure: no I/O.
import { addDaysToDate, formatCalendarDay, formatShortDate, zurichDay, zurichWallClock } from './dates';

export const DAY_STATUS_KINDS = ['confirmed', 'cancelled', 'postponed', 'moved'] as const;
export type DayStatusKind = (typeof DAY_STATUS_KINDS)[number];

/** The longest note an organizer adds (one or two sentences, read on a phone). */
export const DAY_STATUS_NOTE_MAX = 200;
/** The longest « Déplacé à … » place. */
export const DAY_STATUS_PLACE_MAX = 120;

export interface DayStatus {
  /** The date it speaks of: the occurrence's startsAt (the event's startsAt for one date). */
  startsAt: string;
  kind: DayStatusKind;
  note: string;
  /** « Reporté au … »: the new start, an ISO instant; null otherwise. */
  postponedTo: string | null;
  /** « Déplacé à … »: where, as typed; empty otherwise. */
  movedTo: string;
  /** When it was said (ISO instant), and by whom (uid). */
  saidAt: string;
  saidBy: string;
}

export const DAY_STATUS_LABELS: Record<DayStatusKind, string> = {
  confirmed: 'Confirmé',
  cancelled: 'Annulé',
  postponed: 'Reporté',
  moved: 'Déplacé',
};

/** Said by a « selon la météo » event until its organizer says something on the day. */
export const WEATHER_PENDING = 'Confirmation le jour même';

/**
 * When it was said, always with its day (Zurich): « le sam. 28 nov. à 09:12 ». Never « ce matin » alone: the page is
 * read on another day, kept open, copied or seen in a card, and « ce matin » then names the wrong morning (issue 70).
 */
export function saidWhen(saidAt: string): string {
  const { time } = zurichWallClock(saidAt);
  return `le ${formatShortDate(saidAt)} à\u00a0${time}`;
}

/** « Confirmé », « Annulé », « Reporté au samedi 5 décembre à 14:00 », « Déplacé à la salle communale ». */
export function dayStatusHeadline(status: Pick<DayStatus, 'kind' | 'postponedTo' | 'movedTo'>): string {
  if (status.kind === 'postponed' && status.postponedTo) {
    const { date, time } = zurichWallClock(status.postponedTo);
    return `Reporté au ${formatCalendarDay(date, 'weekday')} à\u00a0${time}`;
  }
  if (status.kind === 'moved' && status.movedTo) return `Déplacé à\u00a0: ${status.movedTo}`;
  return DAY_STATUS_LABELS[status.kind];
}

/** « Confirmé le sam. 28 nov. à 08:12 », « Reporté au samedi 5 décembre à 14:00 — annoncé le sam. 28 nov. à 14:05 ». */
export function dayStatusText(status: DayStatus): string {
  const when = saidWhen(status.saidAt);
  return status.kind === 'confirmed' || status.kind === 'cancelled'
    ? `${DAY_STATUS_LABELS[status.kind]} ${when}`
    : `${dayStatusHeadline(status)} — annoncé ${when}`;
}

/** The status said for this date, if any. */
export function dayStatusOf(statuses: readonly DayStatus[] | undefined, startsAt: string): DayStatus | null {
  return statuses?.find((s) => s.startsAt === startsAt) ?? null;
}

/**
 * Whether a status may be said now for the date starting `startsAt`: from the day before that date to the end of its
 * day (Zurich, midnight to midnight), by its organizer as by an admin — a picnic is called off the evening before
 * (decision 113, issue 70).
 */
export function maySayDayStatus(startsAt: string, now: Date): boolean {
  const day = zurichDay(startsAt);
  const today = zurichDay(now);
  return today === day || today === addDaysToDate(day, -1);
}

export const DAY_STATUS_MESSAGES = {
  kind: 'Choisissez «\u00a0Confirmé\u00a0», «\u00a0Annulé\u00a0», «\u00a0Reporté\u00a0» ou «\u00a0Déplacé\u00a0».',
  note: `La note tient en ${DAY_STATUS_NOTE_MAX}\u00a0caractères au plus.`,
  postponedTo: 'Indiquez la nouvelle date et l’heure, par exemple 2026-12-06 et 14:00.',
  postponedPast: 'La nouvelle date doit être après la date prévue.',
  movedTo: `Indiquez le nouveau lieu (${DAY_STATUS_PLACE_MAX}\u00a0caractères au plus).`,
  notToday: 'Le statut du jour se donne la veille ou le jour même de la date.',
} as const;

export type DayStatusInput = Pick<DayStatus, 'kind' | 'note' | 'postponedTo' | 'movedTo'>;

/** The fields of the form « Ça a lieu ? », as the browser posts them. */
export const DAY_STATUS_FIELDS = ['statut', 'note', 'reportDate', 'reportHeure', 'deplaceA'] as const;

/**
 * Reads the form (browser and server read it the same way): the status to store, or the field in error and its
 * French message. `toIso` turns a Zurich date and time into an instant (zurichIso).
 */
export function readDayStatusForm(
  values: Partial<Record<(typeof DAY_STATUS_FIELDS)[number], string>>,
  startsAt: string,
  toIso: (ymd: string, hm: string) => string,
): { ok: true; value: DayStatusInput } | { ok: false; field: string; message: string } {
  const kind = values.statut as DayStatusKind;
  if (!DAY_STATUS_KINDS.includes(kind)) return { ok: false, field: 'statut', message: DAY_STATUS_MESSAGES.kind };
  const note = (values.note ?? '').trim().replace(/\s+/g, ' ');
  if (note.length > DAY_STATUS_NOTE_MAX) return { ok: false, field: 'note', message: DAY_STATUS_MESSAGES.note };
  let postponedTo: string | null = null;
  let movedTo = '';
  if (kind === 'postponed') {
    const day = (values.reportDate ?? '').trim();
    const time = (values.reportHeure ?? '').trim() || '00:00';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time))
      return { ok: false, field: 'reportDate', message: DAY_STATUS_MESSAGES.postponedTo };
    postponedTo = toIso(day, time);
    if (Number.isNaN(Date.parse(postponedTo)))
      return { ok: false, field: 'reportDate', message: DAY_STATUS_MESSAGES.postponedTo };
    if (Date.parse(postponedTo) <= Date.parse(startsAt))
      return { ok: false, field: 'reportDate', message: DAY_STATUS_MESSAGES.postponedPast };
  }
  if (kind === 'moved') {
    movedTo = (values.deplaceA ?? '').trim().replace(/\s+/g, ' ');
    if (!movedTo || movedTo.length > DAY_STATUS_PLACE_MAX)
      return { ok: false, field: 'deplaceA', message: DAY_STATUS_MESSAGES.movedTo };
  }
  return { ok: true, value: { kind, note, postponedTo, movedTo } };
}
