// A bonus's receive limit (spec sections 2 and 4, decision 0071): `maxReceived` times in
// total (`limit`), per calendar day (`day`) or per calendar week starting Monday (`week`),
// counted from the `updatedAt` of `userBonus.received[]`, in Bangkok time (UTC+7, no
// daylight saving). One home: the server refuses with BONUS_MAX_CLAIMED by it and the
// bonus page shows "received" by it.
import type { bonusTypes } from './constants';

export type BonusType = (typeof bonusTypes)[number];

const DAY_MS = 86_400_000;
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** Days since 1970-01-01 in Bangkok time. */
const bangkokDay = (ms: number) => Math.floor((ms + BANGKOK_OFFSET_MS) / DAY_MS);

/** The UTC instant the window containing `now` opened (-Infinity for `limit`). */
export function windowStart(type: BonusType, now: Date): number {
  if (type === 'limit') return -Infinity;
  const day = bangkokDay(now.getTime());
  // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const first = type === 'day' ? day : day - ((day + 3) % 7);
  return first * DAY_MS - BANGKOK_OFFSET_MS;
}

/** How many of `receivedAt` (ISO times) fall in the window containing `now`. */
export function receivedInWindow(
  type: BonusType,
  receivedAt: readonly string[],
  now: Date,
): number {
  const start = windowStart(type, now);
  const end = type === 'limit' ? Infinity : start + (type === 'day' ? DAY_MS : 7 * DAY_MS);
  return receivedAt.filter((iso) => {
    const at = Date.parse(iso);
    return at >= start && at < end;
  }).length;
}

/** True when the member may not receive the bonus again in the window containing `now`. */
export function receiveLimitReached(
  bonus: { type: BonusType; maxReceived: number },
  receivedAt: readonly string[],
  now: Date,
): boolean {
  return receivedInWindow(bonus.type, receivedAt, now) >= bonus.maxReceived;
}
