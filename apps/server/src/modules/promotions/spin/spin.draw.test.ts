import { describe, expect, it } from 'vitest';
import { DEMO_SLICES } from './spin.seed';
import { drawSlice } from './spin.draw';

/** ln Γ(x) (Lanczos, g = 7): enough digits for a p-value. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** P(X >= x) for X chi-square with k degrees of freedom (regularized upper gamma). */
function chiSquareSurvival(x: number, k: number): number {
  const s = k / 2;
  const h = x / 2;
  if (h < s + 1) {
    // series for the lower function
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= h / (s + n);
      sum += term;
      if (term < sum * 1e-15) break;
    }
    return 1 - Math.exp(-h + s * Math.log(h) - logGamma(s)) * sum;
  }
  // continued fraction for the upper function (Lentz)
  let b = h + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let f = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-h + s * Math.log(h) - logGamma(s)) * f;
}

describe('chiSquareSurvival', () => {
  it('matches published critical values', () => {
    // p = 0.001 critical values: df 1: 10.828, df 7: 24.322; p = 0.05 for df 7: 14.067.
    expect(chiSquareSurvival(10.828, 1)).toBeCloseTo(0.001, 5);
    expect(chiSquareSurvival(24.322, 7)).toBeCloseTo(0.001, 5);
    expect(chiSquareSurvival(14.067, 7)).toBeCloseTo(0.05, 4);
    expect(chiSquareSurvival(2, 7)).toBeCloseTo(0.9598, 3);
  });
});

describe('drawSlice', () => {
  it('fits the weights over 100,000 draws of the real crypto draw (chi-square p > 0.001)', () => {
    const slices = [...DEMO_SLICES.map((s) => ({ ...s })), { code: 'ZERO', weight: 0 }];
    const counts = new Map<string, number>();
    const N = 100_000;
    // The endpoint's own function with its own randomness (crypto.randomInt): no copy.
    for (let i = 0; i < N; i++) {
      const code = drawSlice(slices)!.code;
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    expect(counts.get('ZERO')).toBeUndefined();
    const drawable = slices.filter((s) => s.weight > 0);
    const total = drawable.reduce((sum, s) => sum + s.weight, 0);
    let chi = 0;
    for (const s of drawable) {
      const expected = (N * s.weight) / total;
      chi += ((counts.get(s.code) ?? 0) - expected) ** 2 / expected;
    }
    const p = chiSquareSurvival(chi, drawable.length - 1);
    console.log(
      `spin fairness: chi2=${chi.toFixed(2)} df=${drawable.length - 1} p=${p.toFixed(4)}`,
    );
    expect(p).toBeGreaterThan(0.001);
  });

  it('maps each ticket of randomInt(total) to the slice that owns it', () => {
    const slices = [
      { code: 'A', weight: 2 },
      { code: 'Z', weight: 0 },
      { code: 'B', weight: 3 },
    ];
    const drawn = [0, 1, 2, 3, 4].map((ticket) => drawSlice(slices, () => ticket)!.code);
    expect(drawn).toEqual(['A', 'A', 'B', 'B', 'B']);
    let asked = 0;
    drawSlice(slices, (max) => ((asked = max), 0));
    expect(asked).toBe(5);
  });

  it('draws nothing from an empty or all-zero wheel and refuses bad weights', () => {
    expect(drawSlice([])).toBeUndefined();
    expect(drawSlice([{ weight: 0 }, { weight: 0 }])).toBeUndefined();
    expect(() => drawSlice([{ weight: -1 }])).toThrow(RangeError);
    expect(() => drawSlice([{ weight: 1.5 }])).toThrow(RangeError);
    expect(() => drawSlice([{ weight: 2 }], () => 2)).toThrow(RangeError);
  });
});
