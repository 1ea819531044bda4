import { describe, expect, it } from 'vitest';
import { periodOf, receivablePeriod } from './refund.period';

// Bangkok is UTC+7: Monday 2024-06-10 00:00 Bangkok = 2024-06-09T17:00:00Z.
describe('refund period (Bangkok calendar week)', () => {
  it('puts Sunday 23:59:59 in the week it ends and Monday 00:00 in the next', () => {
    const sunday = periodOf(new Date('2024-06-09T16:59:59.999Z'));
    const monday = periodOf(new Date('2024-06-09T17:00:00.000Z'));
    expect(sunday).toEqual({
      key: '2024-06-03',
      lastDay: '2024-06-09',
      start: '2024-06-02T17:00:00.000Z',
      end: '2024-06-09T17:00:00.000Z',
    });
    expect(monday.key).toBe('2024-06-10');
    expect(monday.start).toBe(sunday.end);
  });

  it('opens the last week from Monday 00:00 for claimDays days', () => {
    expect(receivablePeriod(new Date('2024-06-09T16:59:59.999Z'), 7)?.key).toBe('2024-05-27');
    expect(receivablePeriod(new Date('2024-06-09T17:00:00.000Z'), 7)?.key).toBe('2024-06-03');
    // claimDays 2: Monday and Tuesday only.
    expect(receivablePeriod(new Date('2024-06-11T16:59:59.999Z'), 2)?.key).toBe('2024-06-03');
    expect(receivablePeriod(new Date('2024-06-11T17:00:00.000Z'), 2)).toBeNull();
  });
});
