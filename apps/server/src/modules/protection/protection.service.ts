// Player protection's own changes and reads (issue 28, decision 0139):
// - limits: a new or lower limit applies at once (and drops a pending raise); a raise or a
//   removal waits: it is stored as pending and applies only when the member confirms it, no
//   earlier than 24 hours after asking (LIMIT_COOLING_OFF with retryAt before that);
// - time-outs and self-exclusions apply at once and only ever extend: a new one must end
//   later than the one in force (PROTECTION_ALREADY_LONGER otherwise); rows are append-only,
//   so nobody can shorten or lift one. A self-exclusion ends the marketing consent;
// - the reality-check interval;
// - every change writes a history row (who, when, old, new, reason).
import type { ProtectionChange, ProtectionState } from '@wallet/contract';
import { bahtToSatang, protectionChangeCode, satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { sessionStart } from '../auth';
import { memberFlows } from '../ledger';
import { ProtectionError } from './protection.errors';
import type { Block } from './protection.guard';
import { blockOf, limitsOf, lockProtection, windowItems } from './protection.guard';
import type { ExclusionDuration, LimitKind, Period, TimeOutDuration } from './protection.rules';
import {
  COOLING_OFF_MS,
  exclusionEnd,
  LIMIT_KINDS,
  PERIOD_MS,
  PERIODS,
  timeOutEnd,
  usedAt,
} from './protection.rules';

export interface Deps {
  db: Db;
  clock: Clock;
}

/** Who changes: `member:<id>` or `operator:<id>`, and why (operators must say). */
export interface Actor {
  actor: string;
  reason: string | null;
}

async function writeHistory(
  trx: Db,
  clock: Clock,
  memberId: number,
  who: Actor,
  change: ProtectionChange,
  before: unknown,
  after: unknown,
): Promise<void> {
  await trx
    .insertInto('protection_history')
    .values({
      member_id: memberId,
      actor: who.actor,
      change: protectionChangeCode(change),
      old_json: before === null ? null : JSON.stringify(before),
      new_json: after === null ? null : JSON.stringify(after),
      reason: who.reason,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

const baht = (minor: number | null) => (minor === null ? null : satangToBaht(minor));

/** PUT /api/protection/limits: `amount` in baht, null to remove. */
export async function setLimit(
  deps: Deps,
  memberId: number,
  who: Actor,
  input: { kind: LimitKind; period: Period; amount: number | null },
): Promise<void> {
  const next = input.amount === null ? null : bahtToSatang(input.amount);
  await withTransaction(deps.db, async (trx) => {
    await lockProtection(trx, memberId);
    const now = deps.clock.now().toISOString();
    const row = (await limitsOf(trx, memberId)).find(
      (l) => l.kind === input.kind && l.period === input.period,
    );
    const current = row?.amount ?? null;
    const before = row
      ? { amount: baht(current), pending: row.pending_at ? baht(row.pending_amount) : undefined }
      : { amount: null };
    const limit = { limitKind: input.kind, period: input.period };
    if (next !== null && (current === null || next <= current)) {
      // Lower (or a first limit): at once; a pending raise or removal is dropped.
      await trx
        .insertInto('protection_limits')
        .values({
          member_id: memberId,
          kind: input.kind,
          period: input.period,
          amount: next,
          pending_amount: null,
          pending_at: null,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['member_id', 'kind', 'period'])
            .doUpdateSet({ amount: next, pending_amount: null, pending_at: null, updated_at: now }),
        )
        .execute();
      await writeHistory(trx, deps.clock, memberId, who, { kind: 'limit', ...limit }, before, {
        amount: baht(next),
      });
      return;
    }
    if (current === null) return; // removing a limit that is not there: nothing to do
    // Higher, or removal: pending, confirmable after the cooling-off.
    await trx
      .updateTable('protection_limits')
      .set({ pending_amount: next, pending_at: now, updated_at: now })
      .where('member_id', '=', memberId)
      .where('kind', '=', input.kind)
      .where('period', '=', input.period)
      .execute();
    const pending = { kind: 'limitPending', ...limit } as const;
    await writeHistory(trx, deps.clock, memberId, who, pending, before, {
      amount: baht(current),
      pending: baht(next),
      confirmableAt: new Date(Date.parse(now) + COOLING_OFF_MS).toISOString(),
    });
  });
}

/** POST /api/protection/limits/confirm: applies a pending raise or removal after 24 h. */
export async function confirmLimit(
  deps: Deps,
  memberId: number,
  who: Actor,
  input: { kind: LimitKind; period: Period },
): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await lockProtection(trx, memberId);
    const row = (await limitsOf(trx, memberId)).find(
      (l) => l.kind === input.kind && l.period === input.period,
    );
    if (!row?.pending_at) throw new ProtectionError('NO_DATA');
    const confirmableAt = Date.parse(row.pending_at) + COOLING_OFF_MS;
    if (deps.clock.now().getTime() < confirmableAt)
      throw new ProtectionError('LIMIT_COOLING_OFF', {
        details: { retryAt: new Date(confirmableAt).toISOString() },
      });
    const now = deps.clock.now().toISOString();
    await trx
      .updateTable('protection_limits')
      .set({ amount: row.pending_amount, pending_amount: null, pending_at: null, updated_at: now })
      .where('member_id', '=', memberId)
      .where('kind', '=', input.kind)
      .where('period', '=', input.period)
      .execute();
    await writeHistory(
      trx,
      deps.clock,
      memberId,
      who,
      { kind: 'limitConfirmed', limitKind: input.kind, period: input.period },
      { amount: baht(row.amount), pending: baht(row.pending_amount) },
      { amount: baht(row.pending_amount) },
    );
  });
}

export type BlockRequest =
  | { kind: 'time_out'; duration: TimeOutDuration }
  | { kind: 'self_exclusion'; duration: ExclusionDuration };

/**
 * A time-out or self-exclusion from now on. Never shortens: when the block in force ends at
 * or after the new end, PROTECTION_ALREADY_LONGER (retryAt: that end).
 */
export async function takeBlock(
  deps: Deps,
  memberId: number,
  who: Actor,
  request: BlockRequest,
): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await lockProtection(trx, memberId);
    const start = deps.clock.now();
    const end =
      request.kind === 'time_out'
        ? timeOutEnd(start, request.duration)
        : exclusionEnd(start, request.duration);
    const current = await blockOf(trx, deps.clock, memberId);
    if (current && Date.parse(current.endsAt) >= end.getTime())
      throw new ProtectionError('PROTECTION_ALREADY_LONGER', {
        details: { retryAt: current.endsAt },
      });
    const now = start.toISOString();
    await trx
      .insertInto('protection_blocks')
      .values({
        member_id: memberId,
        kind: request.kind,
        starts_at: now,
        ends_at: end.toISOString(),
        actor: who.actor,
        reason: who.reason,
        created_at: now,
      })
      .execute();
    const change = { kind: request.kind === 'time_out' ? 'timeOut' : 'selfExclusion' } as const;
    await writeHistory(trx, deps.clock, memberId, who, change, current, {
      kind: request.kind,
      duration: request.duration,
      startedAt: now,
      endsAt: end.toISOString(),
    });
    if (request.kind === 'self_exclusion')
      await endMarketingConsent(trx, deps.clock, memberId, who);
  });
}

