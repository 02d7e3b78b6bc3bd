// Moderation use cases: the queue, the decisions (the lifecycle table allows them; who and when go to the moderation
// log), the organizer told by mail.
import type { AgendaEvent, EventStatus } from '~/domain/event';
import { EVENT_STATUSES } from '~/domain/event';
import { allowedActions } from '~/domain/event-lifecycle';
import { isModerationDecision, MODERATION_DECISIONS, type ModerationDecision } from '~/domain/moderation';
import { askedPage, shownPage } from '~/domain/paging';
import { REJECTION_REASON_MAX } from '~/domain/rejection-reasons';
import { searchWords, validateSearchText } from '~/domain/search-text';
import { changeEvent, LIFECYCLE_MESSAGES } from '../events/lifecycle';
import { possibleDuplicates } from '../events/submissions';
import type { FileStore } from '../files/ports';
import { eventApprovedMail, eventRejectedMail, revisionApprovedMail, revisionRejectedMail } from '../mail/templates';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort, ModerationAction, ModerationEntry, Store, UserProfile } from '../ports';

export interface ModerationDeps {
  store: Store;
  mailer: MailPort;
  siteUrl: string;
  now?: () => Date;
  /** Where images live (services.files): approving makes a reviewed image public. */
  files?: FileStore;
  /** Told after every decision (the live pending count). */
  onChange?: () => void;
}

export const MODERATION_PAGE_SIZE = 50;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Indiquez la raison du refus : elle est montrée à l’organisateur et lui est envoyée par email.',
  reasonTooLong: `La raison du refus est trop longue (maximum ${REJECTION_REASON_MAX}\u00a0caractères).`,
  notFound: LIFECYCLE_MESSAGES.notFound,
  changed: LIFECYCLE_MESSAGES.changed,
  unknownAction: 'Action de modération inconnue.',
} as const;

/** The decisions the screen offers for this event: those the lifecycle table allows an admin. */
export function actionsFor(
  event: Pick<AgendaEvent, 'status' | 'featured' | 'revision' | 'previousStatus'>,
): ModerationDecision[] {
  const allowed = allowedActions(['admin'], event);
  return MODERATION_DECISIONS.filter((d) => allowed.includes(d));
}

export interface ModerationListQuery {
  /** `pending`: the queue (pending events and published ones with a pending revision). */
  status: EventStatus | 'all';
  q: string;
  /** The number shown; the page is the one after (`after`) or before (`before`) a cursor, or the first. */
  page: number;
  after?: string | null;
  before?: string | null;
}

export function parseModerationQuery(params: URLSearchParams, fallbackStatus: EventStatus | 'all' = 'pending') {
  const rawStatus = params.get('status');
  const status: EventStatus | 'all' =
    rawStatus === 'all' || (EVENT_STATUSES as readonly string[]).includes(rawStatus ?? '')
      ? (rawStatus as EventStatus | 'all')
      : fallbackStatus;
  const search = validateSearchText(params.get('q'));
  return {
    status,
    q: search.ok ? search.value : '',
    ...askedPage(params),
    searchError: search.ok ? null : search.error,
  };
}

/** A tab of the moderation list; the queue with what starts soon at `now` first, in the store's query (issue 70). */
export async function moderationList({ store }: { store: Store }, query: ModerationListQuery, now = new Date()) {
  const email = query.q.includes('@') ? query.q.trim().toLowerCase() : undefined;
  const [list, counts, awaiting] = await Promise.all([
    store.events.listForModeration({
      status: query.status === 'pending' ? 'awaiting' : query.status,
      words: email ? undefined : searchWords(query.q),
      ownerEmail: email,
      limit: MODERATION_PAGE_SIZE,
      after: query.after,
      before: query.before,
      now: now.toISOString(),
    }),
    store.events.countAllByStatus(),
    store.events.countAwaitingModeration(),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / MODERATION_PAGE_SIZE));
  return { ...list, counts, awaiting, pages, page: shownPage(query.page, list, pages) };
}

/** How many of an organization's members the moderation screen names. */
const MEMBERS_NAMED = 12;

/**
 * The organization an event speaks for, as a moderator must know it (issue 73: who did what): its record and its
 * members with their role, those who see and edit the event; null for an event of a person alone.
 */
