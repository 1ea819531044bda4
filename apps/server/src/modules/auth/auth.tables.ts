// The auth module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { SessionSubject } from '../../db/columns';

/** Between the password and the TOTP code of an operator sign-in (decision 0086). */
export interface OperatorChallengesTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  /** The secret offered for enrolment; stored on the operator once a code proves it. */
  enrol_secret: string | null;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  subject: SessionSubject;
  member_id: number | null;
  operator_id: number | null;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; idle expiry is last_seen_at + idle minutes. */
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginThrottleTable {
  /** 'member:<username>' or 'operator:<username>' (unknown names are throttled too). */
  key: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}
