import { describe, expect, it } from 'vitest';
import { bangkokMinuteOfDay, isInClosedWindow } from '@/features/deposit/lib/slip-window';

// Bangkok is UTC+7: 16:50Z is 23:50 there.
const at = (iso: string) => new Date(iso);

describe('slip closed window (Asia/Bangkok)', () => {
  it('reads the Bangkok time of day', () => {
    expect(bangkokMinuteOfDay(at('2026-11-22T16:50:00Z'))).toBe(23 * 60 + 50);
    expect(bangkokMinuteOfDay(at('2026-11-22T17:05:00Z'))).toBe(5);
  });

  it('handles a window across midnight (23:50 to 00:10)', () => {
    expect(isInClosedWindow('23:50', '00:10', at('2026-11-22T16:49:59Z'))).toBe(false);
    expect(isInClosedWindow('23:50', '00:10', at('2026-11-22T16:50:00Z'))).toBe(true);
    expect(isInClosedWindow('23:50', '00:10', at('2026-11-22T17:09:00Z'))).toBe(true);
    expect(isInClosedWindow('23:50', '00:10', at('2026-11-22T17:10:00Z'))).toBe(false);
  });

  it('handles a window within a day', () => {
    expect(isInClosedWindow('01:00', '02:30', at('2026-11-22T18:30:00Z'))).toBe(true);
    expect(isInClosedWindow('01:00', '02:30', at('2026-11-22T19:30:00Z'))).toBe(false);
  });

  it('is open without a window or with a malformed one', () => {
    const now = at('2026-11-22T16:55:00Z');
    expect(isInClosedWindow(null, null, now)).toBe(false);
    expect(isInClosedWindow('23:50', null, now)).toBe(false);
    expect(isInClosedWindow('25:00', '00:10', now)).toBe(false);
    expect(isInClosedWindow('10:00', '10:00', now)).toBe(false);
  });
});
