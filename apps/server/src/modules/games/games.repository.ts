// Queries of the games module (game_accounts, game_transfers); no rules here.
import { sql } from 'kysely';
import type { QueryCreator } from 'kysely';
import { batchedLookup } from '../../db/batched-lookup';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/database';
import { prepared } from '../../db/prepared';
import type {
  Currency,
  Database,
  GameAccountRow,
  GameTransferDirection,
  GameTransferRow,
  GameTransferStatus,
} from '../../db/schema';

const accountOfMember = prepared(2, (db, memberId: number, providerCode: string) =>
  db
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider_code', '=', providerCode),
);

// PostgreSQL only (batchedLookup): the accounts of every member asked about in one turn, one
// statement; each caller takes its own (a member has one account per provider).
const accountsOfMembers = prepared(1, (db, memberIds: number[]) =>
  db
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', sql<number>`any(${memberIds}::int[])`),
);

const accountLookup = batchedLookup<string, GameAccountRow>(
  (db, key) => {
    const [memberId, providerCode] = splitAccountKey(key);
    return accountOfMember.first(db, memberId, providerCode);
  },
  async (db, keys) => {
    const memberIds = [...new Set(keys.map((key) => splitAccountKey(key)[0]))];
    const rows = await accountsOfMembers.all(db, memberIds);
    return new Map(rows.map((row) => [accountKey(row.member_id, row.provider_code), row]));
  },
);

const accountKey = (memberId: number, providerCode: string) => `${memberId}:${providerCode}`;

function splitAccountKey(key: string): [number, string] {
  const at = key.indexOf(':');
  return [Number(key.slice(0, at)), key.slice(at + 1)];
}

/** The member's account at a provider; concurrent lookups share one query on PostgreSQL. */
export function findAccount(
  db: Db,
  memberId: number,
  providerCode: string,
): Promise<GameAccountRow | undefined> {
  return accountLookup.get(db, accountKey(memberId, providerCode));
}

