import { describe, expect, it } from 'vitest';
import { bangkokDate, bangkokDayStart } from './bangkok-day';

describe('Bangkok days', () => {
  it('puts 17:00 UTC into the next Bangkok day', () => {
    expect(bangkokDate('2026-11-24T16:59:59.999Z')).toBe('2026-11-24');
    expect(bangkokDate('2026-11-24T17:00:00.000Z')).toBe('2026-11-25');
  });

  it('starts a Bangkok day at 17:00 UTC of the day before', () => {
    expect(bangkokDayStart('2026-11-25')).toBe('2026-11-24T17:00:00.000Z');
    expect(bangkokDayStart('2026-11-25', 1)).toBe('2026-11-25T17:00:00.000Z');
    expect(() => bangkokDayStart('nope')).toThrow();
  });
});
