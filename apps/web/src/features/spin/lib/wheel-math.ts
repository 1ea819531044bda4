// The wheel's geometry and motion (spec section 9: 4 to 5 s, 2 or 3 extra full turns,
// friction 0.991). Slice i spans [i, i + 1) x segment, clockwise from the pointer at the
// top; the wheel's rotation is clockwise in radians. Pure functions, tested on their own.

export const TAU = Math.PI * 2;
export const FRICTION = 0.991;
/** Frames per second the friction is counted in (one multiplication per frame). */
const FPS = 60;

/** The wheel's size: the smaller of 350 px or 85% of the window width. */
export function wheelSize(windowWidth: number): number {
  return Math.max(0, Math.floor(Math.min(350, windowWidth * 0.85)));
}

const normalize = (angle: number) => ((angle % TAU) + TAU) % TAU;

/** The slice under the pointer at rotation `rotation`. */
export function sliceAt(rotation: number, count: number): number {
  const segment = TAU / count;
  return Math.min(count - 1, Math.floor(normalize(-rotation) / segment));
}

/**
 * The rotation to stop at: from `current`, `extraTurns` full turns and then on to slice
 * `index`, `offset` (from -0.5 to 0.5 of a slice, kept off the edges) from its middle.
 */
export function stopRotation(
  current: number,
  index: number,
  count: number,
  extraTurns: number,
  offset = 0,
): number {
  if (count < 1 || index < 0 || index >= count) throw new RangeError('no such slice');
  const segment = TAU / count;
  const safeOffset = Math.max(-0.4, Math.min(0.4, offset));
  const target = -((index + 0.5 + safeOffset) * segment);
  const delta = normalize(target - current);
  return current + extraTurns * TAU + delta;
}

/**
 * How far along the turn is after `elapsedMs` of `durationMs` (0 to 1): the speed falls by
 * `friction` each frame, scaled so the wheel stops exactly at the end.
 */
export function frictionProgress(
  elapsedMs: number,
  durationMs: number,
  friction = FRICTION,
): number {
  if (elapsedMs <= 0) return 0;
  if (elapsedMs >= durationMs) return 1;
  const frames = (elapsedMs / 1000) * FPS;
  const total = (durationMs / 1000) * FPS;
  return (1 - friction ** frames) / (1 - friction ** total);
}

export interface SpinPlan {
  durationMs: number;
  extraTurns: number;
}

/** 4 to 5 s with 2 or 3 extra turns; a short plain turn when motion is reduced. */
export function spinPlan(reducedMotion: boolean, random: () => number = Math.random): SpinPlan {
  if (reducedMotion) return { durationMs: 600, extraTurns: 0 };
  return { durationMs: 4000 + Math.round(random() * 1000), extraTurns: random() < 0.5 ? 2 : 3 };
}
