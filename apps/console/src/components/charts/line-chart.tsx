import { useI18n } from '@/i18n/i18n';
import {
  ChartTable,
  chartSummary,
  defaultFormat,
  Legend,
  Marker,
  SERIES_COLOURS,
  valueRange,
  YAxis,
  type ChartProps,
} from './chart-common';
import './chart.css';

const WIDTH = 720;
const PAD = { top: 12, right: 16, bottom: 28, left: 64 };

/**
 * Lines over the labels, each series with its own point shape. Plain SVG; the drawing is
 * role="img" with a spoken summary, and the numbers are in a visually hidden table.
 */
export function LineChart(props: ChartProps) {
  useI18n();
  const height = props.height ?? 240;
  const format = props.format ?? defaultFormat;
  const { min, max } = valueRange(props.series);
  const plotW = WIDTH - PAD.left - PAD.right;
  const bottom = height - PAD.bottom;
  const y = (value: number) => bottom - ((value - min) / (max - min)) * (bottom - PAD.top);
  const step = props.labels.length > 1 ? plotW / (props.labels.length - 1) : 0;
  const x = (i: number) => (props.labels.length > 1 ? PAD.left + i * step : PAD.left + plotW / 2);
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
        {props.series.map((s, j) => {
          // A missing value breaks the line (a new M segment).
          let d = '';
          let pen = false;
          s.values.forEach((value, i) => {
            if (value === null || value === undefined) {
              pen = false;
              return;
            }
            d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(value).toFixed(1)}`;
            pen = true;
          });
          return (
            <g key={s.name}>
              <path
                d={d}
                fill="none"
                stroke={SERIES_COLOURS[j % SERIES_COLOURS.length]}
                strokeWidth={2.5}
              />
              {s.values.map((value, i) =>
                value === null || value === undefined ? null : (
                  <Marker key={i} index={j} x={x(i)} y={y(value)} />
                ),
              )}
            </g>
          );
        })}
        {props.labels.map((label, i) =>
          i % labelEvery === 0 ? (
            <text
              key={`${label}-${i}`}
              className="chart-x-label"
              x={x(i)}
              y={height - 8}
              textAnchor="middle"
            >
              {label}
            </text>
          ) : null,
        )}
      </svg>
      <Legend series={props.series} markers />
      <ChartTable {...props} />
    </figure>
  );
}
