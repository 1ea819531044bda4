// The slip lookup's daily closed window (HH:mm, Asia/Bangkok, decision 0002). Thailand has
// no daylight saving, so Bangkok time is UTC+7 all year. A window may cross midnight
// (23:50 to 00:10).

const BANGKOK_OFFSET_MINUTES = 7 * 60;
const DAY = 24 * 60;

function minutesOf(hhmm: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

export function bangkokMinuteOfDay(now: Date): number {
  const utc = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (utc + BANGKOK_OFFSET_MINUTES) % DAY;
}

/** True while uploads are closed: from `closedFrom` (inclusive) to `closedTo` (exclusive). */
export function isInClosedWindow(
  closedFrom: string | null,
  closedTo: string | null,
  now: Date,
): boolean {
  if (!closedFrom || !closedTo) return false;
  const from = minutesOf(closedFrom);
  const to = minutesOf(closedTo);
  if (from === null || to === null || from === to) return false;
  const minute = bangkokMinuteOfDay(now);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
