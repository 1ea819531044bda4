// Provider transfers under invariant 6 (docs/decisions/0015-provider-transfers-and-reconciler.md):
// - every transfer has our own unique ref, sent to the provider, which applies a ref once;
// - wallet -> game: the hold (member cash -> member hold:game) commits BEFORE the provider
//   is called; then exactly one of post (hold -> provider:CODE) on APPLIED or void
//   (hold -> member cash) on a definite refusal;
// - game -> wallet: the provider is called with the ref; on APPLIED we post
//   (provider:CODE -> member cash); a refusal moved nothing;
// - an unknown outcome leaves the transfer PENDING (the statement row in progress) for the
//   reconciler, which asks the provider for the ref's status or re-sends the same ref;
//   never a blind refund.
// The database backs every step: one settlement per transfer (the ledger's UNIQUE
// idempotency key `game:<ref>:settle`), and a settled row never changes (trigger).
import { randomBytes } from 'node:crypto';
import type { ProviderCode } from '@wallet/contract';
import { bahtToSatang, hasAtMostTwoDecimals, MAX_AMOUNT_BAHT, WALLET } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import type { Currency, GameTransferRow } from '../../db/schema';
import { lockKey, withTransaction } from '../../db/transaction';
import { isoNow, isoPlus } from '../../lib/clock';
import { ProviderRejected, ProviderUserNotFound } from '../../ports/game-provider';
import { errorText, release } from '../../reconcile';
import type { ProviderTransferResult, TransferDirection } from '../../ports/game-provider';
import { accounts, balanceOf, post } from '../ledger';
import { assertGameFits } from '../protection';
import { recordStatement, setStatementStatus } from '../statement';
import type { ProviderEntry } from './games.catalogue';
import { findProvider } from './games.catalogue';
import { GamesError } from './games.errors';
import * as repo from './games.repository';

export type TransferDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'gameProvider'>;

/** What a transfer call answers (contract transferAnswerSchema). */
export interface TransferAnswer {
  message: string;
  status: 'SUCCESS' | 'PENDING';
  reference: string;
}

/** Spec section 9: the transfer minimum is 1 baht. */
export const TRANSFER_MINIMUM_SATANG = 100;

/** The placeholder the transfer dialog starts on (spec section 2). */
const NONE = 'NONE';

/** How long the caller that opened a transfer holds it before the reconciler may take over. */
export const leaseMs = (deps: Pick<AppDeps, 'config'>) =>
  deps.config.games.providerTimeoutMs * 2 + 5_000;

const newRef = () =>
  `GT-${Date.now().toString(16).padStart(12, '0')}${randomBytes(6).toString('hex')}`;

/** Baht from the request to satang: < 1 baht TRANSFER_MINIMUM; malformed or absurd KEY_INVALID. */
export function transferAmount(amount: number): number {
  if (!Number.isFinite(amount)) throw new GamesError('KEY_INVALID');
  if (amount < 1) throw new GamesError('TRANSFER_MINIMUM');
  if (amount > MAX_AMOUNT_BAHT || !hasAtMostTwoDecimals(amount))
    throw new GamesError('KEY_INVALID');
  return bahtToSatang(amount);
}

/** A code the member named: a catalogue code (else NO_GAME) with an active account (else SLOT_NO_ACCOUNT). */
async function activeGame(
  db: Db,
  memberId: number,
  code: string,
): Promise<{ entry: ProviderEntry; username: string }> {
  const entry = findProvider(code);
  if (!entry) throw new GamesError('NO_GAME');
  const account = await repo.findAccount(db, memberId, entry.code);
  if (!account) throw new GamesError('SLOT_NO_ACCOUNT');
  return { entry, username: account.username };
}

interface OpenInput {
  memberId: number;
  currency: Currency;
  code: ProviderCode;
  direction: TransferDirection;
  /** Satang; for transferAll, null: the whole wallet, read under the lock. */
  amount: number | null;
  requestKey: string;
  actor: string;
  /**
   * Player protection (decision 0139): `amount` checks the block and the loss limits for the
   * money going into the game; `block` only the block (game to game: the second leg opens in
   * the first leg's settlement, where a refusal must not undo the settlement).
   */
  guard?: 'amount' | 'block';
}

/**
 * Opens a transfer inside the caller's transaction: (wallet -> game) the hold, then the
 * PENDING row held by this caller for one lease, and the statement row in progress.
 */
