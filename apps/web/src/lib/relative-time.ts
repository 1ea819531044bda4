// Relative time for the statement (spec section 9: "relative time as n units ago"). Its own
// file so the member home's first chunk does not carry it.
const relativeUnits: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "n units ago" in the given BCP 47 language (spec section 9, "Date display"): the largest
 * whole unit, e.g. 5 minutes ago, 2 days ago; under 10 seconds reads as "now".
 */
export function formatRelativeTime(value: string | Date, now: Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(seconds) < 10) return format.format(0, 'second');
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
