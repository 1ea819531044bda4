// The pure rules of player protection (issue 28, decision 0139): windows, durations, and when
// a refused amount fits again. No database, no clock: times are milliseconds since the epoch.
import { DAY_MS } from '../../lib/clock';

export type LimitKind = 'deposit' | 'loss';
export type Period = 'day' | 'week' | 'month';
export type TimeOutDuration = '24h' | '7d' | '30d' | '6w';
export type ExclusionDuration = '6m' | '1y' | '5y';

/** Rolling windows: 24 hours, 7 days, 30 days. */
export const PERIOD_MS: Record<Period, number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];
export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'loss'];

/** A raise or removal of a limit can be confirmed this long after it was asked for. */
export const COOLING_OFF_MS = DAY_MS;

const TIME_OUT_MS: Record<TimeOutDuration, number> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6w': 42 * DAY_MS,
};
const EXCLUSION_MONTHS: Record<ExclusionDuration, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** When a time-out taken at `start` ends. */
export const timeOutEnd = (start: Date, duration: TimeOutDuration): Date =>
  new Date(start.getTime() + TIME_OUT_MS[duration]);

/** When a self-exclusion taken at `start` ends: calendar months (UTC), the day kept. */
export function exclusionEnd(start: Date, duration: ExclusionDuration): Date {
  const end = new Date(start.getTime());
  end.setUTCMonth(end.getUTCMonth() + EXCLUSION_MONTHS[duration]);
  return end;
}

/** An amount at a time (deposit +, return -; into a game +, back from a game -). */
export interface Timed {
  at: number;
  amount: number;
}

/** Money set aside until `until` (an open QR until it expires; null: until it settles). */
export interface Reserved {
  amount: number;
  until: number | null;
}

/** What a window ending at `t` holds: the items after t - period and not after `now`. */
export function usedAt(items: readonly Timed[], t: number, periodMs: number, now = t): number {
  let used = 0;
  for (const item of items) if (item.at > t - periodMs && item.at <= now) used += item.amount;
  return used;
}

const reservedAt = (reserved: readonly Reserved[], t: number) =>
  reserved.reduce((sum, r) => (r.until === null || r.until > t ? sum + r.amount : sum), 0);

/**
 * The first time from `now` at which `amount` fits under `limit` as the window slides (items
 * leave it, reservations end); null when it never does (no new item assumed).
 */
export function fitsFrom(
  items: readonly Timed[],
  reserved: readonly Reserved[],
  now: number,
  periodMs: number,
  limit: number,
  amount: number,
): number | null {
  const times = new Set<number>([now]);
  for (const item of items) if (item.at + periodMs > now) times.add(item.at + periodMs);
  for (const r of reserved) if (r.until !== null && r.until > now) times.add(r.until);
  for (const t of [...times].sort((a, b) => a - b)) {
    const total = Math.max(0, usedAt(items, t, periodMs, now)) + reservedAt(reserved, t);
    if (total + amount <= limit) return t;
  }
  return null;
}
