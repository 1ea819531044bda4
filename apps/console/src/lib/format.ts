// Display formats of the console (decision 0087): money as baht with 2 decimals and
// thousands separators, a negative amount with a leading minus sign; dates and times on
// Bangkok time as dd/MM/yyyy HH:mm (Gregorian years in every language, so Thai and English
// screens and CSV files read the same).
import { formatBaht } from '@wallet/contract/client';

/** `1234.5` -> `1,234.50`; `-20` -> `-20.00`; `-0` and `0` -> `0.00`. */
export function formatMoney(baht: number): string {
  if (!Number.isFinite(baht)) return '–';
  // Rounded through satang so binary fractions (0.1 + 0.2) cannot show a third decimal.
  const satang = Math.round(baht * 100);
  const text = formatBaht(Math.abs(satang) / 100);
  return satang < 0 ? `-${text}` : text;
}

const BANGKOK = 'Asia/Bangkok';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BANGKOK,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function pieces(date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of parts.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** `2025-01-31T17:05:00Z` -> `01/02/2025 00:05` (Bangkok); '–' for an invalid value. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '–';
  const p = pieces(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The Bangkok day only: `dd/MM/yyyy`. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return '–';
  const p = pieces(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** Whole numbers with thousands separators (counts). */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–';
}
