// Horizontal bars, one per item, as a small SVG that scales with its container (no chart library).
// Screen readers get a summary (aria-label) and the figures in a visually hidden table.
import { ChartTable } from './ChartTable';
import { formatCount } from './format';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** Bar colour; the chart's colour otherwise. */
  color?: string;
}

const WIDTH = 400;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 44;
const ROW = 26;
const BAR = 16;

export function BarChart({
  title,
  data,
  labelHeader,
  valueHeader,
  color = '#0b4f6c',
  className,
}: {
  /** What the chart shows, e.g. « Événements à venir par canton ». */
  title: string;
  data: readonly BarDatum[];
  labelHeader: string;
  valueHeader: string;
  color?: string;
  className?: string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const scale = (WIDTH - LABEL_WIDTH - VALUE_WIDTH) / max;
  const height = Math.max(ROW, data.length * ROW);
  const summary = `${title} : ${data.map((d) => `${d.label} ${formatCount(d.value)}`).join(', ')}.`;
  return (
    <figure className={className}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary} fontSize="13" width="100%">
        {data.map((d, i) => {
          const y = i * ROW;
          const width = d.value > 0 ? Math.max(2, d.value * scale) : 0;
          return (
            <g key={d.key}>
              <text x={LABEL_WIDTH - 8} y={y + ROW / 2} dy="0.35em" textAnchor="end" fill="currentColor">
                {d.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y + (ROW - BAR) / 2}
                width={WIDTH - LABEL_WIDTH - VALUE_WIDTH}
                height={BAR}
                fill="#f1eee9"
              />
              <rect x={LABEL_WIDTH} y={y + (ROW - BAR) / 2} width={width} height={BAR} rx="2" fill={d.color ?? color}>
                <title>{`${d.label} : ${formatCount(d.value)}`}</title>
              </rect>
              <text x={LABEL_WIDTH + width + 6} y={y + ROW / 2} dy="0.35em" fill="currentColor" fontWeight="600">
                {formatCount(d.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable title={title} labelHeader={labelHeader} valueHeader={valueHeader} rows={data} />
    </figure>
  );
}
