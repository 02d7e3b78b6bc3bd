// One kind of an event's figures per week (decision 171): small columns in SVG that scale with the phone's width (no
// chart library, no JavaScript), and beside them the same figures as text. The values arrive rounded: a week below 5
// has no column and reads « moins de 5 ».
import type { KindFigures } from '~/domain/event-figures';

const WIDTH = 320;
const HEIGHT = 64;

export function FigureColumns({ figures }: { figures: KindFigures }) {
  const slot = WIDTH / Math.max(1, figures.weeks.length);
  const id = `figures-${figures.kind}`;
  return (
    <section className="figures__kind" aria-labelledby={id} data-testid={id}>
      <h3 id={id}>
        {figures.label}&#8239;: <strong data-testid={`${id}-total`}>{figures.total}</strong>
      </h3>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        aria-hidden="true"
        className="figures__chart"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="currentColor" opacity="0.3" />
        {figures.weeks.map((w, i) =>
          w.height > 0 ? (
            <rect
              key={w.week}
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - w.height * (HEIGHT - 4)}
              height={w.height * (HEIGHT - 4)}
              rx="1"
              fill="#0b4f6c"
            />
          ) : null,
        )}
      </svg>
      <table className="figures__table">
        <caption className="visually-hidden">{figures.label}, semaine par semaine</caption>
        <tbody>
          {figures.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row" title={w.longLabel}>
                sem. du {w.label}
              </th>
              <td>{w.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
