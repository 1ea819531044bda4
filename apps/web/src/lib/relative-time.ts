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

type PastUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/**
 * Lao words for browsers whose Intl has no Lao data (issue 16): without them
 * Intl.RelativeTimeFormat('lo') falls back to the root locale and reads "now", "-19 s".
 * The same words as ICU's Lao data ("5 ນາທີກ່ອນ", "ມື້ວານ").
 */
const laoUnits: Record<PastUnit, string> = {
  year: 'ປີ',
  month: 'ເດືອນ',
  week: 'ອາທິດ',
  day: 'ມື້',
  hour: 'ຊົ່ວໂມງ',
  minute: 'ນາທີ',
  second: 'ວິນາທີ',
};
const laoLast: Partial<Record<PastUnit, string>> = {
  year: 'ປີກາຍ',
  month: 'ເດືອນແລ້ວ',
  week: 'ອາທິດແລ້ວ',
  day: 'ມື້ວານ',
};
const LAO_NOW = 'ຕອນນີ້';

function formatLao(count: number, unit: PastUnit | 'now'): string {
  if (unit === 'now') return LAO_NOW;
  return (count === 1 ? laoLast[unit] : undefined) ?? `${count} ${laoUnits[unit]}ກ່ອນ`;
}

const primary = (language: string) => language.toLowerCase().split('-')[0];

/** Whether this browser's Intl formats relative time in `language` (not a fallback). */
export function hasRelativeTimeData(language: string): boolean {
  try {
    const resolved = new Intl.RelativeTimeFormat(language).resolvedOptions().locale;
    return primary(resolved) === primary(language);
  } catch {
    return false;
  }
}

/**
 * "n units ago" in the given BCP 47 language (spec section 9, "Date display"): the largest
 * whole unit, e.g. 5 minutes ago, 2 days ago; under 10 seconds reads as "now", and so does
 * a time in the future (clock skew between the server and the phone: never a negative age).
 * Lao is formatted here when the browser's Intl lacks it.
 */
export function formatRelativeTime(value: string | Date, now: Date, language: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const age = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  const [count, unit] = largestUnit(age);
  if (primary(language) === 'lo' && !hasRelativeTimeData(language)) return formatLao(count, unit);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return unit === 'now' ? format.format(0, 'second') : format.format(-count, unit);
}

function largestUnit(ageSeconds: number): [number, PastUnit | 'now'] {
  if (ageSeconds < 10) return [0, 'now'];
  for (const [unit, size] of relativeUnits) {
    if (ageSeconds >= size) return [Math.trunc(ageSeconds / size), unit as PastUnit];
  }
  return [ageSeconds, 'second'];
}
