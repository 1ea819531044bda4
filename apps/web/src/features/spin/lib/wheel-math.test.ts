import { describe, expect, it } from 'vitest';
import { frictionProgress, sliceAt, spinPlan, stopRotation, TAU, wheelSize } from './wheel-math';

describe('wheel math', () => {
  it('sizes the wheel to the smaller of 350 px or 85% of the window', () => {
    expect(wheelSize(360)).toBe(306);
    expect(wheelSize(412)).toBe(350);
    expect(wheelSize(1280)).toBe(350);
  });

  it('stops on the chosen slice from any start, after the extra turns', () => {
    for (const count of [1, 2, 7, 8, 24]) {
      for (const start of [0, 1.234, -5, 40.5, TAU * 3]) {
        for (let index = 0; index < count; index++) {
          for (const offset of [-0.5, -0.2, 0, 0.3, 0.9]) {
            for (const turns of [0, 2, 3]) {
              const end = stopRotation(start, index, count, turns, offset);
              expect(sliceAt(end, count)).toBe(index);
              expect(end - start).toBeGreaterThanOrEqual(turns * TAU);
              expect(end - start).toBeLessThan((turns + 1) * TAU);
            }
          }
        }
      }
    }
  });

  it('refuses a slice the wheel does not have', () => {
    expect(() => stopRotation(0, 8, 8, 2)).toThrow(RangeError);
    expect(() => stopRotation(0, 0, 0, 2)).toThrow(RangeError);
  });

  it('slows down by friction 0.991 and arrives exactly at the end', () => {
    expect(frictionProgress(0, 4500)).toBe(0);
    expect(frictionProgress(4500, 4500)).toBe(1);
    const samples = Array.from({ length: 46 }, (_, i) => frictionProgress(i * 100, 4500));
    for (let i = 1; i < samples.length; i++) expect(samples[i]).toBeGreaterThan(samples[i - 1]!);
    // Decelerating: the first second covers more than the last.
    expect(samples[10]! - samples[0]!).toBeGreaterThan(samples[45]! - samples[35]!);
    // One frame's speed ratio is the friction.
    const f = (frame: number) => frictionProgress((frame * 1000) / 60, 4500);
    expect((f(11) - f(10)) / (f(10) - f(9))).toBeCloseTo(0.991, 6);
  });

  it('plans 4-5 s with 2 or 3 turns, or a short plain turn for reduced motion', () => {
    expect(spinPlan(false, () => 0)).toEqual({ durationMs: 4000, extraTurns: 2 });
    expect(spinPlan(false, () => 0.999)).toEqual({ durationMs: 4999, extraTurns: 3 });
    expect(spinPlan(true)).toEqual({ durationMs: 600, extraTurns: 0 });
  });
});