async function openTransfer(
  trx: Db,
  deps: TransferDeps,
  input: OpenInput,
): Promise<GameTransferRow> {
  const { clock } = deps;
  const ref = newRef();
  const cash = accounts.memberCash(input.memberId, input.currency);
  let amount = input.amount;
  let holdTransactionId: number | null = null;
  if (input.direction === 'in') {
    if (amount === null) {
      // transferAll: the whole wallet, read while this member's wallet moves are serialised.
      await lockKey(trx, `wallet:${input.memberId}`);
      const balance = await balanceOf(trx, cash.code);
      if (balance <= 0) throw new GamesError('MONEY_NOT_ENOUGH');
      if (balance < TRANSFER_MINIMUM_SATANG) throw new GamesError('TRANSFER_MINIMUM');
      amount = balance;
    }
    if (input.guard === 'amount') await assertGameFits(trx, clock, input.memberId, amount);
    const hold = await post(trx, clock, {
      event: 'game_transfer_hold',
      actor: input.actor,
      idempotencyKey: `game:${ref}:hold`,
      entries: [
        { debit: cash, credit: accounts.memberHold(input.memberId, 'game', cash.currency), amount },
      ],
      memo: `${WALLET} -> ${input.code}`,
    });
    holdTransactionId = hold.transactionId;
  }
  if (amount === null) throw new Error('transfer amount missing');
  if (input.guard === 'block') await assertGameFits(trx, clock, input.memberId, null);
  const row = await repo.insertPendingTransfer(trx, {
    ref,
    requestKey: input.requestKey,
    memberId: input.memberId,
    providerCode: input.code,
    direction: input.direction,
    amount,
    holdTransactionId,
    heldUntil: isoPlus(clock, leaseMs(deps)),
    at: isoNow(clock),
  });
  await recordStatement(trx, clock, {
    memberId: input.memberId,
    reference: ref,
    type: 'transfer',
    status: 'PENDING',
    from: input.direction === 'in' ? WALLET : input.code,
    to: input.direction === 'in' ? input.code : WALLET,
    amount,
  });
  return row;
}

export type Settlement = 'APPLIED' | 'REJECTED';

/**
 * Settles a pending transfer once: APPLIED posts it, REJECTED voids it. Returns the row as
 * it is afterwards, and whether this call was the one that settled it. `then` runs in the
 * same transaction when this call posted it (game -> game opens its second leg there).
 */
export async function settleTransfer<T = undefined>(
  deps: TransferDeps,
  transferId: number,
  outcome: Settlement,
  options: {
    actor: string;
    /** The provider's balance after the transfer, and when we asked. */
    balance?: { value: number; observedAt: string };
    then?: (trx: Db) => Promise<T>;
  },
): Promise<{ row: GameTransferRow; settledNow: boolean; next?: T }> {
  const { clock } = deps;
  return withTransaction(deps.db, async (trx) => {
    const row = await repo.lockTransferById(trx, transferId);
    if (!row) throw new Error(`no game transfer ${transferId}`);
    if (row.status !== 'PENDING') return { row, settledNow: false };

    const code = row.provider_code;
    const cash = accounts.memberCash(row.member_id, row.currency);
    const hold = accounts.memberHold(row.member_id, 'game', row.currency);
    const provider = accounts.provider(code, row.currency);
    const settleKey = `game:${row.ref}:settle`;
    let settleTransactionId: number | null = null;
    if (outcome === 'APPLIED') {
      const posted = await post(trx, clock, {
        event: row.direction === 'in' ? 'game_transfer_post' : 'game_transfer_out',
        actor: options.actor,
        idempotencyKey: settleKey,
        externalRef: `${code}:${row.ref}`,
        entries: [
          row.direction === 'in'
            ? { debit: hold, credit: provider, amount: row.amount }
            : { debit: provider, credit: cash, amount: row.amount },
        ],
      });
      settleTransactionId = posted.transactionId;
    } else if (row.direction === 'in') {
      const voided = await post(trx, clock, {
        event: 'game_transfer_void',
        actor: options.actor,
        idempotencyKey: settleKey,
        entries: [{ debit: hold, credit: cash, amount: row.amount }],
      });
      settleTransactionId = voided.transactionId;
    }
    const at = isoNow(clock);
    const status: 'POSTED' | 'VOIDED' = outcome === 'APPLIED' ? 'POSTED' : 'VOIDED';
    // With the provider's balance, when its answer carried one.
    await repo.markSettled(trx, row, { status, settleTransactionId, at }, options.balance);
    await setStatementStatus(trx, clock, row.ref, outcome === 'APPLIED' ? 'SUCCESS' : 'FAILED');
    if (!options.balance && outcome === 'APPLIED') {
      await repo.shiftBalance(
        trx,
        row.member_id,
        code,
        row.direction === 'in' ? row.amount : -row.amount,
        at,
      );
    }
    const settled = { ...row, status, settle_transaction_id: settleTransactionId, settled_at: at };
    if (outcome === 'APPLIED' && options.then) {
      return { row: settled, settledNow: true, next: await options.then(trx) };
    }
    return { row: settled, settledNow: true };
  });
}

