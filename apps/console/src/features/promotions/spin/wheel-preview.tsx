// The spin wheel as members see it (decision 0083): equal segments in each slice's colours
// with its label, the pointer at the top. Drawn as SVG; the chance of each slice is its
// weight, not its segment, so the caption says so.
import { useId } from 'react';
import { useI18n } from '@/i18n/i18n';

export interface WheelSlice {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
}

const SIZE = 260;
const C = SIZE / 2;
const R = C - 8;

function point(angle: number, radius: number): [number, number] {
  return [C + radius * Math.cos(angle), C + radius * Math.sin(angle)];
}

export function WheelPreview({ slices, title }: { slices: readonly WheelSlice[]; title: string }) {
  const { t } = useI18n();
  const id = useId();
  const n = slices.length;
  const segment = n > 0 ? (Math.PI * 2) / n : 0;
  const base = -Math.PI / 2;
  return (
    <figure className="wheel-preview" data-testid="wheel-preview">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        width={SIZE}
        height={SIZE}
        role="img"
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>
          {t('promotions.spin.previewAlt', { name: title, count: n })}
        </title>
        <circle cx={C} cy={C} r={R} fill="#19223b" />
        {slices.map((slice, i) => {
          const from = base + i * segment;
          const to = from + segment;
          const [x1, y1] = point(from, R);
          const [x2, y2] = point(to, R);
          const large = segment > Math.PI ? 1 : 0;
          const mid = (from + to) / 2;
          const [tx, ty] = point(mid, R * 0.62);
          const d =
            n === 1
              ? `M ${C} ${C - R} A ${R} ${R} 0 1 1 ${C - 0.01} ${C - R} Z`
              : `M ${C} ${C} L ${x1} ${y1} A ${R} ${R} 0 ${large} 1 ${x2} ${y2} Z`;
          const label = slice.label.length > 12 ? `${slice.label.slice(0, 11)}…` : slice.label;
          return (
            <g key={`${slice.code}-${i}`}>
              <path d={d} fill={slice.bgColor} stroke="rgba(255,255,255,0.6)" strokeWidth="1.5" />
              <text
                x={tx}
                y={ty}
                fill={slice.textColor}
                fontSize="12"
                fontWeight="600"
                textAnchor="middle"
                dominantBaseline="middle"
                transform={`rotate(${(mid * 180) / Math.PI} ${tx} ${ty})`}
              >
                {label}
              </text>
            </g>
          );
        })}
        <circle cx={C} cy={C} r={R} fill="none" stroke="#f5c542" strokeWidth="4" />
        <circle cx={C} cy={C} r="16" fill="#f5c542" />
        <path d={`M ${C - 11} 0 L ${C + 11} 0 L ${C} 22 Z`} fill="#f5c542" stroke="#0d1222" />
      </svg>
      <figcaption className="muted">{t('promotions.spin.previewCaption')}</figcaption>
    </figure>
  );
}
