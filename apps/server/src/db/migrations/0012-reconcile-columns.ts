// Issue 11 (docs/decisions/0061-reconcile-kernel.md): every "outcome unknown, settle it later"
// table carries the reconcile kernel's columns under the same names, so one due-row query and
// one compare-and-set lease serve them all:
//   next_attempt_at (NULL = nothing to do), attempts, last_error.
// withdrawals and slips had them already. game_transfers' claimed_until was NOT NULL and kept
// its value after settling; the new column is NULL on settled rows (a settled transfer never
// changes, and adding a column changes no row). The QR and gift-link columns are renamed.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const statements = [
  `alter table game_transfers add column next_attempt_at text`,
  `update game_transfers set next_attempt_at = claimed_until where status = 'PENDING'`,
  `drop index game_transfers_pending_idx`,
  `alter table game_transfers drop column claimed_until`,
  `alter table qr_deposits rename column next_check_at to next_attempt_at`,
  `alter table qr_deposits rename column check_attempts to attempts`,
  `drop index qr_deposits_check_idx`,
  `alter table gift_redemptions rename column next_check_at to next_attempt_at`,
  `drop index gift_redemptions_check_idx`,
  // The kernel's due-row query: next_attempt_at <= now, oldest first, on every table.
  ...['game_transfers', 'qr_deposits', 'gift_redemptions', 'withdrawals', 'slips'].map(
    (table) => `create index ${table}_due_idx on ${table} (next_attempt_at)`,
  ),
];

export function reconcileColumns(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
