// After an admin renames or merges a venue or an organizer (issue 36), the events that point to the kept record show
// its name and address: a merge of « salle du bourg, Lausanne » into « Salle du Bourg » must not leave events saying
// the old spelling, nor an event listed on one venue's page with another venue's address. Each event is rewritten as
// any other write of it (compare-and-set on its version, retried when it changed meanwhile), its pending revision too
// when that points to the same record. Nothing else of the event changes. (A revision that alone chose the record, its
// event still elsewhere, keeps its text: the admin sees the record beside it in moderation.)
import type { AgendaEvent, EventContent } from '~/domain/event';
import { EVENT_STATUSES } from '~/domain/event';
import type { Organizer, Venue } from '~/domain/place';
import type { Store } from '../ports';

type Shown = Partial<
  Pick<AgendaEvent, 'venueName' | 'street' | 'postalCode' | 'city' | 'canton' | 'lat' | 'lng' | 'organizerName'>
>;

const PAGE = 200;
const ATTEMPTS = 3;

function shownBy(kind: 'venue' | 'organizer', record: Venue | Organizer): Shown {
  if (kind === 'organizer') return { organizerName: record.name };
  const venue = record as Venue;
  return {
    venueName: venue.name,
    street: venue.street,
    postalCode: venue.postalCode,
    city: venue.locality,
    canton: venue.canton,
    lat: venue.lat,
    lng: venue.lng,
  };
}

const differs = (content: Partial<EventContent> | AgendaEvent, shown: Shown) =>
  Object.entries(shown).some(([key, value]) => (content as Record<string, unknown>)[key] !== value);

/** The event as the record shows it, or null when it already does. */
function followed(event: AgendaEvent, kind: 'venue' | 'organizer', record: Venue | Organizer): AgendaEvent | null {
  const field = kind === 'venue' ? 'venueId' : 'organizerId';
  const shown = shownBy(kind, record);
  const own = event[field] === record.id && differs(event, shown);
  const revision = event.revision && event.revision[field] === record.id && differs(event.revision, shown);
  if (!own && !revision) return null;
  return {
    ...event,
    ...(own ? shown : {}),
    revision: revision && event.revision ? { ...event.revision, ...shown } : event.revision,
  };
}

/** Rewrites the events of `record` that show another name or address; answers how many. */
export async function eventsFollowRecord(
  { store }: { store: Store },
  kind: 'venue' | 'organizer',
  record: Venue | Organizer,
): Promise<number> {
  const ids = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.events.search({
      status: EVENT_STATUSES,
      // Every event of the record, past ones included: the earliest instant a date can have.
      endsAfter: '1970-01-01T00:00:00.000Z',
      ...(kind === 'venue' ? { venueId: record.id } : { organizerId: record.id }),
      oneRowPerEvent: true,
      limit: PAGE,
      offset,
    });
    for (const item of page.items) ids.add(item.id);
    if (page.items.length < PAGE) break;
  }
  let changed = 0;
  for (const id of ids) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const event = await store.events.findById(id);
      const next = event ? followed(event, kind, record) : null;
      if (!event || !next) break;
      if (await store.events.transition({ seen: event.updatedAt, next })) {
        changed += 1;
        break;
      }
    }
  }
  return changed;
}
