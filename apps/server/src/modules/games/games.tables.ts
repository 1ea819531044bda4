// The games module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { GameTransferDirection, GameTransferStatus } from '../../db/columns';

/** A member's account at a game provider (docs/decisions/0014-game-accounts-and-catalogue.md). */
export interface GameAccountsTable {
  id: Generated<number>;
  member_id: number;
  provider_code: string;
  username: string;
  /** AES-256-GCM of the password (`v1.<iv>.<tag>.<ciphertext>`, base64url); shown to the member. */
  password_enc: string;
  /** Last balance the provider told us (satang); a display cache, not money we hold. */
  last_balance: number;
  /** When that balance was asked for; an older observation never overwrites a newer one. */
  last_balance_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One provider transfer (docs/decisions/0015-provider-transfers-and-reconciler.md). */
export interface GameTransfersTable {
  id: Generated<number>;
  /** Our unique reference, sent to the provider; also the statement row's reference. */
  ref: string;
  /** The caller-scoped Idempotency-Key plus the leg (`member:12:<key>:in`), UNIQUE. */
  request_key: string | null;
  member_id: number;
  provider_code: string;
  /** in: wallet -> game; out: game -> wallet */
  direction: GameTransferDirection;
  /** Integer satang, > 0. */
  amount: number;
  /** A settled row (POSTED, VOIDED) never changes again (trigger). */
  status: GameTransferStatus;
  hold_transaction_id: number | null;
  settle_transaction_id: number | null;
  /** Times a worker took the row (the first send, then each reconcile take). */
  attempts: number;
  last_error: string | null;
  /** Reconcile kernel (decision 0061): due or held until then; null once settled. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}