async function profileOf(db: Db, memberId: number) {
  return db
    .selectFrom('protection_profiles')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

async function endMarketingConsent(trx: Db, clock: Clock, memberId: number, who: Actor) {
  const profile = await profileOf(trx, memberId);
  if (profile?.marketing_consent_ended_at) return;
  const now = clock.now().toISOString();
  await trx
    .insertInto('protection_profiles')
    .values({
      member_id: memberId,
      reality_check_minutes: null,
      marketing_consent_ended_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ marketing_consent_ended_at: now, updated_at: now }),
    )
    .execute();
  await writeHistory(
    trx,
    clock,
    memberId,
    who,
    { kind: 'marketingConsent' },
    { consent: true },
    {
      consent: false,
    },
  );
}

/**
 * Whether the member may be sent marketing (issue 28): false once a self-exclusion ended the
 * consent. For the marketing features to come (none sends to members yet).
 */
export async function marketingAllowed(db: Db, memberId: number): Promise<boolean> {
  return !(await profileOf(db, memberId))?.marketing_consent_ended_at;
}

/** PUT /api/protection/reality-check: 0 (off), 30 or 60 minutes. */
export async function setRealityCheck(
  deps: Deps,
  memberId: number,
  who: Actor,
  minutes: 0 | 30 | 60,
): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await lockProtection(trx, memberId);
    const profile = await profileOf(trx, memberId);
    const value = minutes === 0 ? null : minutes;
    const now = deps.clock.now().toISOString();
    await trx
      .insertInto('protection_profiles')
      .values({
        member_id: memberId,
        reality_check_minutes: value,
        marketing_consent_ended_at: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ reality_check_minutes: value, updated_at: now }),
      )
      .execute();
    await writeHistory(
      trx,
      deps.clock,
      memberId,
      who,
      { kind: 'realityCheck' },
      { minutes: profile?.reality_check_minutes ?? 0 },
      { minutes },
    );
  });
}

