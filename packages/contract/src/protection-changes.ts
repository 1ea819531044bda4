// Player protection's vocabulary (issue 28, decision 0139), zod-free so the console and the
// member app can read it: the limit kinds, periods and durations, and the one list of the
// kinds of change the server writes to a member's protection history. The server builds every
// history code with `protectionChangeCode` and the console reads it back with
// `readProtectionChange`, so a kind cannot be written that the console has no words for (its
// catalogue test walks `protectionChangeKinds`).

export const protectionLimitKinds = ['deposit', 'loss'] as const;
export const protectionPeriods = ['day', 'week', 'month'] as const;
/** Time-outs: 24 hours, 7 days, 30 days, 6 weeks. */
export const timeOutDurations = ['24h', '7d', '30d', '6w'] as const;
/** Self-exclusions: 6 months, 1 year, 5 years. */
export const selfExclusionDurations = ['6m', '1y', '5y'] as const;
export const realityCheckMinutes = [0, 30, 60] as const;

export type ProtectionLimitKind = (typeof protectionLimitKinds)[number];
export type ProtectionPeriod = (typeof protectionPeriods)[number];

/**
 * Every kind of change in the protection history:
 * - `limit`: a first or lower limit, applied at once (code `limit:<kind>:<period>`);
 * - `limitPending`: a raise or removal asked for, waiting 24 h (`limit:<kind>:<period>:pending`);
 * - `limitConfirmed`: that raise or removal confirmed (`limit:<kind>:<period>:confirmed`);
 * - `timeOut`, `selfExclusion`: a block taken (`time_out`, `self_exclusion`);
 * - `realityCheck`: the interval changed (`reality_check`);
 * - `marketingConsent`: a self-exclusion ended the consent (`marketing_consent`).
 * The codes are what the history rows hold (migration 0032); the kinds are how code names them.
 */
export const protectionChangeKinds = [
  'limit',
  'limitPending',
  'limitConfirmed',
  'timeOut',
  'selfExclusion',
  'realityCheck',
  'marketingConsent',
] as const;
export type ProtectionChangeKind = (typeof protectionChangeKinds)[number];

type LimitChangeKind = 'limit' | 'limitPending' | 'limitConfirmed';
export type ProtectionChange =
  | { kind: LimitChangeKind; limitKind: ProtectionLimitKind; period: ProtectionPeriod }
  | { kind: Exclude<ProtectionChangeKind, LimitChangeKind> };

const PLAIN_CODES = {
  timeOut: 'time_out',
  selfExclusion: 'self_exclusion',
  realityCheck: 'reality_check',
  marketingConsent: 'marketing_consent',
} as const satisfies Record<Exclude<ProtectionChangeKind, LimitChangeKind>, string>;
const LIMIT_SUFFIX = { limit: '', limitPending: ':pending', limitConfirmed: ':confirmed' } as const;

/** The code a history row stores for `change`. */
export function protectionChangeCode(change: ProtectionChange): string {
  if ('limitKind' in change)
    return `limit:${change.limitKind}:${change.period}${LIMIT_SUFFIX[change.kind]}`;
  return PLAIN_CODES[change.kind];
}

/** A history row's code read back; null for a code this list does not know. */
export function readProtectionChange(code: string): ProtectionChange | null {
  for (const [kind, plain] of Object.entries(PLAIN_CODES))
    if (code === plain) return { kind: kind as keyof typeof PLAIN_CODES };
  const match = /^limit:(\w+):(\w+)(?::(pending|confirmed))?$/.exec(code);
  if (!match) return null;
  const [, limitKind, period, suffix] = match;
  if (!(protectionLimitKinds as readonly string[]).includes(limitKind!)) return null;
  if (!(protectionPeriods as readonly string[]).includes(period!)) return null;
  return {
    kind:
      suffix === 'pending' ? 'limitPending' : suffix === 'confirmed' ? 'limitConfirmed' : 'limit',
    limitKind: limitKind as ProtectionLimitKind,
    period: period as ProtectionPeriod,
  };
}

/** Every change the server can write, one per kind, limit kind and period (for tests). */
export function everyProtectionChange(): ProtectionChange[] {
  return protectionChangeKinds.flatMap((kind): ProtectionChange[] =>
    kind === 'limit' || kind === 'limitPending' || kind === 'limitConfirmed'
      ? protectionLimitKinds.flatMap((limitKind) =>
          protectionPeriods.map((period) => ({ kind, limitKind, period })),
        )
      : [{ kind }],
  );
}
