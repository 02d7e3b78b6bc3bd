// The store port of places to book (issue 73, decision 168): one opening per (event, date) with its counts, and the
// registrations of that date. Every change of a date's counts is one transaction over its opening (SQLite: the write
// lock; Firestore: a transaction on the opening's document), so that 200 visitors at once for 50 places give exactly
// 50 confirmed and 150 waiting, on every instance. The mails a change brings are written in the same transaction.
import type {
  Registration,
  RegistrationOpening,
  RegistrationSettings,
  RegistrationStatus,
} from '~/domain/registration';
import type { NewMail } from './mail';

export type NewRegistration = Pick<
  Registration,
  'id' | 'eventId' | 'startsAt' | 'name' | 'email' | 'people' | 'answers' | 'tokenHash' | 'createdAt'
>;

export type RegisterOutcome =
  | { ok: true; registration: Registration }
  | { ok: false; reason: 'no-opening' | 'closed' | 'full' | 'already' | 'too-many' };

/** The mails of a change, written with it: given what the change did, the mails it brings. */
export type MailsOf<T> = (done: T) => NewMail[];

export interface RegistrationStore {
  /**
   * Opens (or changes) a date's registration, counts kept; more places (or no more waiting list) promote the waiting
   * registrations that now fit, returned. Fewer places than the people already confirmed: nothing written, and how
   * many are (`belowConfirmed`), read in the same transaction as the write would have been.
   */
  open(
    key: { eventId: string; startsAt: string },
    settings: RegistrationSettings,
    now: string,
    mails?: MailsOf<Registration[]>,
  ): Promise<{ opening: RegistrationOpening; promoted: Registration[] } | { belowConfirmed: number }>;
  /** Closes or reopens a date by hand; false when it has no registration. */
  setClosed(key: { eventId: string; startsAt: string }, closed: boolean, now: string): Promise<boolean>;
  /** The registration of one date, or null. */
  opening(eventId: string, startsAt: string): Promise<RegistrationOpening | null>;
  /**
   * The openings of these dates, in one read of the store whatever their number (a list's cards, the API's page, a
   * feed): the dates that open none are left out.
   */
  openingsFor(keys: readonly { eventId: string; startsAt: string }[]): Promise<RegistrationOpening[]>;
  /** The registrations opened on an event's dates, by date. */
  openings(eventId: string): Promise<RegistrationOpening[]>;
  /**
   * Registers, within the date's counts, at `now`: confirmed if it fits, waiting if the list is open, else refused
   * (nothing stored). An address registers once per date (again after cancelling).
   */
  register(input: NewRegistration, now: string, mails?: MailsOf<Registration>): Promise<RegisterOutcome>;
  /**
   * Cancels the registration whose token has this hash (null when none is active): its places go to the first
   * waiting ones that fit, returned.
   */
  cancel(
    tokenHash: string,
    now: string,
    mails?: MailsOf<{ cancelled: Registration; promoted: Registration[] }>,
  ): Promise<{ cancelled: Registration; promoted: Registration[] } | null>;
  /** The registration whose token has this hash, whatever its status. */
  findByToken(tokenHash: string): Promise<Registration | null>;
  /** A date's registrations in their order (cancelled ones included), or an event's when `startsAt` is null. */
  list(eventId: string, startsAt: string | null, statuses?: readonly RegistrationStatus[]): Promise<Registration[]>;
  /** Marks as reminded the open dates starting in [from, to) not reminded yet; those. */
  claimReminders(from: string, to: string, now: string): Promise<RegistrationOpening[]>;
  /** Deletes the openings and registrations of dates that started before `before`; how many registrations. */
  deleteBefore(before: string): Promise<number>;
}

export type { Registration, RegistrationOpening, RegistrationSettings, RegistrationStatus };
