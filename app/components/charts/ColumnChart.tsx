// Columns over time (weeks, days) as a small SVG that scales with its container (no chart library).
// Screen readers get a summary (aria-label) and the figures in a visually hidden table.
import { ChartTable } from './ChartTable';
import { formatCount } from './format';

export interface ColumnDatum {
  key: string;
  /** Short axis label (« 3 nov. »). */
  label: string;
  /** Full label for the table and the tooltip (« semaine du 3 novembre 2026 »). */
  longLabel: string;
  value: number;
}

const WIDTH = 440;
const HEIGHT = 180;
const TOP = 18;
const AXIS = 24;
/** About half the width of « 28 sept. » at the axis font size. */
const AXIS_LABEL_HALF = 24;

/** Centred under its column, unless that would cut it at an edge of the chart. */
function axisLabelPosition(x: number, column: number) {
  const centre = x + column / 2;
  if (centre - AXIS_LABEL_HALF < 0) return { x, textAnchor: 'start' as const };
  if (centre + AXIS_LABEL_HALF > WIDTH) return { x: x + column, textAnchor: 'end' as const };
  return { x: centre, textAnchor: 'middle' as const };
}

export function ColumnChart({
  title,
  data,
  labelHeader,
  valueHeader,
  labelEvery = 1,
  showValues = true,
  color = '#c8102e',
  className,
}: {
  title: string;
  data: readonly ColumnDatum[];
  labelHeader: string;
  valueHeader: string;
  /** Only every n-th axis label (counted from the latest), so 30 days stay readable. */
  labelEvery?: number;
  /** The figure above each column (off for many columns). */
  showValues?: boolean;
  color?: string;
  className?: string;
}) {
  const max = Math.max(0, ...data.map((d) => d.value));
  const total = data.reduce((n, d) => n + d.value, 0);
  const peak = data.find((d) => d.value === max);
  const slot = WIDTH / Math.max(1, data.length);
  const column = slot * 0.7;
  const plot = HEIGHT - TOP - AXIS;
  const base = HEIGHT - AXIS;
  const summary =
    max > 0 && peak
      ? `${title} : ${formatCount(total)} au total, au plus ${formatCount(max)} (${peak.longLabel}), ` +
        `${formatCount(data.at(-1)?.value ?? 0)} pour la période en cours.`
      : `${title} : 0 au total.`;
  return (
    <figure className={className}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} fontSize="12" width="100%">
        {max > 0 && !showValues ? (
          <text x="0" y="10" fill="currentColor" opacity="0.7">
            max. {formatCount(max)}
          </text>
        ) : null}
        {data.map((d, i) => {
          const h = max > 0 ? (d.value / max) * plot : 0;
          const x = i * slot + (slot - column) / 2;
          const labelled = (data.length - 1 - i) % labelEvery === 0;
          return (
            <g key={d.key}>
              <rect x={x} y={base - h} width={column} height={h} rx="2" fill={color}>
                <title>{`${d.longLabel} : ${formatCount(d.value)}`}</title>
              </rect>
              {showValues && d.value > 0 ? (
                <text x={x + column / 2} y={base - h - 4} textAnchor="middle" fill="currentColor" fontWeight="600">
                  {formatCount(d.value)}
                </text>
              ) : null}
              {labelled ? (
                <text {...axisLabelPosition(x, column)} y={HEIGHT - 6} fill="currentColor" opacity="0.75">
                  {d.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1="0" x2={WIDTH} y1={base + 0.5} y2={base + 0.5} stroke="currentColor" strokeOpacity="0.35" />
      </svg>
      <ChartTable
        title={title}
        labelHeader={labelHeader}
        valueHeader={valueHeader}
        rows={data.map((d) => ({ key: d.key, label: d.longLabel, value: d.value }))}
      />
    </figure>
  );
}
