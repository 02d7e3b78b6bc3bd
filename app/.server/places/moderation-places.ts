// The venue and organizer records of an event under moderation (decision 095): what the admin approves with it (a
// proposed record says so), a proposed venue that probably is a known one (« Lieu proposé : … — confirmer / autre
// lieu »), and the admin's answer to that.
import type { AgendaEvent } from '~/domain/event';
import { workingView } from '~/domain/event-lifecycle';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import { venueOption } from './venue-directory';

/** The admin's answer to a likely match: the same place (merged into the known one), or another place. */
export const VENUE_SUGGESTION_INTENT = 'lieu-propose';

export interface ModerationPlaces {
  venue: {
    id: string;
    name: string;
    where: string;
    pending: boolean;
    suggestion: { id: string; name: string; where: string } | null;
  } | null;
  organizer: { id: string; name: string; pending: boolean } | null;
  /** Names of the records a pending revision changes from and to. */
  names: Record<string, string>;
}

export async function placesUnderModeration(
  { store }: { store: Store },
  stored: AgendaEvent,
): Promise<ModerationPlaces> {
  const event = workingView(stored);
  const ids = new Set([event.venueId, stored.venueId].filter((id): id is string => Boolean(id)));
  const organizerIds = new Set([event.organizerId, stored.organizerId].filter((id): id is string => Boolean(id)));
  const venues = await Promise.all([...ids].map((id) => store.venues.findById(id)));
  const organizers = await Promise.all([...organizerIds].map((id) => store.organizers.findById(id)));
  const names: Record<string, string> = {};
  for (const r of [...venues, ...organizers]) if (r) names[r.id] = r.name;
  const venue = venues.find((v) => v?.id === event.venueId) ?? null;
  const organizer = organizers.find((o) => o?.id === event.organizerId) ?? null;
  const suggested =
    venue?.status === 'pending' && venue.suggestedMatchId ? await store.venues.findById(venue.suggestedMatchId) : null;
  return {
    venue: venue
      ? {
          id: venue.id,
          name: venue.name,
          where: venueOption(venue).where,
          pending: venue.status === 'pending',
          suggestion: suggested
            ? { id: suggested.id, name: suggested.name, where: venueOption(suggested).where }
            : null,
        }
      : null,
    organizer: organizer ? { id: organizer.id, name: organizer.name, pending: organizer.status === 'pending' } : null,
    names,
  };
}

/**
 * « Confirmer »: the proposed venue is the known one, merged into it (its events follow); « Autre lieu »: it is
 * another place, approved with its event. Returns the venue the events now point to.
 */
export async function answerVenueSuggestion(
  { store, now = () => new Date() }: { store: Store; now?: () => Date },
  admin: UserProfile,
  input: { venueId: string; same: boolean },
): Promise<{ id: string; name: string }> {
  if (admin.role !== 'admin') throw new UseCaseError('Action réservée aux administrateurs.', 'form', 403);
  const venue = await store.venues.findById(input.venueId);
  if (venue?.status !== 'pending' || !venue.suggestedMatchId)
    throw new UseCaseError('Ce lieu proposé a déjà été traité.', 'form', 409);
  const at = now().toISOString();
  if (input.same) {
    const merged = await store.venues.merge({ fromId: venue.id, intoId: venue.suggestedMatchId, now: at });
    if (!merged) throw new UseCaseError('Le lieu connu n’existe plus\u00a0: choisissez « Autre lieu ».', 'form', 409);
    return { id: merged.kept.id, name: merged.kept.name };
  }
  const { id, status, redirectFrom, createdAt, updatedAt, lastMerge, ...fields } = venue;
  const kept = await store.venues.update(venue.id, { ...fields, suggestedMatchId: null }, at);
  if (!kept) throw new UseCaseError('Ce lieu proposé a déjà été traité.', 'form', 409);
  return { id: kept.id, name: kept.name };
}
