import { useI18n } from '@/i18n/i18n';
import {
  ChartTable,
  chartSummary,
  defaultFormat,
  Legend,
  SERIES_COLOURS,
  valueRange,
  YAxis,
  type ChartProps,
} from './chart-common';
import './chart.css';

const WIDTH = 720;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };

/**
 * Grouped bars: one group per label (a day), one bar per series (deposits, withdrawals).
 * Plain SVG; the drawing is role="img" with a spoken summary, and the numbers are in a
 * visually hidden table.
 */
export function BarChart(props: ChartProps) {
  useI18n(); // re-render the summary on a language switch
  const height = props.height ?? 240;
  const format = props.format ?? defaultFormat;
  const { min, max } = valueRange(props.series);
  const plotW = WIDTH - PAD.left - PAD.right;
  const bottom = height - PAD.bottom;
  const y = (value: number) => bottom - ((value - min) / (max - min)) * (bottom - PAD.top);
  const group = plotW / Math.max(1, props.labels.length);
  const bar = Math.max(2, Math.min(28, (group * 0.75) / Math.max(1, props.series.length)));
  const labelEvery = Math.ceil(props.labels.length / 12);

  return (
    <figure className="chart">
      <figcaption className="chart-title">{props.title}</figcaption>
      <svg
        role="img"
        aria-label={chartSummary(props)}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="chart-svg"
      >
        <YAxis
          min={min}
          max={max}
          top={PAD.top}
          bottom={bottom}
          left={PAD.left}
          right={WIDTH - PAD.right}
          format={format}
        />
        {props.labels.map((label, i) => {
          const start = PAD.left + i * group + (group - bar * props.series.length) / 2;
          return (
            <g key={`${label}-${i}`}>
              {props.series.map((s, j) => {
                const value = s.values[i];
                if (value === null || value === undefined) return null;
                const top = Math.min(y(value), y(0));
                return (
                  <rect
                    key={s.name}
                    x={start + j * bar}
                    y={top}
                    width={bar - 1}
                    height={Math.max(value === 0 ? 0 : 1, Math.abs(y(value) - y(0)))}
                    fill={SERIES_COLOURS[j % SERIES_COLOURS.length]}
                  />
                );
              })}
              {i % labelEvery === 0 ? (
                <text
                  className="chart-x-label"
                  x={PAD.left + i * group + group / 2}
                  y={height - 8}
                  textAnchor="middle"
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="chart-zero" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
      </svg>
      <Legend series={props.series} />
      <ChartTable {...props} />
    </figure>
  );
}
