// The form of a moderation decision on /admin/events, as the decision panel posts it (Decision.tsx): the event and the
// version the moderator saw, the button's intent, the reason of a refusal, and where to go back to. The decision and
// its reason are checked by moderateEvent (the lifecycle table, validateRejectionReason), not here.
import { formValues } from '~/domain/forms';
import { composeRejectionReason } from '~/domain/rejection-reasons';
import { z } from '~/domain/zod';
import { parseModerationQuery } from '../moderation/moderation';

/** An event's id as the queue links to it; anything else is no next event. */
const EVENT_ID = /^[a-z0-9-]{1,64}$/i;

/** The fields as posted: every one is text (a missing one reads as empty, see parseDecisionForm). */
const decisionFields = z.object({
  eventId: z.string(),
  intent: z.string(),
  seen: z.string(),
  reasonPreset: z.string(),
  reason: z.string(),
  returnTo: z.string(),
  next: z.string(),
});

export const moderationDecisionSchema = decisionFields.transform(
  ({ eventId, intent, seen, reasonPreset, reason, returnTo, next }) => ({
    eventId,
    intent,
    seen,
    // A common reason picked without JavaScript comes before what was typed (with it, the field already holds it).
    reason: composeRejectionReason(reasonPreset, reason),
    /** The list the moderator was on (tab, search, page). */
    returnQuery: parseModerationQuery(new URLSearchParams(returnTo)),
    /** The event to show next if this one leaves the list. */
    next: EVENT_ID.test(next) ? next : null,
  }),
);

export type ModerationDecisionForm = z.infer<typeof moderationDecisionSchema>;

/** The posted decision; a field missing or not text reads as empty, as the use case then refuses it in French. */
export function parseDecisionForm(formData: FormData): ModerationDecisionForm {
  return moderationDecisionSchema.parse(formValues(formData, Object.keys(decisionFields.shape)));
}
