import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { MAX_AMOUNT_BAHT, hasAtMostTwoDecimals } from '../money';
import { bahtFigureSchema } from '../money-schema';
import {
  protectionLimitKinds,
  protectionPeriods,
  selfExclusionDurations,
  timeOutDurations,
} from '../protection-changes';

// Player protection (issue 28, docs/decisions/0139-player-protection-rules-and-api.md).
// Money is baht with at most two decimals, as everywhere in the contract; the server keeps
// minor units. Every refusal of a money call because of these settings answers one of
// DEPOSIT_LIMIT_REACHED, LOSS_LIMIT_REACHED, TIME_OUT_ACTIVE, SELF_EXCLUDED with `retryAt`.

const kindSchema = z.enum(protectionLimitKinds);
const periodSchema = z.enum(protectionPeriods);
/** A limit as the member sets it: 0 or more baht, at most 2 decimals. */
const limitAmountSchema = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_BAHT)
  .refine(hasAtMostTwoDecimals, { message: 'KEY_INVALID' });

export const protectionLimitSchema = z.object({
  kind: kindSchema,
  period: periodSchema,
  /** The limit in force; null: none. */
  amount: bahtFigureSchema.nullable(),
  /** What the window holds now: deposits credited (deposit) or net money into games (loss). */
  used: bahtFigureSchema,
  /** What still fits now (null: no limit). */
  remaining: bahtFigureSchema.nullable(),
  /** A raise or removal waiting for the member's confirmation. */
  pending: z
    .object({
      /** The new limit; null: removal. */
      amount: bahtFigureSchema.nullable(),
      requestedAt: z.string(),
      /** From when the member can confirm it (requestedAt + 24 h). */
      confirmableAt: z.string(),
    })
    .nullable(),
});

export const protectionBlockSchema = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  startedAt: z.string(),
  endsAt: z.string(),
});

export const protectionReturnSchema = z.object({
  depositRef: z.string(),
  depositAmount: bahtFigureSchema,
  /** What went back to the registered bank account (decision 0140). */
  returnedAmount: bahtFigureSchema,
  cause: z.enum(['deposit_limit', 'time_out', 'self_exclusion']),
  /** The payout's reference (the statement's withdraw row). */
  withdrawalRef: z.string(),
  createdAt: z.string(),
});

export const protectionStateSchema = z.object({
  limits: z.array(protectionLimitSchema),
  /** The time-out or self-exclusion in force; null: none. */
  block: protectionBlockSchema.nullable(),
  /** 0: off. */
  realityCheckMinutes: z.number().int(),
  /** The signed-in session (members) or the latest one (operators); null: none. */
  session: z
    .object({
      startedAt: z.string(),
      /** Money back from games minus money into games since the session started. */
      netResult: bahtFigureSchema,
    })
    .nullable(),
  netDeposits: z.object({
    /** Deposits credited minus withdrawals (paid or on their way), all time. */
    lifetime: bahtFigureSchema,
    /** The same per calendar month (UTC, `YYYY-MM`), the last 12 months, newest first. */
    months: z.array(z.object({ month: z.string(), amount: bahtFigureSchema })),
  }),
  /**
   * Whether a deposit was ever credited (the member app offers a deposit limit until the
   * first one, decision 0147).
   */
  depositCredited: z.boolean(),
  /** Deposits that arrived beyond a limit or during a block, and their returns. */
  returns: z.array(protectionReturnSchema),
  /** False once a self-exclusion ended it. */
  marketingConsent: z.boolean(),
});
export type ProtectionState = z.infer<typeof protectionStateSchema>;

export const protectionHistoryRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `member:<id>` or `operator:<id>`. */
  actor: z.string(),
  /** The operator's username when an operator made the change; null: the member did. */
  operator: z.string().nullable(),
  /** A code of `protectionChangeCode` (protection-changes.ts): read it with `readProtectionChange`. */
  change: z.string(),
  old: z.unknown(),
  new: z.unknown(),
  reason: z.string().nullable(),
});

const reasonSchema = z.string().trim().min(1).max(200);
const memberNoParams = z.object({ memberNo: z.string().min(1).max(20) });
const p = routes.protection;
const o = routes.operatorProtection;

export const protectionEndpoints = {
  state: endpoint({
    ...p.state,
    summary: "The member's protection: limits, pending changes, block, reality check, figures",
    response: protectionStateSchema,
    milestone: 28,
  }),
  setLimit: endpoint({
    ...p.setLimit,
    summary:
      'Set, lower, raise or remove (amount null) a limit; lowering applies at once, raising or removing waits 24 h and a confirmation',
    body: z.strictObject({
      kind: kindSchema,
      period: periodSchema,
      amount: limitAmountSchema.nullable(),
    }),
    response: protectionStateSchema,
    milestone: 28,
  }),
  confirmLimit: endpoint({
    ...p.confirmLimit,
    summary: 'Confirm a pending raise or removal once its 24 h cooling-off has passed',
    body: z.strictObject({ kind: kindSchema, period: periodSchema }),
    response: protectionStateSchema,
    milestone: 28,
  }),
  timeOut: endpoint({
    ...p.timeOut,
    summary: 'Take a time-out at once (24h, 7d, 30d, 6w); it can never be shortened or lifted',
    body: z.strictObject({ duration: z.enum(timeOutDurations) }),
    response: protectionStateSchema,
    milestone: 28,
  }),
  selfExclude: endpoint({
    ...p.selfExclude,
    summary:
      'Exclude yourself at once (6m, 1y, 5y); never shortened or lifted; ends marketing consent',
    body: z.strictObject({ duration: z.enum(selfExclusionDurations) }),
    response: protectionStateSchema,
    milestone: 28,
  }),
  realityCheck: endpoint({
    ...p.realityCheck,
    summary: 'Set the reality-check interval (0: off, 30 or 60 minutes)',
    body: z.strictObject({ minutes: z.union([z.literal(0), z.literal(30), z.literal(60)]) }),
    response: protectionStateSchema,
    milestone: 28,
  }),
};

export const operatorProtectionEndpoints = {
  member: endpoint({
    ...o.member,
    summary: "A member's protection state and the history of every change",
    params: memberNoParams,
    response: z.object({
      state: protectionStateSchema,
      history: z.array(protectionHistoryRowSchema),
    }),
    milestone: 28,
  }),
  timeOut: endpoint({
    ...o.timeOut,
    summary: 'Apply a time-out the member asked for; never shortens one in force',
    params: memberNoParams,
    body: z.strictObject({ duration: z.enum(timeOutDurations), reason: reasonSchema }),
    response: protectionStateSchema,
    milestone: 28,
  }),
  selfExclude: endpoint({
    ...o.selfExclude,
    summary: 'Apply a self-exclusion the member asked for; never shortens one in force',
    params: memberNoParams,
    body: z.strictObject({ duration: z.enum(selfExclusionDurations), reason: reasonSchema }),
    response: protectionStateSchema,
    milestone: 28,
  }),
};
