// The otp module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';

export interface OtpRequestsTable {
  id: Generated<number>;
  token_hash: string;
  phone: string;
  ref: string;
  /** SHA-256 of token + code: the code is never stored in clear. */
  code_hash: string;
  wrong_attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface VerifiedPhonesTable {
  phone: string;
  verified_at: string;
}
