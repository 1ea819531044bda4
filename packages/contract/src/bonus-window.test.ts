import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { receivedInWindow, receiveLimitReached, windowStart } from './bonus-window';

const bangkok = (iso: string) => new Date(`${iso}+07:00`);

describe('bonus receive windows (Bangkok time)', () => {
  it('opens the day window at 00:00 Bangkok, which is 17:00 UTC the day before', () => {
    expect(new Date(windowStart('day', bangkok('2026-11-24T00:00:00'))).toISOString()).toBe(
      '2026-11-23T17:00:00.000Z',
    );
    expect(new Date(windowStart('day', bangkok('2026-11-24T23:59:59'))).toISOString()).toBe(
      '2026-11-23T17:00:00.000Z',
    );
  });

  it('opens the week window on Monday 00:00 Bangkok', () => {
    // 2026-11-23 is a Monday; Sunday 29th still belongs to its week, Monday 30th does not.
    for (const day of ['2026-11-23T00:00:00', '2026-11-26T12:00:00', '2026-11-29T23:59:59'])
      expect(new Date(windowStart('week', bangkok(day))).toISOString()).toBe(
        '2026-11-22T17:00:00.000Z',
      );
    expect(new Date(windowStart('week', bangkok('2026-11-30T00:00:00'))).toISOString()).toBe(
      '2026-11-29T17:00:00.000Z',
    );
  });

  it('counts a receipt at 23:59:59 and not one at 00:00:00 of the next day', () => {
    const received = [bangkok('2026-11-24T23:59:59').toISOString()];
    expect(receivedInWindow('day', received, bangkok('2026-11-24T08:00:00'))).toBe(1);
    expect(receivedInWindow('day', received, bangkok('2026-11-25T00:00:00'))).toBe(0);
    expect(receiveLimitReached({ type: 'limit', maxReceived: 1 }, received, new Date())).toBe(true);
  });

  it('property: a receipt counts in the window of `now` exactly when both share the Bangkok day / Monday-week', () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(instant, instant, (at, now) => {
        // An independent oracle: the Bangkok calendar read through Intl, not arithmetic.
        const parts = (ms: number) => {
          const text = new Intl.DateTimeFormat('en-CA', {
            timeZone: 'Asia/Bangkok',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            weekday: 'short',
          }).formatToParts(new Date(ms));
          const get = (type: string) => text.find((p) => p.type === type)!.value;
          const date = Date.UTC(+get('year'), +get('month') - 1, +get('day'));
          const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
          return { date, monday: date - weekday * 86_400_000 };
        };
        const a = parts(at);
        const n = parts(now);
        const iso = [new Date(at).toISOString()];
        expect(receivedInWindow('day', iso, new Date(now))).toBe(a.date === n.date ? 1 : 0);
        expect(receivedInWindow('week', iso, new Date(now))).toBe(a.monday === n.monday ? 1 : 0);
        expect(receivedInWindow('limit', iso, new Date(now))).toBe(1);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the edges of each Bangkok day belong to it, one millisecond before does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 18_000, max: 22_000 }), (day) => {
        const start = day * 86_400_000 - 7 * 3_600_000;
        const inside = [new Date(start).toISOString(), new Date(start + 86_399_999).toISOString()];
        const before = [new Date(start - 1).toISOString()];
        const now = new Date(start + 3_600_000);
        expect(receivedInWindow('day', inside, now)).toBe(2);
        expect(receivedInWindow('day', before, now)).toBe(0);
      }),
    );
  });
});
