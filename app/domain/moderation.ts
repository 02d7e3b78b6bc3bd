// Admin decisions on events, as stored in the moderation log and said in French on the admin screens.
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'feature',
  'unfeature',
  'unpublish',
  'cancel',
  'edit',
  'delete',
  /** Not an admin's decision: a trusted publisher's submission or edit, published without moderation (issue 21). */
  'publish',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export function isModerationAction(value: unknown): value is ModerationAction {
  return typeof value === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(value);
}

/** The decisions of the moderation screen: every logged action but an edit (which goes through the event form). */
export type ModerationDecision = Exclude<ModerationAction, 'edit' | 'publish'>;
export const MODERATION_DECISIONS: readonly ModerationDecision[] = MODERATION_ACTIONS.filter(
  (action): action is ModerationDecision => action !== 'edit' && action !== 'publish',
);

export function isModerationDecision(value: unknown): value is ModerationDecision {
  return isModerationAction(value) && value !== 'edit' && value !== 'publish';
}

/** What an admin did, as the activity lists say it: « Ada a refusé … ». */
export const MODERATION_ACTION_PAST: Record<ModerationAction, string> = {
  approve: 'a approuvé',
  reject: 'a refusé',
  feature: 'a mis en avant',
  unfeature: 'a retiré de la une',
  unpublish: 'a dépublié',
  cancel: 'a annulé',
  edit: 'a modifié',
  delete: 'a supprimé',
  publish: 'a publié sans modération',
};

/** The parameter of the confirmation step of « Supprimer » on /admin/events (the page without JavaScript). */
export const CONFIRM_DELETE_PARAM = 'supprimer';

/** How soon an event in the queue is marked « Commence bientôt »: by then a late approval costs it its audience. */
export const STARTS_SOON_HOURS = 48;

/**
 * Whether an event waiting for moderation starts within STARTS_SOON_HOURS of `now`, or is already running: the queue
 * puts these first, soonest first, with this mark: tonight’s concert was 6th of 9 (issue 70).
 */
export function startsSoon(event: { startsAt: string; endsAt: string }, now: Date): boolean {
  const { from, until } = startsSoonBounds(now.toISOString());
  return Date.parse(event.endsAt) >= from && Date.parse(event.startsAt) <= until;
}

/**
 * What « Commence bientôt » is at `now` (ISO), in milliseconds, as both stores query it (their startsTs and endsTs):
 * ends at `from` or later, starts at `until` or earlier. The queue puts these first (issue 70).
 */
export function startsSoonBounds(now: string): { from: number; until: number } {
  const from = Date.parse(now);
  return { from, until: from + STARTS_SOON_HOURS * 3_600_000 };
}
