// Operator accounts (issue 13, decision 0089), admin only: create (a temporary password
// shown once; the authenticator is enrolled and a password of their own chosen at the first
// sign-in, decision 0117), rename, change role, deactivate / reactivate, reset the password
// or the authenticator, sign out everywhere. An admin never deactivates or demotes
// themselves, so the last admin cannot lock everyone out. Where two active admins exist, a
// change that weakens a control (operator.controls.ts) waits for a second admin. Passwords
// are hashed with deps.passwords and never stored or answered in clear, except the one
// temporary password in the answer that made it.
import { randomInt } from 'node:crypto';
import type { OperatorAccount, OperatorRole } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import { isUniqueViolation } from '../../db/transaction';
import { DomainError } from '../../lib/domain-error';
import { isoNow } from '../../lib/clock';
import { revokeOperatorSessions } from '../auth';
import * as repo from './operator.accounts.repository';
import {
  applyControlChange,
  needsSecondAdmin,
  requestControlChange,
  weakensAccess,
} from './operator.controls';

const status = { NO_USER: 404, EXISTING_USER: 409, UNAUTHORIZED: 403 } as const;

export class OperatorAccountError extends DomainError {
  constructor(code: keyof typeof status) {
    super(code, status[code]);
  }
}

/** No look-alike characters (0/O, 1/l/I): read off a screen and typed once. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters from the CSPRNG (about 115 bits), in groups of five. */
export function temporaryPassword(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

export function toAccount(row: repo.OperatorRow): OperatorAccount {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name || row.username,
    role: row.role,
    status: row.status,
    totpEnrolled: row.totp_secret !== null,
    passwordChangeRequired: row.password_change_required === 1,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
  };
}

/** What an audit row may show of an account: never the credential columns. */
export const auditView = (a: OperatorAccount) => ({
  username: a.username,
  displayName: a.displayName,
  role: a.role,
  status: a.status,
  totpEnrolled: a.totpEnrolled,
});

type Deps = Pick<AppDeps, 'db' | 'clock' | 'passwords'>;

async function account(deps: Pick<AppDeps, 'db'>, id: number): Promise<OperatorAccount> {
  const row = await repo.findOperatorRow(deps.db, id);
  if (!row) throw new OperatorAccountError('NO_USER');
  return toAccount(row);
}

export async function listOperators(
  deps: Pick<AppDeps, 'db'>,
  page: { page: number; pageSize: number },
): Promise<{ rows: OperatorAccount[]; total: number; page: number }> {
  const { rows, total } = await repo.pageOfOperators(deps.db, page);
  return { rows: rows.map(toAccount), total, page: page.page };
}

export async function createOperator(
  deps: Deps,
  me: OperatorAuth,
  input: { username: string; displayName: string; role: OperatorRole },
): Promise<{ operator: OperatorAccount; temporaryPassword: string; requestId: number | null }> {
  const password = temporaryPassword();
  // A new cashier or admin is a new pair of eyes on money: with two active admins it starts
  // inactive until a second admin approves (decision 0117).
  const held =
    weakensAccess(undefined, { role: input.role, status: 'active' }) &&
    (await needsSecondAdmin(deps.db));
  let id: number;
  try {
    id = await repo.createOperatorRow(deps.db, {
      username: input.username,
      display_name: input.displayName,
      role: input.role,
      status: held ? 'inactive' : 'active',
      password_hash: await deps.passwords.hash(password),
      created_at: isoNow(deps.clock),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operators', 'username'))
      throw new OperatorAccountError('EXISTING_USER');
    throw error;
  }
  const requestId = held
    ? await requestControlChange(deps, me, {
        kind: 'operator_access',
        operatorId: id,
        role: input.role,
        status: 'active',
      })
    : null;
  return { operator: await account(deps, id), temporaryPassword: password, requestId };
}

export interface Changed {
  before: OperatorAccount;
  operator: OperatorAccount;
  /** The second admin's request when the change waits for one; null when it took effect. */
  requestId: number | null;
}

/**
 * A role or status change: at once, or (it weakens a control and two active admins exist) a
 * request for a second admin; a rename always applies at once.
 */
async function changeAccess(
  deps: Deps,
  me: OperatorAuth,
  before: OperatorAccount,
  change: { role?: OperatorRole; status?: 'active' | 'inactive' },
): Promise<{ requestId: number | null; revoked: number }> {
  const after = { role: change.role ?? before.role, status: change.status ?? before.status };
  if (after.role === before.role && after.status === before.status)
    return { requestId: null, revoked: 0 };
  const access = { kind: 'operator_access' as const, operatorId: before.id, ...change };
  if (weakensAccess(before, after) && (await needsSecondAdmin(deps.db)))
    return { requestId: await requestControlChange(deps, me, access), revoked: 0 };
  return { requestId: null, revoked: await applyControlChange(deps, access) };
}

export async function updateOperator(
  deps: Deps,
  me: OperatorAuth,
  id: number,
  change: { displayName?: string; role?: OperatorRole },
): Promise<Changed> {
  const before = await account(deps, id);
  // Demoting yourself could leave no admin: refused (another admin may do it).
  if (id === me.operatorId && change.role !== undefined && change.role !== before.role)
    throw new OperatorAccountError('UNAUTHORIZED');
  if (change.displayName !== undefined)
    await repo.updateOperatorRow(deps.db, id, { display_name: change.displayName });
  const { requestId } = await changeAccess(
    deps,
    me,
    before,
    change.role !== undefined ? { role: change.role } : {},
  );
  return { before, operator: await account(deps, id), requestId };
}

export async function setOperatorStatus(
  deps: Deps,
  me: OperatorAuth,
  id: number,
  status: 'active' | 'inactive',
): Promise<Changed & { revoked: number }> {
  const before = await account(deps, id);
  if (id === me.operatorId && status !== before.status)
    throw new OperatorAccountError('UNAUTHORIZED');
  const { requestId, revoked } = await changeAccess(deps, me, before, { status });
  return { before, operator: await account(deps, id), revoked, requestId };
}

/**
 * A new temporary password, shown once: the operator must choose their own at the next
 * sign-in (decision 0117), and every session of theirs ends.
 */
export async function resetOperatorPassword(
  deps: Deps,
  id: number,
): Promise<Omit<Changed, 'requestId'> & { temporaryPassword: string; revoked: number }> {
  const before = await account(deps, id);
  const password = temporaryPassword();
  await repo.updateOperatorRow(deps.db, id, {
    password_hash: await deps.passwords.hash(password),
    password_change_required: 1,
  });
  const revoked = await revokeOperatorSessions(deps, id);
  return { before, operator: await account(deps, id), temporaryPassword: password, revoked };
}

/**
 * Forgets the authenticator (enrolled again at the next sign-in). Another operator's waits
 * for a second admin where two active admins exist (decision 0117): with a password reset it
 * would let one admin sign in as anyone.
 */
export async function resetOperatorTotp(
  deps: Deps,
  me: OperatorAuth,
  id: number,
): Promise<Changed & { revoked: number }> {
  const before = await account(deps, id);
  const change = { kind: 'totp_reset' as const, operatorId: id };
  if (id !== me.operatorId && (await needsSecondAdmin(deps.db))) {
    const requestId = await requestControlChange(deps, me, change);
    return { before, operator: before, revoked: 0, requestId };
  }
  const revoked = await applyControlChange(deps, change);
  return { before, operator: await account(deps, id), revoked, requestId: null };
}

export async function signOperatorOut(deps: Deps, id: number): Promise<number> {
  await account(deps, id);
  return revokeOperatorSessions(deps, id);
}
