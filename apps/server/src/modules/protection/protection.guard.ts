// What the money paths ask of player protection, inside their own transaction (issue 28,
// decision 0139). Each guard first takes the member's protection lock (after any wallet lock
// the caller holds: the order everywhere is wallet, then protection), so two calls of one
// member at a limit's edge are decided one after the other, on SQLite and on PostgreSQL.
// - assertMayPlay: refused during a time-out or self-exclusion (deposits, transfers into
//   games, launches, bonuses, codes, spins, coupon claims);
// - assertDepositFits: that, and every deposit limit: deposits credited in the window, minus
//   what was returned (decision 0140), plus money set aside (open QRs, gift links being
//   redeemed), plus this amount;
// - assertGameFits: that, and every loss limit: net money into games in the window (money
//   into games applied by the provider, minus money back from games, never below 0) plus
//   money on its way to a game, plus this amount (the rule written down in decision 0139);
// - depositRoom: how much of an arriving deposit fits (the late deposit, decision 0140).
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import { sql } from 'kysely';
import { lockKey } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import type { MemberFlow } from '../ledger';
import { accounts, balanceOf, memberFlows } from '../ledger';
import { ProtectionError } from './protection.errors';
import type { LimitKind, Period, Reserved, Timed } from './protection.rules';
import { fitsFrom, PERIOD_MS, usedAt } from './protection.rules';

export type { Reserved } from './protection.rules';

/** Serialises one member's protected calls (after the wallet lock, when one is taken). */
export const lockProtection = (trx: Db, memberId: number) => lockKey(trx, `protection:${memberId}`);

export interface Block {
  kind: 'time_out' | 'self_exclusion';
  startedAt: string;
  endsAt: string;
}

/** The time-out or exclusion in force at `now` (the one that ends last); null: none. */
export async function blockOf(db: Db, clock: Clock, memberId: number): Promise<Block | null> {
  const now = clock.now().toISOString();
  const row = await db
    .selectFrom('protection_blocks')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('member_id', '=', memberId)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { kind: row.kind, startedAt: row.starts_at, endsAt: row.ends_at } : null;
}

const blockError = (block: Block) =>
  new ProtectionError(block.kind === 'time_out' ? 'TIME_OUT_ACTIVE' : 'SELF_EXCLUDED', {
    details: { retryAt: block.endsAt },
  });

/** Refuses while a time-out or self-exclusion is in force (retryAt: its end). */
export async function assertMayPlay(trx: Db, clock: Clock, memberId: number): Promise<void> {
  await lockProtection(trx, memberId);
  const block = await blockOf(trx, clock, memberId);
  if (block) throw blockError(block);
}

export interface LimitRow {
  kind: LimitKind;
  period: Period;
  amount: number | null;
}

export async function limitsOf(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('protection_limits')
    .selectAll()
    .where('member_id', '=', memberId)
    .execute();
  return rows.map((r) => ({
    ...r,
    amount: r.amount === null ? null : Number(r.amount),
    pending_amount: r.pending_amount === null ? null : Number(r.pending_amount),
  }));
}

const LONGEST_MS = PERIOD_MS.month;

/** The window items of a kind: deposits net of returns, or net money into games. */
export async function windowItems(
  db: Db,
  clock: Clock,
  memberId: number,
  kind: LimitKind,
  flows?: readonly MemberFlow[],
): Promise<Timed[]> {
  const since = new Date(clock.now().getTime() - LONGEST_MS).toISOString();
  const all = flows ?? (await memberFlows(db, memberId, since));
  const at = (iso: string) => Date.parse(iso);
  if (kind === 'loss')
    return all
      .filter((f) => f.kind === 'to_game' || f.kind === 'from_game')
      .map((f) => ({ at: at(f.at), amount: f.kind === 'to_game' ? f.amount : -f.amount }));
  const returns = await db
    .selectFrom('protection_returns')
    .select(['created_at', 'returned_amount'])
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .execute();
  return [
    ...all.filter((f) => f.kind === 'deposit').map((f) => ({ at: at(f.at), amount: f.amount })),
    ...returns.map((r) => ({ at: at(r.created_at), amount: -Number(r.returned_amount) })),
  ];
}

/** Money on its way to a game (the member's game hold), counted as into games. */
const inFlightToGames = (db: Db, memberId: number) =>
  balanceOf(db, accounts.memberHold(memberId, 'game').code);

/**
 * Refuses `amount` (minor units) when it does not fit a limit of `kind` now, with the
 * lowest limit's answer: retryAt (null: never, as asked) and the baht that still fit.
 */
async function assertFits(
  trx: Db,
  clock: Clock,
  memberId: number,
  kind: LimitKind,
  amount: number,
  reserved: readonly Reserved[],
): Promise<void> {
  const limits = (await limitsOf(trx, memberId)).filter(
    (l) => l.kind === kind && l.amount !== null,
  );
  if (limits.length === 0) return;
  const items = await windowItems(trx, clock, memberId, kind);
  const now = clock.now().getTime();
  // The lowest applicable limit wins: the least room, and the latest time it fits again.
  let room = Infinity;
  let fitsAt: number | null | undefined; // undefined: every limit takes the amount
  for (const limit of limits) {
    const periodMs = PERIOD_MS[limit.period];
    const reservedNow = reserved.reduce((sum, r) => sum + r.amount, 0);
    const used = Math.max(0, usedAt(items, now, periodMs)) + reservedNow;
    const remaining = Math.max(0, limit.amount! - used);
    room = Math.min(room, remaining);
    if (amount <= remaining) continue;
    const at = fitsFrom(items, reserved, now, periodMs, limit.amount!, amount);
    fitsAt =
      fitsAt === undefined ? at : fitsAt === null || at === null ? null : Math.max(fitsAt, at);
  }
  if (fitsAt === undefined) return;
  throw new ProtectionError(kind === 'deposit' ? 'DEPOSIT_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED', {
    details: {
      retryAt: fitsAt === null ? null : new Date(fitsAt).toISOString(),
      remaining: satangToBaht(room),
    },
  });
}

