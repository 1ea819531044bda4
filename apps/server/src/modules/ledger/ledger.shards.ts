// No hot row (decision 0101). A house, provider or outside-world account is a set of shard
// rows, so that two members' postings rarely lock the same row. Callers name the account
// (`provider:PG`); only this module knows its shards:
// - a posting's shard is its member's: member id mod N (N = LEDGER_SHARDS, set by
//   configureLedger at start); a posting without a member account uses shard 0;
// - shard 0 keeps the account's code; shard k > 0 of N is the row `<code>#<k>/<N>`, whose
//   `shard_of` names the account. N is part of the row, so changing LEDGER_SHARDS opens new
//   rows and never moves or reinterprets old ones (their entries and sums stay as they are);
// - every reader of an account's balance sums its rows (balancesOf, the reports).
import type { AccountSpec } from './ledger.accounts';
import { LedgerMisuseError } from './ledger.errors';

export const DEFAULT_LEDGER_SHARDS = 64;
export const MAX_LEDGER_SHARDS = 1024;

let shardCount = DEFAULT_LEDGER_SHARDS;

/** Sets the shard count of new postings (buildApp, from LEDGER_SHARDS). One per process. */
export function configureLedger(options: { shards: number }): void {
  const { shards } = options;
  if (!Number.isInteger(shards) || shards < 1 || shards > MAX_LEDGER_SHARDS)
    throw new LedgerMisuseError(`ledger shards must be 1 to ${MAX_LEDGER_SHARDS}, got ${shards}`);
  shardCount = shards;
}

export function ledgerShardCount(): number {
  return shardCount;
}

/** An account spec placed on one row: a member account, or one shard of a shared account. */
export interface PlacedSpec extends AccountSpec {
  /** The account's code (shard 0's) on a shard row k > 0; null otherwise. */
  shardOf: string | null;
  shard: number;
  shardCount: number;
}

/** `provider:PG` for shard 0, `provider:PG#5/64` for shard 5 of 64. */
export const shardCode = (code: string, shard: number, count: number): string =>
  shard === 0 ? code : `${code}#${shard}/${count}`;

/** Member accounts are never sharded; every other account (memberId null) is. */
export const isMemberCode = (code: string): boolean => code.startsWith('member:');

/** The row of `spec` for a posting of `memberId` (null: no member account in the posting). */
export function placeOnShard(
  spec: AccountSpec,
  memberId: number | null,
  count: number = shardCount,
): PlacedSpec {
  if (spec.memberId !== null || memberId === null || count === 1 || memberId % count === 0)
    return { ...spec, shardOf: null, shard: 0, shardCount: 1 };
  const shard = memberId % count;
  return {
    ...spec,
    code: shardCode(spec.code, shard, count),
    shardOf: spec.code,
    shard,
    shardCount: count,
  };
}

/** A row exactly as stored (reversals post on the rows of the transaction they reverse). */
export function placeOnRow(
  spec: AccountSpec,
  row: { code: string; shard_of: string | null; shard: number; shard_count: number },
): PlacedSpec {
  return {
    ...spec,
    code: row.code,
    shardOf: row.shard_of,
    shard: Number(row.shard),
    shardCount: Number(row.shard_count),
  };
}
