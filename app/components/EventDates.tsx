// The dates of a series on its event page (decision 041): the next ones, all of them behind « Toutes les dates »,
// each a link to itself (`?date=`), cancelled ones marked; for an exhibition, its opening hours.
import { Link } from '@remix-run/react';
import type { SeriesDate, SeriesView } from '~/.server/events/series';
import { formatEventWhen } from '~/domain/event-dates';
import { DateCancelControl, DateCancelDialog } from './DateCancel';

/** How many dates show before « Toutes les dates ». */
const NEXT_DATES = 5;

function DateItem({ date, eventId, canManage }: { date: SeriesDate; eventId: string; canManage: boolean }) {
  return (
    <li data-testid="series-date">
      <Link to={`/evenement/${eventId}?date=${date.day}`}>
        <time dateTime={date.startsAt}>{formatEventWhen(date)}</time>
      </Link>
      {date.cancelled ? <span className="tag tag--danger"> Annulé</span> : null}
      {canManage ? (
        <DateCancelControl
          date={{ startsAt: date.startsAt, label: formatEventWhen(date), short: '', cancelled: date.cancelled }}
        />
      ) : null}
    </li>
  );
}

/** The line under the title: the linked date, the next one, or a period's opening today. */
export function SeriesWhen({ series }: { series: SeriesView }) {
  if (series.kind === 'period') return series.openingToday ? capitalise(series.openingToday) : null;
  const date = series.chosen ?? series.upcoming.find((d) => !d.cancelled) ?? null;
  if (!date) return null;
  return (
    <span data-testid="series-when">
      {series.chosen ? '' : 'Prochaine date\u00a0: '}
      <time dateTime={date.startsAt}>{formatEventWhen(date)}</time>
      {date.cancelled ? ' — annulé' : ''}
    </span>
  );
}

export function EventDates({
  series,
  eventId,
  canManage = false,
}: {
  series: SeriesView;
  eventId: string;
  /** Its owner or an admin: each date can be cancelled (or restored). */
  canManage?: boolean;
}) {
  if (series.kind === 'period') {
    return (
      <section className="event-dates" aria-labelledby="event-dates-title">
        <h2 id="event-dates-title">Heures d’ouverture</h2>
        {series.openingToday ? <p data-testid="opening-today">{capitalise(series.openingToday)}</p> : null}
        <ul>
          {series.openingHours.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    );
  }
  const next = series.upcoming.slice(0, NEXT_DATES);
  const dates = (
    <section className="event-dates" aria-labelledby="event-dates-title">
      <h2 id="event-dates-title">Prochaines dates</h2>
      {series.rule ? <p data-testid="series-rule">{series.rule}</p> : null}
      {next.length === 0 ? <p>Toutes les dates de cette série sont passées.</p> : null}
      <ul data-testid="next-dates">
        {next.map((d) => (
          <DateItem key={d.startsAt} date={d} eventId={eventId} canManage={canManage} />
        ))}
      </ul>
      {series.upcoming.length > NEXT_DATES ? (
        <details>
          <summary>Toutes les dates ({series.upcoming.length})</summary>
          <ul data-testid="all-dates">
            {series.upcoming.map((d) => (
              <DateItem key={d.startsAt} date={d} eventId={eventId} canManage={canManage} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
  // Its owner cancels a date there, asked first (decision 068).
  return canManage ? (
    <DateCancelDialog eventId={eventId} back="evenement">
      {dates}
    </DateCancelDialog>
  ) : (
    dates
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