/**
 * Ends the request's hold on a transfer whose call had no usable answer: it stays pending and
 * the reconcile kernel takes it at once.
 */
async function releaseTransfer(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  row: GameTransferRow,
  error: unknown,
): Promise<void> {
  if (row.next_attempt_at === null) return;
  await release(deps.db, 'game_transfers', row.id, row.next_attempt_at, {
    nextAttemptAt: isoNow(deps.clock),
    lastError: errorText(error),
  });
}

export type SendResult =
  | { kind: 'settled'; outcome: Settlement; result?: ProviderTransferResult; error?: unknown }
  | { kind: 'unknown'; error: unknown };

/** One provider call for a transfer's ref (the first send or a re-send: same ref, same body). */
export async function sendTransfer(
  deps: TransferDeps,
  row: GameTransferRow,
  username: string,
): Promise<SendResult & { observedAt: string }> {
  const observedAt = isoNow(deps.clock);
  try {
    const result = await deps.gameProvider.transfer(row.provider_code as ProviderCode, {
      ref: row.ref,
      username,
      direction: row.direction as TransferDirection,
      amount: row.amount,
    });
    return { kind: 'settled', outcome: result.status, result, observedAt };
  } catch (error) {
    // A definite no: nothing happened at the provider. Anything else: nobody knows.
    if (error instanceof ProviderRejected || error instanceof ProviderUserNotFound)
      return { kind: 'settled', outcome: 'REJECTED', error, observedAt };
    return { kind: 'unknown', error, observedAt };
  }
}

/** The catalogue code a member sees for a refusal of this provider. */
function refusalCode(code: string, send: SendResult, direction: string) {
  if (send.kind === 'settled' && send.error instanceof ProviderUserNotFound) {
    if (code === 'AREASLOT') return 'NOT_AREASLOT' as const;
    if (code === 'UFABET') return 'NOT_UFABET' as const;
  }
  if (
    direction === 'out' &&
    send.kind === 'settled' &&
    send.result?.reason === 'INSUFFICIENT_BALANCE'
  )
    return 'MONEY_NOT_ENOUGH' as const;
  return 'TRANSFER_FAIL' as const;
}

const answer = (status: 'SUCCESS' | 'PENDING', reference: string): TransferAnswer => ({
  message: 'SUCCESS',
  status,
  reference,
});

/** A transfer opened by an earlier run of the same request: answer what became of it. */
function answerExisting(row: GameTransferRow): TransferAnswer {
  if (row.status === 'POSTED') return answer('SUCCESS', row.ref);
  if (row.status === 'PENDING') return answer('PENDING', row.ref);
  throw new GamesError('TRANSFER_FAIL');
}

interface Leg {
  code: ProviderCode;
  username: string;
}

/** Sends an opened transfer and settles it when the answer is definite. */
async function drive<T>(
  deps: TransferDeps,
  row: GameTransferRow,
  leg: Leg,
  actor: string,
  then?: (trx: Db) => Promise<T>,
): Promise<
  | { state: 'posted'; row: GameTransferRow; settledNow: boolean; next?: T }
  | { state: 'refused'; code: ReturnType<typeof refusalCode> }
  | { state: 'pending'; row: GameTransferRow }
> {
  const send = await sendTransfer(deps, row, leg.username);
  if (send.kind === 'unknown') {
    // Released at once: the reconciler asks the provider on its next round.
    await releaseTransfer(deps, row, send.error);
    return { state: 'pending', row };
  }
  const settled = await settleTransfer(deps, row.id, send.outcome, {
    actor,
    ...(send.result
      ? { balance: { value: send.result.balance, observedAt: send.observedAt } }
      : {}),
    ...(then ? { then } : {}),
  });
  if (settled.row.status === 'POSTED')
    return {
      state: 'posted',
      row: settled.row,
      settledNow: settled.settledNow,
      ...(settled.next !== undefined ? { next: settled.next } : {}),
    };
  if (settled.row.status === 'PENDING') return { state: 'pending', row: settled.row };
  return { state: 'refused', code: refusalCode(leg.code, send, row.direction) };
}