export function listAccounts(db: Db, memberId: number): Promise<GameAccountRow[]> {
  return db
    .selectFrom('game_accounts')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

const balancesOfMember = prepared(1, (db, memberId: number) =>
  db
    .selectFrom('game_accounts')
    .select(['provider_code', 'last_balance'])
    .where('member_id', '=', memberId),
);

/** Each active account's provider and last known balance, for the member's slots. */
export function listBalances(db: Db, memberId: number) {
  return balancesOfMember.all(db, memberId);
}

/** Inserts the account; false when the member already has one at that provider. */
export async function insertAccount(
  db: Db,
  row: {
    member_id: number;
    provider_code: string;
    username: string;
    password_enc: string;
    created_at: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('game_accounts')
    .values({ ...row, last_balance: 0, last_balance_at: null, updated_at: row.created_at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updatePassword(
  db: Db,
  id: number,
  passwordEnc: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('game_accounts')
    .set({ password_enc: passwordEnc, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The update of a provider's balance, unless a newer observation is already stored. */
const balanceUpdate = (
  db: QueryCreator<Database>,
  memberId: number,
  providerCode: string,
  balance: number,
  observedAt: string,
) =>
  db
    .updateTable('game_accounts')
    .set({ last_balance: balance, last_balance_at: observedAt, updated_at: observedAt })
    .where('member_id', '=', memberId)
    .where('provider_code', '=', providerCode)
    .where((eb) =>
      eb.or([eb('last_balance_at', 'is', null), eb('last_balance_at', '<=', observedAt)]),
    );

const recordBalanceQuery = prepared(
  4,
  (db, memberId: number, providerCode: string, balance: number, observedAt: string) =>
    balanceUpdate(db, memberId, providerCode, balance, observedAt),
);

/** Stores a balance the provider reported, unless a newer observation is already stored. */
export async function recordBalance(
  db: Db,
  memberId: number,
  providerCode: string,
  balance: number,
  observedAt: string,
): Promise<void> {
  await recordBalanceQuery.defer(db, memberId, providerCode, balance, observedAt);
}

/** Moves the cached balance by a settled transfer whose answer carried no balance. */
export async function shiftBalance(
  db: Db,
  memberId: number,
  providerCode: string,
  delta: number,
  at: string,
): Promise<void> {
  const account = await findAccount(db, memberId, providerCode);
  if (!account) return;
  await db
    .updateTable('game_accounts')
    .set({ last_balance: Math.max(0, account.last_balance + delta), updated_at: at })
    .where('id', '=', account.id)
    .execute();
}

const transferByRequestKey = prepared(1, (db, requestKey: string) =>
  db.selectFrom('game_transfers').selectAll().where('request_key', '=', requestKey),
);

export function findTransferByRequestKey(
  db: Db,
  requestKey: string,
): Promise<GameTransferRow | undefined> {
  return transferByRequestKey.first(db, requestKey);
}

const transferByIdLocked = prepared(1, (db, id: number) => {
  const query = db
    .selectFrom('game_transfers')
    .innerJoin('members', 'members.id', 'game_transfers.member_id')
    .selectAll('game_transfers')
    .select('members.currency')
    .where('game_transfers.id', '=', id);
  return dialectOf(db) === 'postgres' ? query.forUpdate('game_transfers') : query;
});

/**
 * A transfer with its member's currency (the ledger accounts it settles into), locked until
 * the transaction ends and read under the lock (PostgreSQL `FOR UPDATE OF game_transfers`;
 * on SQLite BEGIN IMMEDIATE holds the write lock already).
 */
export function lockTransferById(
  trx: Db,
  id: number,
): Promise<(GameTransferRow & { currency: Currency }) | undefined> {
  return transferByIdLocked.first(trx, id);
}

const insertPending = prepared(
  9,
  (
    db,
    ref: string,
    requestKey: string,
    memberId: number,
    providerCode: string,
    direction: GameTransferDirection,
    amount: number,
    holdTransactionId: number | null,
    heldUntil: string,
    at: string,
  ) =>
    db
      .insertInto('game_transfers')
      .values({
        ref,
        request_key: requestKey,
        member_id: memberId,
        provider_code: providerCode,
        direction,
        amount,
        status: 'PENDING',
        hold_transaction_id: holdTransactionId,
        settle_transaction_id: null,
        attempts: 1,
        last_error: null,
        next_attempt_at: heldUntil,
        created_at: at,
        updated_at: at,
        settled_at: null,
      })
      .returningAll(),
);

/** A new PENDING transfer, held by its caller until `heldUntil` (one provider call made). */
export async function insertPendingTransfer(
  db: Db,
  row: {
    ref: string;
    requestKey: string;
    memberId: number;
    providerCode: string;
    direction: 'in' | 'out';
    amount: number;
    holdTransactionId: number | null;
    heldUntil: string;
    at: string;
  },
): Promise<GameTransferRow> {
  const inserted = await insertPending.first(
    db,
    row.ref,
    row.requestKey,
    row.memberId,
    row.providerCode,
    row.direction,
    row.amount,
    row.holdTransactionId,
    row.heldUntil,
    row.at,
  );
  if (!inserted) throw new Error(`game transfer ${row.ref} was not inserted`);
  return inserted;
}

/** PENDING -> POSTED | VOIDED (a settled row never changes: the database refuses it). */
const settlement = (
  db: QueryCreator<Database>,
  id: number,
  status: GameTransferStatus,
  settleTransactionId: number | null,
  at: string,
) =>
  db
    .updateTable('game_transfers')
    .set({
      status,
      settle_transaction_id: settleTransactionId,
      settled_at: at,
      updated_at: at,
      next_attempt_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING');

const markSettledQuery = prepared(
  4,
  (db, id: number, status: GameTransferStatus, settleTransactionId: number | null, at: string) =>
    settlement(db, id, status, settleTransactionId, at),
);

// PostgreSQL: the settlement and the balance the provider reported in one statement (one
// statement fewer per transfer; decision 0111). Its row count is the transfer's.
const markSettledWithBalanceQuery = prepared(
  8,
  (
    db,
    id: number,
    status: GameTransferStatus,
    settleTransactionId: number | null,
    at: string,
    memberId: number,
    providerCode: string,
    balance: number,
    observedAt: string,
  ) =>
    settlement(
      // The outer update never reads the CTE, so its name need not be in the type.
      db.with('balance', (qb) =>
        balanceUpdate(qb, memberId, providerCode, balance, observedAt),
      ) as unknown as QueryCreator<Database>,
      id,
      status,
      settleTransactionId,
      at,
    ),
);

/**
 * PENDING -> POSTED | VOIDED, for a row locked and read PENDING in this transaction, and,
 * when given, the provider's balance observed at `balance.observedAt` (recordBalance). Its
 * answer is not awaited (pg-pipeline.ts); if it changed no transfer, the transaction fails.
 */
export async function markSettled(
  db: Db,
  row: { id: number; member_id: number; provider_code: string },
  settle: { status: 'POSTED' | 'VOIDED'; settleTransactionId: number | null; at: string },
  balance?: { value: number; observedAt: string },
): Promise<void> {
  if (balance && dialectOf(db) === 'postgres') {
    await markSettledWithBalanceQuery.deferOne(
      db,
      row.id,
      settle.status,
      settle.settleTransactionId,
      settle.at,
      row.member_id,
      row.provider_code,
      balance.value,
      balance.observedAt,
    );
    return;
  }
  await markSettledQuery.deferOne(db, row.id, settle.status, settle.settleTransactionId, settle.at);
  if (balance)
    await recordBalance(db, row.member_id, row.provider_code, balance.value, balance.observedAt);
}

export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('game_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
