// « Quand » of a series on its event page (decisions 041 and 066): the rule in words, the next five dates, the others
// behind « Les N dates suivantes », each a link to itself (`?date=`), cancelled ones marked « Annulé »; for an exhibition,
// its days, its hours per day of the week, its closing days and its opening on the day looked at.

import type { PeriodView, SeriesDate, SeriesView } from '~/.server/events/series';
import { Link } from '~/components/Link';
import { formatEventWhen } from '~/domain/event-dates';
import { DateCancelControl, DateCancelDialog } from './DateCancel';
import { UnbrokenEnd } from './UnbrokenEnd';

/** How many dates show before « Les N dates suivantes ». */
const NEXT_DATES = 5;

function DateItem({
  date,
  eventId,
  canManage,
  current,
}: {
  date: SeriesDate;
  eventId: string;
  canManage: boolean;
  /** The date this page is about (`?date=`): marked in the list. */
  current: boolean;
}) {
  const classes = [date.cancelled ? 'series-date--cancelled' : '', current ? 'series-date--current' : ''];
  return (
    <li data-testid="series-date" className={classes.filter(Boolean).join(' ') || undefined}>
      <Link to={`/evenement/${eventId}?date=${date.day}`} aria-current={current ? 'date' : undefined}>
        <time dateTime={date.startsAt}>
          <UnbrokenEnd text={formatEventWhen(date)} after=", " />
        </time>
      </Link>
      {date.cancelled ? <span className="tag tag--danger"> Annulé</span> : null}
      {/* Its organizer's note, as under « Prochaine date » (issue 70): « Pluie annoncée ». */}
      {date.cancelled && date.note ? <span data-testid="series-date-note"> — {date.note}</span> : null}
      {date.holiday ? <span className="tag tag--holiday"> {date.holiday}</span> : null}
      {canManage ? (
        <DateCancelControl
          date={{ startsAt: date.startsAt, label: formatEventWhen(date), short: '', cancelled: date.cancelled }}
        />
      ) : null}
    </li>
  );
}

/** The line under the title: the linked date, the next one, or an exhibition's days and its opening that day. */
export function SeriesWhen({ series }: { series: SeriesView }) {
  if (series.period) {
    return (
      <span data-testid="series-when">
        {series.period.until}
        {series.opening ? ` · ${series.opening}` : ''}
      </span>
    );
  }
  const date = series.chosen ?? series.upcoming.find((d) => !d.cancelled) ?? null;
  // The very next date, cancelled: said first, struck, with its organizer's note, for whoever planned to go (issue 70).
  const first = series.upcoming[0];
  const skipped = !series.chosen && first?.cancelled ? first : null;
  const cancelledFirst = skipped ? (
    <span data-testid="next-cancelled">
      {'Prochaine date\u00a0: '}
      <s>
        <time dateTime={skipped.startsAt}>{formatEventWhen(skipped)}</time>
      </s>{' '}
      <span className="tag tag--danger">Annulé</span>
      {skipped.note ? ` — ${skipped.note}` : ''}
      <br />
    </span>
  ) : null;
  if (!date)
    return (
      <span data-testid="series-when">
        {cancelledFirst}
        {skipped ? null : 'Toutes les dates de cette série sont passées'}
      </span>
    );
  return (
    <span data-testid="series-when">
      {cancelledFirst}
      {series.chosen ? '' : skipped ? 'Date suivante\u00a0: ' : 'Prochaine date\u00a0: '}
      <time dateTime={date.startsAt}>{formatEventWhen(date)}</time>
      {date.cancelled ? ' — annulée' : ''}
    </span>
  );
}

/** An exhibition: its days, its opening on the day looked at, its week of hours and its closing days. */
function PeriodWhen({ series, period }: { series: SeriesView; period: PeriodView }) {
  return (
    <>
      <p>{period.span}</p>
      {series.opening ? (
        <p className="event-when__opening" data-testid="opening">
          {capitalise(series.opening)}
        </p>
      ) : null}
      <table className="hours-table" data-testid="opening-hours">
        <caption>Heures d’ouverture</caption>
        <tbody>
          {period.week.map((row) => (
            <tr key={row.day}>
              <th scope="row">{capitalise(row.day)}</th>
              <td>{row.hours ?? 'Fermé'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {period.closed ? <p data-testid="closed-days">{period.closed}</p> : null}
    </>
  );
}

/** « Quand » on the event page of a series: the rule in words, the next dates, all of them on demand (no script). */
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
  const next = series.upcoming.slice(0, NEXT_DATES);
  const later = series.upcoming.slice(NEXT_DATES);
  const isCurrent = (d: SeriesDate) => d.startsAt === series.chosen?.startsAt;
  const dates = (
    <section className="event-when" id="dates" aria-labelledby="event-when-title" data-testid="event-when">
      <h2 id="event-when-title">Quand</h2>
      {series.period ? (
        <PeriodWhen series={series} period={series.period} />
      ) : (
        <>
          {series.rule ? <p data-testid="series-rule">{series.rule}</p> : null}
          {next.length === 0 ? <p>Toutes les dates de cette série sont passées.</p> : null}
          <h3 className="event-when__title">Prochaines dates</h3>
          <ul data-testid="next-dates" className="event-when__dates">
            {next.map((d) => (
              <DateItem key={d.startsAt} date={d} eventId={eventId} canManage={canManage} current={isCurrent(d)} />
            ))}
          </ul>
          {later.length > 0 ? (
            // The dates after those shown, not all of them again: the five above are not repeated.
            // Open on the page of one of them: the visitor sees where that date stands in the series.
            <details className="event-when__all" open={later.some(isCurrent)}>
              <summary>{later.length === 1 ? 'Une date de plus' : `Les ${later.length} dates suivantes`}</summary>
              <ul data-testid="all-dates" className="event-when__dates">
                {later.map((d) => (
                  <DateItem key={d.startsAt} date={d} eventId={eventId} canManage={canManage} current={isCurrent(d)} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
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