async function walletToGame(
  deps: TransferDeps,
  member: MemberAuth,
  leg: Leg,
  amount: number | null,
  requestKey: string,
): Promise<TransferAnswer> {
  const actor = `member:${member.memberId}`;
  let row: GameTransferRow;
  try {
    row = await withTransaction(deps.db, (trx) =>
      openTransfer(trx, deps, {
        memberId: member.memberId,
        currency: member.currency,
        code: leg.code,
        direction: 'in',
        amount,
        requestKey,
        actor,
        guard: 'amount',
      }),
    );
  } catch (error) {
    // When an earlier run of this request opened its transfer (its stored answer was lost,
    // or it was taken over as stale), this run fails: on the UNIQUE request_key, or already
    // on the hold when that transfer took the money. Answer what became of the first
    // transfer. Looked up only on failure, not before every run.
    const existing = await repo.findTransferByRequestKey(deps.db, requestKey);
    if (!existing) throw error;
    return answerExisting(existing);
  }
  const result = await drive(deps, row, leg, actor);
  if (result.state === 'refused') throw new GamesError(result.code);
  return answer(result.state === 'posted' ? 'SUCCESS' : 'PENDING', row.ref);
}

async function gameToWallet(
  deps: TransferDeps,
  member: MemberAuth,
  leg: Leg,
  amount: number,
  requestKey: string,
  next?: { leg: Leg; requestKey: string },
): Promise<TransferAnswer> {
  const actor = `member:${member.memberId}`;
  const existing = await repo.findTransferByRequestKey(deps.db, requestKey);
  if (existing && !next) return answerExisting(existing);
  if (existing && next) {
    // A re-run of a game -> game request: report its furthest leg.
    const second = await repo.findTransferByRequestKey(deps.db, next.requestKey);
    if (second) return answerExisting(second);
    if (existing.status === 'POSTED') throw new GamesError('TRANSFER_FAIL');
    return answerExisting(existing);
  }
  const row = await withTransaction(deps.db, (trx) =>
    openTransfer(trx, deps, {
      memberId: member.memberId,
      currency: member.currency,
      code: leg.code,
      direction: 'out',
      amount,
      requestKey,
      actor,
      ...(next ? { guard: 'block' as const } : {}),
    }),
  );
  // game -> game: the second leg's hold commits with the first leg's settlement, so the
  // money never sits in the wallet where another request could take it.
  const openSecond = next
    ? (trx: Db) =>
        openTransfer(trx, deps, {
          memberId: member.memberId,
          currency: member.currency,
          code: next.leg.code,
          direction: 'in',
          amount,
          requestKey: next.requestKey,
          actor,
        })
    : undefined;
  const first = await drive(deps, row, leg, actor, openSecond);
  if (first.state === 'refused') throw new GamesError(first.code);
  if (first.state === 'pending') return answer('PENDING', row.ref);
  if (!next) return answer('SUCCESS', row.ref);
  const second = first.next;
  // The first leg was settled by someone else (the reconciler, after the lease): the money
  // is in the wallet and the second leg never started.
  if (!second) throw new GamesError('TRANSFER_FAIL');
  const result = await drive(deps, second, next.leg, actor);
  // Refused: the void put the money back in the wallet (TRANSFER_FAIL's own wording).
  if (result.state === 'refused') throw new GamesError(result.code);
  return answer(result.state === 'posted' ? 'SUCCESS' : 'PENDING', second.ref);
}

/** POST /api/wallet/transfer {from, to, amount}: WALLET or an active game on each side. */
export async function transfer(
  deps: TransferDeps,
  member: MemberAuth,
  body: { from: string; to: string; amount: number },
  idempotencyKey: string,
): Promise<TransferAnswer> {
  const { from, to } = body;
  if (from === NONE || to === NONE || from === to) throw new GamesError('KEY_INVALID');
  const source = from === WALLET ? null : await activeGame(deps.db, member.memberId, from);
  const target = to === WALLET ? null : await activeGame(deps.db, member.memberId, to);
  const amount = transferAmount(body.amount);
  const legOf = (game: { entry: ProviderEntry; username: string }): Leg => ({
    code: game.entry.code,
    username: game.username,
  });
  if (!source && target)
    return walletToGame(deps, member, legOf(target), amount, `${idempotencyKey}:in`);
  if (source && !target)
    return gameToWallet(deps, member, legOf(source), amount, `${idempotencyKey}:out`);
  if (source && target)
    return gameToWallet(deps, member, legOf(source), amount, `${idempotencyKey}:out`, {
      leg: legOf(target),
      requestKey: `${idempotencyKey}:in`,
    });
  throw new GamesError('KEY_INVALID');
}

/** POST /api/wallet/transferAll {to}: the whole wallet into one active game. */
export async function transferAll(
  deps: TransferDeps,
  member: MemberAuth,
  body: { to: string },
  idempotencyKey: string,
): Promise<TransferAnswer> {
  if (body.to === WALLET || body.to === NONE) throw new GamesError('KEY_INVALID');
  const target = await activeGame(deps.db, member.memberId, body.to);
  return walletToGame(
    deps,
    member,
    { code: target.entry.code, username: target.username },
    null,
    `${idempotencyKey}:in`,
  );
}