const monthOf = (iso: string) => iso.slice(0, 7);

/** The member's protection as the member and the console read it. */
export async function protectionState(
  deps: Deps,
  memberId: number,
  sessionId: number | null,
): Promise<ProtectionState> {
  const { db, clock } = deps;
  const now = clock.now();
  const yearAgo = new Date(now.getTime() - 366 * 24 * 3_600_000).toISOString();
  const flows = await memberFlows(db, memberId, null);
  const recent = flows.filter((f) => f.at >= yearAgo);
  const rows = await limitsOf(db, memberId);
  const items = {
    deposit: await windowItems(db, clock, memberId, 'deposit', recent),
    loss: await windowItems(db, clock, memberId, 'loss', recent),
  };
  const limits: ProtectionState['limits'] = [];
  for (const kind of LIMIT_KINDS)
    for (const period of PERIODS) {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      if (!row) continue;
      const used = Math.max(0, usedAt(items[kind], now.getTime(), PERIOD_MS[period]));
      limits.push({
        kind,
        period,
        amount: baht(row.amount),
        used: satangToBaht(used),
        remaining: row.amount === null ? null : satangToBaht(Math.max(0, row.amount - used)),
        pending: row.pending_at
          ? {
              amount: baht(row.pending_amount),
              requestedAt: row.pending_at,
              confirmableAt: new Date(Date.parse(row.pending_at) + COOLING_OFF_MS).toISOString(),
            }
          : null,
      });
    }
  const block: Block | null = await blockOf(db, clock, memberId);
  const profile = await profileOf(db, memberId);
  const startedAt = await sessionStart(db, memberId, sessionId);
  const session = startedAt
    ? {
        startedAt,
        netResult: satangToBaht(
          flows
            .filter((f) => f.at >= startedAt)
            .reduce(
              (sum, f) =>
                f.kind === 'from_game'
                  ? sum + f.amount
                  : f.kind === 'to_game'
                    ? sum - f.amount
                    : sum,
              0,
            ),
        ),
      }
    : null;
  const net = (list: typeof flows) =>
    list.reduce(
      (sum, f) =>
        f.kind === 'deposit' ? sum + f.amount : f.kind === 'withdrawal' ? sum - f.amount : sum,
      0,
    );
  const byMonth = new Map<string, typeof flows>();
  for (const f of recent) {
    if (f.kind !== 'deposit' && f.kind !== 'withdrawal') continue;
    const list = byMonth.get(monthOf(f.at)) ?? [];
    list.push(f);
    byMonth.set(monthOf(f.at), list);
  }
  const months = [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, 12)
    .map(([month, list]) => ({ month, amount: satangToBaht(net(list)) }));
  const returns = await db
    .selectFrom('protection_returns')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return {
    limits,
    block,
    realityCheckMinutes: profile?.reality_check_minutes ?? 0,
    session,
    netDeposits: { lifetime: satangToBaht(net(flows)), months },
    depositCredited: flows.some((f) => f.kind === 'deposit'),
    returns: returns.map((r) => ({
      depositRef: r.deposit_ref,
      depositAmount: satangToBaht(Number(r.deposit_amount)),
      returnedAmount: satangToBaht(Number(r.returned_amount)),
      cause: r.cause,
      withdrawalRef: r.withdrawal_ref,
      createdAt: r.created_at,
    })),
    marketingConsent: !profile?.marketing_consent_ended_at,
  };
}

/** Every change of the member's protection, newest first (the console). */
export async function protectionHistory(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('protection_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
  const operatorId = (actor: string) =>
    actor.startsWith('operator:') ? Number(actor.slice('operator:'.length)) : null;
  const ids = [...new Set(rows.map((r) => operatorId(r.actor)).filter((id) => id !== null))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('operators')
            .select(['id', 'username'])
            .where('id', 'in', ids)
            .execute()
        ).map((o) => [o.id, o.username]),
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    actor: r.actor,
    operator: names.get(operatorId(r.actor) ?? -1) ?? null,
    change: r.change,
    old: parse(r.old_json),
    new: parse(r.new_json),
    reason: r.reason,
  }));
}
