import { EventCard } from '~/components/EventCard';
import type { Card, TimedDayGroup } from './list';

/** The cards of one page: by day when the list is by date, else in the order of relevance. */
export function Results({
  view,
  groups,
  items,
  page,
}: {
  view: string;
  groups: TimedDayGroup[];
  items: Card[];
  page: number;
}) {
  return view === 'liste' && groups.length > 0 ? (
    <section aria-label={`Résultats, page ${page}`}>
      {groups.map((group, g) => (
        // By date, each day comes once (« En cours » first, its key '').
        <section key={group.day} className="day-group" aria-labelledby={`jour-${group.day || 'en-cours'}`}>
          <h2 id={`jour-${group.day || 'en-cours'}`} className="day-group__heading">
            {group.heading}
          </h2>
          <div className="event-grid">
            {group.items.map((event, i) => (
              <EventCard
                key={`${event.id}:${event.startsAt}`}
                event={event}
                time={group.times[i]}
                eager={g === 0 && i < 2}
              />
            ))}
          </div>
        </section>
      ))}
    </section>
  ) : view === 'liste' ? (
    <section aria-labelledby="results-title">
      <h2 id="results-title" className="visually-hidden">
        Résultats, page {page}
      </h2>
      <div className="event-grid">
        {items.map((event, i) => (
          <EventCard key={`${event.id}:${event.startsAt}`} event={event} eager={i < 2} />
        ))}
      </div>
    </section>
  ) : null;
}
