// The refund's period (decision 0071): the Bangkok calendar week, Monday 00:00 to the next
// Monday 00:00 (Asia/Bangkok, UTC+7). A period's refund can be received from the Monday after
// it ends, for refund.claimDays days (1-7, so at most one period is open at a time).
import { windowStart } from '@wallet/contract/bonus-window';

const DAY_MS = 24 * 60 * 60 * 1000;
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface RefundPeriod {
  /** The Monday, as a Bangkok date (YYYY-MM-DD): the ledger key's and the row's period. */
  key: string;
  /** The Sunday that ends it, as a Bangkok date. */
  lastDay: string;
  /** First instant (inclusive), ISO. */
  start: string;
  /** Last instant (exclusive), ISO: the next Monday 00:00 Bangkok time. */
  end: string;
}

const bangkokDate = (ms: number) => new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

/** The period (week) that contains `at`. */
export function periodOf(at: Date): RefundPeriod {
  const start = windowStart('week', at);
  const end = start + 7 * DAY_MS;
  return {
    key: bangkokDate(start),
    lastDay: bangkokDate(end - DAY_MS),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
  };
}

/** The period whose refund can be received at `now`, or null when its days have passed. */
export function receivablePeriod(now: Date, claimDays: number): RefundPeriod | null {
  const thisWeek = windowStart('week', now);
  if (now.getTime() >= thisWeek + claimDays * DAY_MS) return null;
  return periodOf(new Date(thisWeek - 1));
}
