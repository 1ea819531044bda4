import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '@/features/deposit/lib/countdown';

describe('QR countdown', () => {
  it('formats mm:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(125)).toBe('02:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(5400)).toBe('90:00');
  });

  it('counts whole seconds left, rounded up, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
