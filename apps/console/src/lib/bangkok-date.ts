// Calendar days as operators live them: Bangkok time (UTC+7, no daylight saving), the days
// the server's reports and audit search count by (decision 0094).
const DAY_MS = 86_400_000;
const OFFSET_MS = 7 * 3_600_000;

/** `YYYY-MM-DD` of the Bangkok day an instant falls in (now by default). */
export function bangkokToday(now: Date = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** `2025-06-01` -> `01/06` (a chart's axis label). */
export function dayMonth(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}`;
}

/** `2025-06-01` -> `01/06/2025` (the console's date format, decision 0087). */
export function dayMonthYear(ymd: string): string {
  return `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;
}

/** A real `YYYY-MM-DD` date (2025-02-30 is not). */
export function isYmd(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}
