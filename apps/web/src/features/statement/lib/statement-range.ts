// The statement's range (issue 28, decision 0145): Bangkok days, inclusive, at most 12 months
// apart; the same rule the server refuses with STATEMENT_RANGE_INVALID.
import { STATEMENT_RANGE_MAX_MONTHS } from '@wallet/contract/client';

export interface StatementRange {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().slice(0, 10) === value;

/** Whether the server will take this range. */
export function isValidRange({ from, to }: StatementRange): boolean {
  if (!isDay(from) || !isDay(to) || to < from) return false;
  const limit = new Date(`${from}T00:00:00.000Z`);
  limit.setUTCMonth(limit.getUTCMonth() + STATEMENT_RANGE_MAX_MONTHS);
  return to < limit.toISOString().slice(0, 10);
}

/** Today in Bangkok, `YYYY-MM-DD`. */
export function bangkokToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}

/** The range the form starts with: the first day of the month two months back, to today. */
export function defaultRange(now: Date = new Date()): StatementRange {
  const to = bangkokToday(now);
  const start = new Date(`${to.slice(0, 7)}-01T00:00:00.000Z`);
  start.setUTCMonth(start.getUTCMonth() - 2);
  return { from: start.toISOString().slice(0, 10), to };
}
