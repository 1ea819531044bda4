import { describe, expect, it } from 'vitest';
import {
  bahtIn,
  chances,
  collector,
  formatChance,
  fromBangkokInput,
  intIn,
  rateIn,
  toBangkokInput,
  withoutProblems,
} from './form';

describe('promotions form checks', () => {
  it('answers the catalogue code the server would: KEY_MISSING when empty, KEY_INVALID out of bounds', () => {
    expect(intIn('', { min: 1, max: 10 })).toBe('KEY_MISSING');
    expect(intIn('11', { min: 1, max: 10 })).toBe('KEY_INVALID');
    expect(intIn('2.5', { min: 1, max: 10 })).toBe('KEY_INVALID');
    expect(intIn(' 7 ', { min: 1, max: 10 })).toBe(7);
    expect(bahtIn('1,234.50')).toBe(1234.5);
    expect(bahtIn('1.234')).toBe('KEY_INVALID');
    expect(bahtIn('0', 0.01)).toBe('KEY_INVALID');
    expect(rateIn('2.25')).toBe(2.25);
    expect(rateIn('100.01')).toBe('KEY_INVALID');
  });

  it('collects the first problem per field and the values of the rest', () => {
    const c = collector();
    expect(c.take('a', intIn('3', { min: 1, max: 5 }))).toBe(3);
    c.take('b', intIn('', { min: 1, max: 5 }));
    c.localized('name', { th: 'x', la: '', en: 'y'.repeat(41) }, 40);
    expect(c.problems).toEqual({
      b: 'KEY_MISSING',
      'name.la': 'KEY_MISSING',
      'name.en': 'KEY_INVALID',
    });
    expect(c.ok()).toBe(false);
    expect(withoutProblems(c.problems, 'name')).toEqual({ b: 'KEY_MISSING' });
    expect(withoutProblems(c.problems, 'nam')).toBe(c.problems);
  });

  it('reads and writes Bangkok times for the datetime inputs', () => {
    expect(toBangkokInput('2026-01-31T17:05:00.000Z')).toBe('2026-02-01T00:05');
    expect(fromBangkokInput('2026-02-01T00:05')).toBe('2026-01-31T17:05:00.000Z');
    expect(fromBangkokInput('')).toBeNull();
    expect(fromBangkokInput('tomorrow')).toBe('KEY_INVALID');
  });

  it('gives each slice weight / total as its chance', () => {
    const odds = chances([30, 25, 0, 45]);
    expect(odds).toEqual([30, 25, 0, 45]);
    expect(odds.reduce((a, b) => a + b, 0)).toBeCloseTo(100);
    expect(chances([0, 0])).toEqual([0, 0]);
    expect(formatChance(100 / 7)).toBe('14.29%');
    expect(formatChance(1 / 1_000_000)).toBe('<0.01%');
  });
});