/**
 * A new deposit of `amount` (a QR created, a gift link claimed): refused during a block or
 * when it does not fit a deposit limit with the money already set aside (`reserved`, read
 * once the protection lock is held).
 */
export async function assertDepositFits(
  trx: Db,
  clock: Clock,
  memberId: number,
  amount: number,
  reserved: () => Promise<readonly Reserved[]> = () => Promise.resolve([]),
): Promise<void> {
  await assertMayPlay(trx, clock, memberId);
  // Read under the lock (every claim and credit takes it too), and before the credits: a
  // reservation that became a credit in between is counted twice, never not at all.
  await assertFits(trx, clock, memberId, 'deposit', amount, await reserved());
}

/**
 * One statement for the common case (the hot transfer path, decision 0111's budget): the
 * block in force and the kinds of limit the member has. Read without the protection lock:
 * a block or limit committed just after it orders this call before that change.
 */
async function glance(db: Db, clock: Clock, memberId: number) {
  const now = clock.now().toISOString();
  const rows = await db
    .selectFrom('protection_limits')
    .select([sql<string>`kind`.as('kind'), sql<string | null>`null`.as('ends_at')])
    .where('member_id', '=', memberId)
    .where('amount', 'is not', null)
    .unionAll(
      db
        .selectFrom('protection_blocks')
        .select([sql<string>`kind`.as('kind'), sql<string | null>`ends_at`.as('ends_at')])
        .where('member_id', '=', memberId)
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now),
    )
    .execute();
  return {
    blocked: rows.some((r) => r.ends_at !== null),
    kinds: new Set(rows.filter((r) => r.ends_at === null).map((r) => r.kind)),
  };
}

/**
 * Money into a game (`amount`; null: only the block is checked, as for the second leg of a
 * game-to-game transfer): refused during a block or beyond a loss limit.
 */
export async function assertGameFits(
  trx: Db,
  clock: Clock,
  memberId: number,
  amount: number | null,
): Promise<void> {
  const look = await glance(trx, clock, memberId);
  if (!look.blocked && (amount === null || !look.kinds.has('loss'))) return;
  // A block or a loss limit: decided under the lock, everything read again.
  await assertMayPlay(trx, clock, memberId);
  if (amount === null) return;
  const inFlight = await inFlightToGames(trx, memberId);
  await assertFits(
    trx,
    clock,
    memberId,
    'loss',
    amount,
    inFlight > 0 ? [{ amount: inFlight, until: null }] : [],
  );
}

/** A game launch: refused during a block or when a loss limit has no room left at all. */
export async function assertMayLaunch(trx: Db, clock: Clock, memberId: number): Promise<void> {
  await assertGameFits(trx, clock, memberId, 1);
}

export type ReturnCause = 'deposit_limit' | 'time_out' | 'self_exclusion';

/**
 * How much of a deposit that arrived from outside (a paid QR, a redeemed gift link, a
 * verified slip) fits now, before it is credited: all of it, or the room the lowest deposit
 * limit leaves (money set aside is not counted: this deposit was what it was set aside
 * for), or nothing during a block. Decision 0140: the rest goes back to the member's bank.
 */
export async function depositRoom(
  trx: Db,
  clock: Clock,
  memberId: number,
  amount: number,
): Promise<{ fits: number; excess: number; cause: ReturnCause | null }> {
  await lockProtection(trx, memberId);
  const block = await blockOf(trx, clock, memberId);
  if (block) return { fits: 0, excess: amount, cause: block.kind };
  const limits = (await limitsOf(trx, memberId)).filter(
    (l) => l.kind === 'deposit' && l.amount !== null,
  );
  if (limits.length === 0) return { fits: amount, excess: 0, cause: null };
  const items = await windowItems(trx, clock, memberId, 'deposit');
  const now = clock.now().getTime();
  let room = amount;
  for (const limit of limits)
    room = Math.min(
      room,
      Math.max(0, limit.amount! - Math.max(0, usedAt(items, now, PERIOD_MS[limit.period]))),
    );
  return { fits: room, excess: amount - room, cause: room < amount ? 'deposit_limit' : null };
}

/** Records a deposit's returned excess (decision 0140); one per deposit reference. */
export async function recordReturn(
  trx: Db,
  clock: Clock,
  input: {
    memberId: number;
    depositRef: string;
    depositAmount: number;
    returnedAmount: number;
    cause: ReturnCause;
    withdrawalRef: string;
  },
): Promise<void> {
  await trx
    .insertInto('protection_returns')
    .values({
      member_id: input.memberId,
      deposit_ref: input.depositRef,
      deposit_amount: input.depositAmount,
      returned_amount: input.returnedAmount,
      cause: input.cause,
      withdrawal_ref: input.withdrawalRef,
      created_at: clock.now().toISOString(),
    })
    .execute();
}
