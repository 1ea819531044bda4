// The operator module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { OperatorRole } from '@wallet/contract';
import type { Generated } from 'kysely';
import type { ApprovalStatus, ControlChangeKind, OperatorStatus } from '../../db/columns';

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  status: OperatorStatus;
  created_at: string;
  role: Generated<OperatorRole>;
  display_name: Generated<string>;
  /** Base32 authenticator secret; null until enrolled (decision 0086). */
  totp_secret: string | null;
  /** The last 30-second step a code was accepted for (a code is good once). */
  totp_last_step: number | null;
  /** The last completed sign-in (migration 0019). */
  last_sign_in_at: string | null;
  /** 1: the next sign-in must set a new password (an admin set this one; decision 0117). */
  password_change_required: Generated<number>;
  /** When the operator last chose their own password (the seed then leaves it alone). */
  password_changed_at: string | null;
}

/** A change that weakens a control, waiting for a second admin (decision 0117). */
export interface ControlChangeRequestsTable {
  id: Generated<number>;
  kind: ControlChangeKind;
  /** The operator account it changes; null for the threshold. */
  operator_id: number | null;
  /** What it sets, as JSON: `{ threshold }` (satang), `{ role?, status? }`, `{}`. */
  change_json: string;
  status: ApprovalStatus;
  requested_by: number;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
}
