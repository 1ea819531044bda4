// Limits of the calls a member can repeat to guess or to farm (issue 25, decision 0120):
// promotion codes (find, activate, bonus activate) and the spin wheel (spin, coupon claim).
// - per IP and per member, per minute and per endpoint, counted through deps.counters, so
//   they hold across server processes (decision 0103): route options
//   (http/contract-route.ts), but a code call's per-member minute is counted here, after the
//   lock is checked;
// - a lock after unknown codes: the gift-link throttle's mechanism (lib/attempt-throttle.ts,
//   decision 0025) on its own table. Every code call is counted before the code is looked
//   at (parallel guesses cannot overtake the count); a call that names a code that exists
//   takes its attempt back, so only unknown codes count, and a member who knows one code
//   cannot reset the count with it. After PROMOTION_CODE_MAX_FAILURES unknown codes within
//   15 minutes every code call answers 429 REQUEST_LIMIT with the lock's wait, a genuine
//   code included, until the lock ends.
import type { AppDeps } from '../../deps';
import type { RouteOptions } from '../../http/contract-route';
import { countAttempt, lockedUntil, takeBackAttempt } from '../../lib/attempt-throttle';
import { DomainError } from '../../lib/domain-error';
import { takeFromWindowOrPass } from '../../ports/shared-counter';
import { PromotionsError } from './promotions.errors';

const MINUTE = 60_000;
const WINDOW_MINUTES = 15;
const TABLE = 'promotion_code_throttle';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'counters'>;

/**
 * Route options of find, promotion activate and bonus activate: per IP. Their per-member
 * limit is guardCodeGuess's, after the lock, so a locked member is told the lock's wait
 * rather than the minute's.
 */
export function codeRouteLimits(deps: Pick<AppDeps, 'config'>): RouteOptions {
  return { rateLimit: { max: deps.config.promotions.codePerIpPerMin, timeWindow: MINUTE } };
}

/** Route options of spin and coupon claim. */
export function spinRouteLimits(deps: Pick<AppDeps, 'config'>): RouteOptions {
  const { spinPerIpPerMin, spinPerMemberPerMin } = deps.config.promotions;
  return {
    rateLimit: { max: spinPerIpPerMin, timeWindow: MINUTE },
    memberLimit: { max: spinPerMemberPerMin, timeWindow: MINUTE },
  };
}

/**
 * Route options of the turnover read (issue 25, 3.4): per member, since every read asks each
 * of the member's providers for a bet report (remembered a few seconds by the composition).
 */
export function turnoverRouteLimits(deps: Pick<AppDeps, 'config'>): RouteOptions {
  return {
    memberLimit: { max: deps.config.promotions.turnoverPerMemberPerMin, timeWindow: MINUTE },
  };
}

const secondsUntil = (iso: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/** A code call's refusals that mean "no such code" (unknown, switched off, out of window). */
export const isUnknownCode = (error: unknown): boolean =>
  error instanceof PromotionsError && (error.code === 'NO_PROMOTION' || error.code === 'NO_DATA');

const refusal = (retryAfterSeconds: number) =>
  new DomainError('REQUEST_LIMIT', 429, { details: { retryAfterSeconds } });

/** Which code call: each has its own per-member minute. */
export type CodeCall = 'find' | 'promotion-activate' | 'bonus-activate';

/**
 * Runs one code call of a member: refused with the lock's wait while a lock holds; then the
 * per-member minute (PROMOTION_CODE_PER_MEMBER_PER_MIN, this call's own); then the attempt
 * is counted and the call runs. `missed` tells whether a successful answer still named no
 * code (find answers `{}`); a thrown unknown-code refusal is a miss too. Anything else (a
 * known code, used up or not, a bonus rule's refusal, an outage) takes the attempt back.
 */
export async function guardCodeGuess<T>(
  deps: Deps,
  who: { memberId: number; call: CodeCall; log: { warn(details: object, message: string): void } },
  run: () => Promise<T>,
  missed: (answer: T) => boolean = () => false,
): Promise<T> {
  const { memberId, call } = who;
  const { codeMaxFailures, codeLockMinutes, codePerMemberPerMin } = deps.config.promotions;
  const key = `member:${memberId}`;
  const lock = await lockedUntil(deps.db, deps.clock, TABLE, key);
  if (lock) throw refusal(secondsUntil(lock, deps.clock.now()));
  // Shared counters down: the minute lets the call through (logged); the lock still holds.
  const wait = await takeFromWindowOrPass(
    deps.counters,
    `promotion-code:${call}:${key}`,
    codePerMemberPerMin,
    MINUTE,
    (error) => who.log.warn({ err: error }, 'promotion code limit: shared counters failed'),
  );
  if (wait !== undefined) throw refusal(wait);
  const count = await countAttempt(deps.db, deps.clock, TABLE, key, {
    maxFailures: codeMaxFailures,
    windowMinutes: WINDOW_MINUTES,
    lockMinutes: codeLockMinutes,
  });
  if (count.locked) throw refusal(secondsUntil(count.lockedUntil, deps.clock.now()));
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    if (!isUnknownCode(error)) await takeBackAttempt(deps.db, TABLE, key, count);
    throw error;
  }
  if (!missed(answer)) await takeBackAttempt(deps.db, TABLE, key, count);
  return answer;
}
