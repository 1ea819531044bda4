// What the Play safe page derives from the protection state (decision 0139).
import type { ProtectionAnswer, ProtectionLimit } from '@/lib/api/get-protection';

import {
  protectionLimitKinds,
  protectionPeriods,
  realityCheckMinutes,
  selfExclusionDurations,
  timeOutDurations,
} from '@wallet/contract/client';

// The contract's lists (packages/contract/src/protection-changes.ts), under the page's names.
export const limitKinds = protectionLimitKinds;
export const limitPeriods = protectionPeriods;
export { selfExclusionDurations, timeOutDurations };
export const realityCheckChoices = realityCheckMinutes;

export type LimitKind = (typeof limitKinds)[number];
export type LimitPeriod = (typeof limitPeriods)[number];
export type BlockDuration =
  (typeof timeOutDurations)[number] | (typeof selfExclusionDurations)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The limit of a kind and period (a row with no limit when the server sent none). */
export function limitOf(
  state: ProtectionAnswer,
  kind: LimitKind,
  period: LimitPeriod,
): ProtectionLimit {
  return (
    state.limits.find((limit) => limit.kind === kind && limit.period === period) ?? {
      kind,
      period,
      amount: null,
      used: 0,
      remaining: null,
      pending: null,
    }
  );
}

/** Whether a pending raise or removal can be confirmed at `now`. */
export function canConfirm(limit: ProtectionLimit, now: number): boolean {
  return limit.pending !== null && Date.parse(limit.pending.confirmableAt) <= now;
}

/**
 * When a block taken now would end, to say it in the confirm dialog (the server's answer is
 * what counts: months and years are calendar ones there too).
 */
export function blockEnd(duration: BlockDuration, now: Date): Date {
  const end = new Date(now);
  switch (duration) {
    case '24h':
      return new Date(now.getTime() + DAY);
    case '7d':
      return new Date(now.getTime() + 7 * DAY);
    case '30d':
      return new Date(now.getTime() + 30 * DAY);
    case '6w':
      return new Date(now.getTime() + 42 * DAY);
    case '6m':
      end.setMonth(end.getMonth() + 6);
      return end;
    case '1y':
      end.setFullYear(end.getFullYear() + 1);
      return end;
    case '5y':
      end.setFullYear(end.getFullYear() + 5);
      return end;
  }
}
