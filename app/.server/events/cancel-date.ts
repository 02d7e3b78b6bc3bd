// Cancelling one date of a series (decision 041): « annulé » on that date only, the others stay. Its owner or an
// admin may do it (and undo it); it changes no content, so it needs no new moderation. The whole series is cancelled
// like any event (cancelEvent).
import { actorsFor, nextVersion } from '~/domain/event-lifecycle';
import { occurrencesOf } from '~/domain/schedule-expand';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';

export async function setDateCancelled(
  store: Store,
  actor: UserProfile,
  input: { eventId: string; startsAt: string; cancelled: boolean },
  now: Date = new Date(),
) {
  const event = await store.events.findById(input.eventId);
  if (!event) throw new UseCaseError('Cet événement n’existe pas.', 'form', 404);
  if (actorsFor(actor, event).length === 0)
    throw new UseCaseError('Seuls l’organisateur et les administrateurs peuvent annuler une date.', 'form', 403);
  if (!event.schedule) throw new UseCaseError('Cet événement n’a qu’une date\u00a0: annulez l’événement.', 'form', 400);
  if (!occurrencesOf(event).some((o) => o.startsAt === input.startsAt))
    throw new UseCaseError('Cette date ne fait pas partie de la série.', 'form', 400);
  const others = (event.cancelledDates ?? []).filter((d) => d !== input.startsAt);
  const next = {
    ...event,
    cancelledDates: input.cancelled ? [...others, input.startsAt].sort() : others,
    updatedAt: nextVersion(event.updatedAt, now.toISOString()),
  };
  const stored = await store.events.transition({ seen: event.updatedAt, next });
  if (!stored) throw new UseCaseError('L’événement a changé entre-temps : réessayez.', 'form', 409);
  return stored;
}
