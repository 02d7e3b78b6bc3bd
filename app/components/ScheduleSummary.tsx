// A schedule as whoever checks it reads it (issue 33): the organizer under the form's fields and on the confirmation
// page, the moderator in the queue — the same words everywhere (summariseSchedule): the rule, the first dates and how
// many, the dates skipped; an exhibition's week, day by day, and its closing days.

import { frenchList } from '~/domain/french-list';
import { MAX_OCCURRENCES } from '~/domain/schedule-model';
import type { ScheduleSummary as Summary } from '~/domain/schedule-preview';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export function ScheduleSummary({ summary, testId }: { summary: Summary; testId?: string }) {
  const more = summary.count - summary.first.length;
  return (
    <div className="schedule-summary" data-testid={testId}>
      <p className="schedule-summary__sentence">{summary.sentence}</p>
      {summary.kind === 'period' ? (
        <table className="schedule-summary__week">
          <caption>Semaine type</caption>
          <tbody>
            {summary.week.map((d) => (
              <tr key={d.day} className={d.hours === 'fermé' ? 'schedule-summary__closed' : undefined}>
                <th scope="row">{d.day}</th>
                <td>{d.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {summary.overLimit ? (
        <p className="schedule-summary__warning">
          Plus de {MAX_OCCURRENCES} dates&#8239;: avancez la fin, indiquez un nombre de fois ou choisissez une période.
        </p>
      ) : (
        <p>
          <strong>
            {summary.kind === 'period'
              ? plural(summary.count, 'jour d’ouverture', 'jours d’ouverture')
              : plural(summary.count, 'date', 'dates')}
          </strong>
          {/* The rule says « 8 fois » and the list has 6 dates: why, in the same line (the dates under « Sauf »). The
              count is the dates that take place, as everywhere else: « 17 dates, dont 2 exclues » here beside
              « 15 dates » in the queue were two counts of one series (issue 70). */}
          {summary.planned > summary.count
            ? ` (${summary.planned} prévues, ${plural(summary.planned - summary.count, 'exclue', 'exclues')})`
            : null}
          {summary.kind !== 'period' && summary.first.length > 0 ? '\u00a0:' : '.'}
        </p>
      )}
      {summary.first.length > 0 && summary.kind !== 'period' ? (
        <ul className="schedule-summary__dates">
          {summary.first.map((d) => (
            <li key={`${d.date}${d.hours}`}>
              {d.day} <span className="nowrap">{d.hours}</span>
            </li>
          ))}
          {more > 0 ? <li>et {plural(more, 'autre', 'autres')}</li> : null}
        </ul>
      ) : null}
      {summary.excluded.length > 0 ? <p>Sauf {frenchList(summary.excluded.map((d) => `le ${d}`))}.</p> : null}
      {summary.closed.length > 0 ? <p>Fermé aussi {frenchList(summary.closed.map((d) => `le ${d}`))}.</p> : null}
    </div>
  );
}
