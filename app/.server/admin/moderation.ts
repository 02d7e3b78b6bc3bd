// Moderation use cases: the queue, the decisions (who and when, in the moderation log), the organizer told by mail.
import type { AgendaEvent, EventStatus } from '~/domain/event';
import { EVENT_STATUSES } from '~/domain/event';
import { MODERATION_ACTIONS } from '~/domain/moderation';
import { searchWords, validateSearchText } from '~/domain/search-text';
import { eventApprovedMail, eventRejectedMail } from '../mail/templates';
import type { MailPort, ModerationAction, ModerationEntry, Store, UserProfile } from '../ports';
import { possibleDuplicates } from '../submissions';
import { AdminError } from './guard';

export interface ModerationDeps {
  store: Store;
  mailer: MailPort;
  siteUrl: string;
  now?: () => Date;
  /** Told after every decision (the live pending count). */
  onChange?: () => void;
}

export const MODERATION_PAGE_SIZE = 50;
export const REJECTION_REASON_MAX = 1000;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Indiquez la raison du refus : elle est montrée à l’organisateur et lui est envoyée par email.',
  reasonTooLong: `La raison du refus est trop longue (maximum ${REJECTION_REASON_MAX} caractères).`,
  notFound: 'Cet événement n’existe pas (ou plus).',
  changed:
    'Cet événement a changé entre-temps (un autre administrateur l’a peut-être déjà traité) : voici son état actuel.',
  unknownAction: 'Action de modération inconnue.',
} as const;

/** What each decision requires of the event's current status, and what it changes. */
const TRANSITIONS: Record<
  ModerationAction,
  { from: readonly EventStatus[]; patch: (reason: string) => Partial<AgendaEvent> }
> = {
  approve: {
    from: ['pending', 'rejected'],
    patch: () => ({ status: 'approved', rejectionReason: '', pendingChanges: [] }),
  },
  reject: {
    from: ['pending', 'approved'],
    patch: (reason) => ({ status: 'rejected', rejectionReason: reason, featured: false }),
  },
  feature: { from: ['approved'], patch: () => ({ featured: true }) },
  unfeature: { from: ['approved', 'cancelled', 'pending', 'rejected'], patch: () => ({ featured: false }) },
  unpublish: { from: ['approved'], patch: () => ({ status: 'pending', featured: false }) },
  cancel: { from: ['approved'], patch: () => ({ status: 'cancelled', featured: false }) },
};

export function isModerationAction(value: unknown): value is ModerationAction {
  return typeof value === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(value);
}

/** Which decisions the screen offers for an event in this status. */
export function actionsFor(event: Pick<AgendaEvent, 'status' | 'featured'>): ModerationAction[] {
  return MODERATION_ACTIONS.filter((action) => {
    if (!TRANSITIONS[action].from.includes(event.status)) return false;
    if (action === 'feature') return !event.featured;
    if (action === 'unfeature') return event.featured;
    return true;
  });
}

export interface ModerationListQuery {
  status: EventStatus | 'all';
  q: string;
  page: number;
}

export function parseModerationQuery(params: URLSearchParams, fallbackStatus: EventStatus | 'all' = 'pending') {
  const rawStatus = params.get('status');
  const status: EventStatus | 'all' =
    rawStatus === 'all' || (EVENT_STATUSES as readonly string[]).includes(rawStatus ?? '')
      ? (rawStatus as EventStatus | 'all')
      : fallbackStatus;
  const search = validateSearchText(params.get('q'));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return { status, q: search.ok ? search.value : '', page, searchError: search.ok ? null : search.error };
}

export async function moderationList(store: Store, query: ModerationListQuery) {
  const email = query.q.includes('@') ? query.q.trim().toLowerCase() : undefined;
  const [list, counts] = await Promise.all([
    store.events.listForModeration({
      status: query.status,
      words: email ? undefined : searchWords(query.q),
      ownerEmail: email,
      limit: MODERATION_PAGE_SIZE,
      offset: (query.page - 1) * MODERATION_PAGE_SIZE,
    }),
    store.events.countAllByStatus(),
  ]);
  return { ...list, counts };
}

/** Everything a moderator needs to decide on one event. */
export async function moderationCase(store: Store, event: AgendaEvent) {
  const [owner, ownerCounts, history, duplicates] = await Promise.all([
    event.createdBy ? store.users.findById(event.createdBy) : Promise.resolve(null),
    event.createdBy ? store.events.countByOwner(event.createdBy) : Promise.resolve(null),
    store.events.moderationHistory(event.id),
    possibleDuplicates(store, { title: event.title, city: event.city, startsAt: event.startsAt, excludeId: event.id }),
  ]);
  return { owner, ownerCounts, history, duplicates, actions: actionsFor(event) };
}

export function validateRejectionReason(raw: unknown): string {
  const reason = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (reason.length < 3) throw new AdminError(MODERATION_MESSAGES.reasonRequired, 'reason');
  if (reason.length > REJECTION_REASON_MAX) throw new AdminError(MODERATION_MESSAGES.reasonTooLong, 'reason');
  return reason;
}

/** Applies one decision. Throws AdminError (French) when it is refused or the event changed meanwhile. */
export async function moderateEvent(
  deps: ModerationDeps,
  admin: UserProfile,
  input: { eventId: string; action: unknown; reason?: unknown; seen?: string },
): Promise<{ event: AgendaEvent; entry: Pick<ModerationEntry, 'action' | 'reason'> }> {
  if (!isModerationAction(input.action)) throw new AdminError(MODERATION_MESSAGES.unknownAction);
  const action = input.action;
  const reason = action === 'reject' ? validateRejectionReason(input.reason) : '';
  const current = await deps.store.events.findById(input.eventId);
  if (!current) throw new AdminError(MODERATION_MESSAGES.notFound, 'form', 404);
  const transition = TRANSITIONS[action];
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  const updated = await deps.store.events.moderate({
    id: current.id,
    from: transition.from,
    seen: input.seen || undefined,
    patch: transition.patch(reason),
    entry: { adminUid: admin.uid, action, reason, createdAt: now },
  });
  if (!updated) throw new AdminError(MODERATION_MESSAGES.changed, 'form', 409);
  deps.onChange?.();
  await tellOrganizer(deps, updated, action, reason);
  return { event: updated, entry: { action, reason } };
}

async function tellOrganizer(deps: ModerationDeps, event: AgendaEvent, action: ModerationAction, reason: string) {
  if (action !== 'approve' && action !== 'reject') return;
  const owner = event.createdBy ? await deps.store.users.findById(event.createdBy) : null;
  if (!owner || owner.disabled) return;
  const mail =
    action === 'approve'
      ? eventApprovedMail(owner.displayName, event.title, `${deps.siteUrl}/evenement/${event.id}`)
      : eventRejectedMail(owner.displayName, event.title, reason, `${deps.siteUrl}/dashboard`);
  try {
    await deps.mailer.send({ to: owner.email, ...mail });
  } catch (error) {
    // The decision stands; the organizer sees it in the dashboard even if the mail failed.
    console.error('moderation: mail to organizer failed', error);
  }
}

export function getPendingCount(store: Store): Promise<number> {
  return store.events.countByStatus('pending');
}