async function organizationOf(store: Store, organizerId: string | null | undefined, submitter: string | null) {
  if (!organizerId) return null;
  const [record, members] = await Promise.all([
    store.organizers.findById(organizerId),
    store.organizerMembers.listByOrganizer(organizerId),
  ]);
  if (!record || members.length === 0) return null;
  // Responsables first (the store's order); a large association's others are counted, not read one by one.
  const named = members.slice(0, MEMBERS_NAMED);
  const accounts = await Promise.all(named.map((m) => store.users.findById(m.uid)));
  return {
    name: record.name,
    slug: record.slug,
    /** The submitter's role in it; null when the submitter is not one of its members. */
    submitterRole: members.find((m) => m.uid === submitter)?.role ?? null,
    members: named.map((m, i) => ({ role: m.role, name: accounts[i]?.displayName ?? '(compte supprimé)' })),
    others: members.length - named.length,
  };
}

/** Everything a moderator needs to decide on one event. */
export async function moderationCase({ store }: { store: Store }, event: AgendaEvent) {
  const [owner, ownerCounts, history, duplicates, organization] = await Promise.all([
    event.createdBy ? store.users.findById(event.createdBy) : Promise.resolve(null),
    event.createdBy ? store.events.countByOwner(event.createdBy) : Promise.resolve(null),
    store.events.moderationHistory(event.id),
    possibleDuplicates(
      { store },
      { title: event.title, city: event.city, startsAt: event.startsAt, excludeId: event.id },
    ),
    organizationOf(store, event.organizerId, event.createdBy ?? null),
  ]);
  return { owner, ownerCounts, history, duplicates, organization, actions: actionsFor(event) };
}

export function validateRejectionReason(raw: unknown): string {
  const reason = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (reason.length < 3) throw new UseCaseError(MODERATION_MESSAGES.reasonRequired, 'reason');
  if (reason.length > REJECTION_REASON_MAX) throw new UseCaseError(MODERATION_MESSAGES.reasonTooLong, 'reason');
  return reason;
}

/** Applies one decision. Throws UseCaseError (French) when it is refused or the event changed meanwhile. */
export async function moderateEvent(
  deps: ModerationDeps,
  admin: UserProfile,
  input: { eventId: string; action: unknown; reason?: unknown; seen?: string },
): Promise<{
  event: AgendaEvent;
  deleted: boolean;
  revision: boolean;
  /** Whether the organizer was sent a mail about it (approvals and refusals of an organizer's event). */
  told: boolean;
  entry: Pick<ModerationEntry, 'action' | 'reason'>;
}> {
  if (!isModerationDecision(input.action)) throw new UseCaseError(MODERATION_MESSAGES.unknownAction);
  if (admin.role !== 'admin') throw new UseCaseError(MODERATION_MESSAGES.notFound, 'form', 404);
  const action = input.action;
  const reason = action === 'reject' ? validateRejectionReason(input.reason) : '';
  const { before, after, transition } = await changeEvent(deps, admin, {
    eventId: input.eventId,
    action,
    reason,
    seen: input.seen || undefined,
  });
  deps.onChange?.();
  const revision = transition.content === 'publishRevision' || transition.content === 'discardRevision';
  const told = after ? await tellOrganizer(deps, after, action, reason, revision) : false;
  return { event: after ?? before, deleted: after === null, revision, told, entry: { action, reason } };
}

async function tellOrganizer(
  deps: ModerationDeps,
  event: AgendaEvent,
  action: ModerationAction,
  reason: string,
  revision: boolean,
): Promise<boolean> {
  if (action !== 'approve' && action !== 'reject') return false;
  const owner = event.createdBy ? await deps.store.users.findById(event.createdBy) : null;
  // An admin's event (their own, or one of a calendar or a fediverse source they added) has no organizer to tell:
  // the moderation log says what another admin decided.
  if (!owner || owner.disabled || owner.role === 'admin') return false;
  const eventUrl = `${deps.siteUrl}/evenement/${event.id}`;
  const dashboardUrl = `${deps.siteUrl}/dashboard`;
  const mail =
    action === 'approve'
      ? revision
        ? revisionApprovedMail(owner.displayName, event.title, eventUrl)
        : eventApprovedMail(owner.displayName, event.title, eventUrl)
      : revision
        ? revisionRejectedMail(owner.displayName, event.title, reason, dashboardUrl)
        : eventRejectedMail(owner.displayName, event.title, reason, dashboardUrl);
  // Recorded in the queue (decision 060): the admin never waits for the mail server. Should even that fail, the
  // decision stands; the organizer sees it in the dashboard.
  try {
    await deps.mailer.send({ to: owner.email, ...mail });
    return true;
  } catch (error) {
    console.error('moderation: mail to organizer not recorded', error);
    return false;
  }
}

/** What the admin badge and the live count show: pending events and pending revisions. */
export function getPendingCount({ store }: { store: Store }): Promise<number> {
  return store.events.countAwaitingModeration();
}
