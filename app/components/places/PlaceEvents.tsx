// A venue's or an organizer's upcoming events: their cards, a sentence when there are none, and a link to the whole
// list (filtered on the place) when the page shows only the first ones.
import { Link } from '~/components/Link';
import type { EventCardData } from '~/domain/event-card';
import { EventCard } from '../EventCard';

export function PlaceEvents({
  headingId,
  events,
  total,
  listHref,
  empty,
}: {
  headingId: string;
  events: EventCardData[];
  total: number;
  /** The agenda filtered on this place. */
  listHref: string;
  /** The sentence when nothing is coming, with its test id. */
  empty: { text: string; testId: string };
}) {
  return (
    <section aria-labelledby={headingId} className="place-page__events">
      <h2 id={headingId}>Prochains événements</h2>
      {events.length === 0 ? (
        <p data-testid={empty.testId}>{empty.text}</p>
      ) : (
        <div className="event-grid">
          {events.map((e) => (
            <EventCard key={e.id} event={e} />
          ))}
        </div>
      )}
      {total > events.length ? (
        <p>
          <Link to={listHref}>Voir les {total} événements à venir</Link>
        </p>
      ) : null}
    </section>
  );
}
