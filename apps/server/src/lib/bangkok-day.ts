// Calendar days as the operator lives them: Bangkok time, UTC+7 all year (no daylight
// saving). Reports, the dashboard and the audit search count days by these two functions.
const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** `YYYY-MM-DD` of the Bangkok day an instant falls in. */
export function bangkokDate(at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC ISO instant a Bangkok day (`YYYY-MM-DD`), plus `addDays`, begins. */
export function bangkokDayStart(ymd: string, addDays = 0): string {
  const ms = Date.parse(`${ymd}T00:00:00.000Z`);
  if (Number.isNaN(ms)) throw new Error(`not a date: ${ymd}`);
  return new Date(ms - BANGKOK_OFFSET_MS + addDays * DAY_MS).toISOString();
}
