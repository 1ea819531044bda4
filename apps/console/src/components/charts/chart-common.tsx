// What BarChart and LineChart share: the scale, the spoken summary and the data table that
// screen readers read instead of the drawing (the SVG is one role="img" with a summary).
import { t } from '@/i18n/i18n';

export interface ChartSeries {
  /** Translated name, shown in the legend and the table's header. */
  name: string;
  /** One value per label; null for a missing point. */
  values: readonly (number | null)[];
}

export interface ChartProps {
  /** Translated title: the figure's caption and the start of the summary. */
  title: string;
  /** One per point on the x axis, already formatted ("01/02", "Mon"). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** How values are written (default: whole numbers with separators). */
  format?: (value: number) => string;
  /** Drawing height in px (the width follows the container). */
  height?: number;
}

export const SERIES_COLOURS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
];

export const defaultFormat = (value: number) =>
  Math.round(value).toLocaleString('en-US', { maximumFractionDigits: 0 });

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The axis range: always includes 0, rounded outwards. */
export function valueRange(series: readonly ChartSeries[]): { min: number; max: number } {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = niceCeil(Math.max(0, ...values));
  const lowest = Math.min(0, ...values);
  const min = lowest < 0 ? -niceCeil(-lowest) : 0;
  return { min, max: max === min ? 1 : max };
}

export function chartSummary(props: ChartProps): string {
  const format = props.format ?? defaultFormat;
  const series = props.series
    .map((s) => {
      const values = s.values.filter((v): v is number => v !== null);
      return t('chart.seriesSummary', {
        name: s.name,
        total: format(values.reduce((sum, v) => sum + v, 0)),
        max: format(values.length ? Math.max(...values) : 0),
      });
    })
    .join('; ');
  return t('chart.summary', {
    title: props.title,
    count: props.labels.length,
    from: props.labels[0] ?? '–',
    to: props.labels[props.labels.length - 1] ?? '–',
    series,
  });
}

/** The chart's numbers as a table, hidden from sight but read by screen readers. */
export function ChartTable(props: ChartProps) {
  const format = props.format ?? defaultFormat;
  return (
    <table className="visually-hidden">
      <caption>{t('chart.tableCaption', { title: props.title })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart.label')}</th>
          {props.series.map((s) => (
            <th key={s.name} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.labels.map((label, i) => (
          <tr key={`${label}-${i}`}>
            <th scope="row">{label}</th>
            {props.series.map((s) => {
              const value = s.values[i];
              return (
                <td key={s.name}>{value === null || value === undefined ? '–' : format(value)}</td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Legend({ series, markers }: { series: readonly ChartSeries[]; markers?: boolean }) {
  return (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s, i) => (
        <li key={s.name}>
          <svg width="14" height="14" viewBox="0 0 14 14">
            {markers ? (
              <Marker index={i} x={7} y={7} />
            ) : (
              <rect
                width="14"
                height="14"
                rx="3"
                fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
              />
            )}
          </svg>
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** Each line series has its own point shape, so lines differ by more than colour. */
export function Marker({ index, x, y }: { index: number; x: number; y: number }) {
  const fill = SERIES_COLOURS[index % SERIES_COLOURS.length];
  switch (index % 4) {
    case 0:
      return <circle cx={x} cy={y} r={4.5} fill={fill} />;
    case 1:
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill={fill} />;
    case 2:
      return <path d={`M${x} ${y - 5}L${x + 5} ${y + 4}H${x - 5}Z`} fill={fill} />;
    default:
      return <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} fill={fill} />;
  }
}

/** Horizontal grid lines with their values on the left. */
export function YAxis(props: {
  min: number;
  max: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
  format: (value: number) => string;
}) {
  const steps = 4;
  const y = (value: number) =>
    props.bottom - ((value - props.min) / (props.max - props.min)) * (props.bottom - props.top);
  return (
    <g className="chart-axis">
      {Array.from({ length: steps + 1 }, (_, i) => {
        const value = props.min + ((props.max - props.min) * i) / steps;
        return (
          <g key={i}>
            <line x1={props.left} x2={props.right} y1={y(value)} y2={y(value)} />
            <text x={props.left - 6} y={y(value)} dy="0.32em" textAnchor="end">
              {props.format(value)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
