import { daysBetween, isYmd } from '@/lib/bangkok-date';

/** The server's limit (contract REPORT_MAX_DAYS). */
export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 30;

export type Range = { from: string; to: string };

export function validRange(range: Range): boolean {
  return (
    isYmd(range.from) &&
    isYmd(range.to) &&
    range.from <= range.to &&
    daysBetween(range.from, range.to) <= MAX_DAYS
  );
}
