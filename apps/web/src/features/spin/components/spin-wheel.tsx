import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '@/i18n/use-i18n';
import type { Slice } from '@/features/spin/api/get-spin-setup';
import {
  frictionProgress,
  sliceAt,
  spinPlan,
  stopRotation,
  TAU,
  wheelSize,
} from '@/features/spin/lib/wheel-math';

function useWheelSize(): number {
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(wheelSize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Draws the wheel at `rotation` (radians, clockwise); the pointer stays at the top. */
function drawWheel(
  canvas: HTMLCanvasElement,
  size: number,
  slices: readonly Slice[],
  rotation: number,
): void {
  const ctx = canvas.getContext('2d');
  // A window measured at 0 px wide (a page still being laid out) has nothing to draw.
  if (!ctx || size < 40 || slices.length === 0) return;
  const ratio = window.devicePixelRatio || 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const centre = size / 2;
  const radius = centre - 6;
  const segment = TAU / slices.length;
  const base = -Math.PI / 2 + rotation;
  slices.forEach((slice, i) => {
    const from = base + i * segment;
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, from, from + segment);
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.6)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(from + segment / 2);
    ctx.fillStyle = slice.textColor;
    ctx.font = `600 ${Math.max(11, Math.round(size / 24))}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(fitText(ctx, slice.label, radius * 0.62), radius - 10, 0);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(centre, centre, radius, 0, TAU);
  ctx.lineWidth = 4;
  ctx.strokeStyle = '#f5c542';
  ctx.stroke();
  // The pointer at the top.
  ctx.beginPath();
  ctx.moveTo(centre - 11, 0);
  ctx.lineTo(centre + 11, 0);
  ctx.lineTo(centre, 24);
  ctx.closePath();
  ctx.fillStyle = '#f5c542';
  ctx.fill();
  ctx.strokeStyle = '#1f2937';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/**
 * The wheel on a canvas with the centre spin button (spec sections 2, 4 and 9). A press
 * while spinning or with no coins does nothing. `onSpin` asks the server first and answers
 * the winning slice's code (or null after an error); the wheel then turns to that slice.
 */
export function SpinWheel({
  name,
  slices,
  coins,
  onSpin,
  onLanded,
}: {
  name: string;
  slices: readonly Slice[];
  coins: number;
  onSpin: () => Promise<string | null>;
  onLanded: (slice: Slice) => void;
}) {
  const { t } = useI18n();
  const size = useWheelSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const frame = useRef(0);
  const [spinning, setSpinning] = useState(false);
  /** The slice under the pointer where the wheel came to rest, read back from its rotation. */
  const [landed, setLanded] = useState<string | undefined>(undefined);
  const busy = useRef(false);

  const paint = useCallback(() => {
    if (canvasRef.current) drawWheel(canvasRef.current, size, slices, rotation.current);
  }, [size, slices]);

  useEffect(() => {
    paint();
  }, [paint]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const press = async () => {
    if (busy.current || coins <= 0) return;
    busy.current = true;
    setSpinning(true);
    const code = await onSpin();
    const index = code === null ? -1 : slices.findIndex((s) => s.code === code);
    if (index < 0) {
      busy.current = false;
      setSpinning(false);
      return;
    }
    const plan = spinPlan(reducedMotion());
    const start = rotation.current;
    const target = stopRotation(start, index, slices.length, plan.extraTurns, Math.random() - 0.5);
    // Timed from the first frame's own clock (the frame time, not performance.now()).
    let began: number | undefined;
    const step = (now: number) => {
      began ??= now;
      const progress = frictionProgress(now - began, plan.durationMs);
      rotation.current = start + (target - start) * progress;
      paint();
      if (progress < 1) {
        frame.current = requestAnimationFrame(step);
        return;
      }
      busy.current = false;
      setSpinning(false);
      setLanded(slices[sliceAt(rotation.current, slices.length)]?.code);
      onLanded(slices[index]!);
    };
    frame.current = requestAnimationFrame(step);
  };

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const unavailable = spinning || coins <= 0;
  return (
    <div className="spin-wheel" style={{ width: size, height: size }}>
      <canvas
        ref={canvasRef}
        width={Math.round(size * ratio)}
        height={Math.round(size * ratio)}
        style={{ width: size, height: size }}
        role="img"
        aria-label={t('spin.wheelAlt', {
          name,
          count: slices.length,
          slices: slices.map((s) => s.label).join(', '),
        })}
        data-testid="spin-canvas"
        data-spinning={spinning || undefined}
        data-landed={landed}
      />
      <button
        type="button"
        className="spin-wheel__button"
        onClick={() => void press()}
        aria-disabled={unavailable || undefined}
        aria-label={t('spin.spinLabel', { coins })}
        data-testid="spin-button"
      >
        <span className="spin-wheel__word" aria-hidden="true">
          {t('spin.spinButton')}
        </span>
        <span className="spin-wheel__coins mono" aria-hidden="true" data-testid="spin-coins">
          {coins}
        </span>
      </button>
    </div>
  );
}
