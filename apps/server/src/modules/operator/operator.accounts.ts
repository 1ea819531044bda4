// Operator accounts (issue 13, decision 0089), admin only: create (a temporary password
// shown once; the authenticator is enrolled at the first sign-in), rename, change role,
// deactivate / reactivate, reset the password or the authenticator, sign out everywhere.
// An admin never deactivates or demotes themselves, so the last admin cannot lock everyone
// out. Passwords are hashed with deps.passwords and never stored or answered in clear,
// except the one temporary password in the answer that made it.
import { randomInt } from 'node:crypto';
import type { OperatorAccount, OperatorRole } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import { isUniqueViolation } from '../../db/transaction';
import { DomainError } from '../../lib/domain-error';
import { isoNow } from '../../lib/clock';
import { revokeOperatorSessions } from '../auth';
import * as repo from './operator.accounts.repository';

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
  const rows = await repo.listOperatorRows(deps.db, (page.page - 1) * page.pageSize, page.pageSize);
  return { rows: rows.map(toAccount), total: await repo.countOperators(deps.db), page: page.page };
}

export async function createOperator(
  deps: Deps,
  input: { username: string; displayName: string; role: OperatorRole },
): Promise<{ operator: OperatorAccount; temporaryPassword: string }> {
  const password = temporaryPassword();
  let id: number;
  try {
    id = await repo.createOperatorRow(deps.db, {
      username: input.username,
      display_name: input.displayName,
      role: input.role,
      password_hash: await deps.passwords.hash(password),
      created_at: isoNow(deps.clock),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'operators', 'username'))
      throw new OperatorAccountError('EXISTING_USER');
    throw error;
  }
  return { operator: await account(deps, id), temporaryPassword: password };
}

export interface Changed {
  before: OperatorAccount;
  operator: OperatorAccount;
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
  await repo.updateOperatorRow(deps.db, id, {
    ...(change.displayName !== undefined ? { display_name: change.displayName } : {}),
    ...(change.role !== undefined ? { role: change.role } : {}),
  });
  return { before, operator: await account(deps, id) };
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
  await repo.updateOperatorRow(deps.db, id, { status });
  const revoked = status === 'inactive' ? await revokeOperatorSessions(deps, id) : 0;
  return { before, operator: await account(deps, id), revoked };
}

export async function resetOperatorPassword(
  deps: Deps,
  id: number,
): Promise<Changed & { temporaryPassword: string; revoked: number }> {
  const before = await account(deps, id);
  const password = temporaryPassword();
  await repo.updateOperatorRow(deps.db, id, {
    password_hash: await deps.passwords.hash(password),
  });
  const revoked = await revokeOperatorSessions(deps, id);
  return { before, operator: await account(deps, id), temporaryPassword: password, revoked };
}

export async function resetOperatorTotp(
  deps: Deps,
  id: number,
): Promise<Changed & { revoked: number }> {
  const before = await account(deps, id);
  await repo.updateOperatorRow(deps.db, id, { totp_secret: null, totp_last_step: null });
  const revoked = await revokeOperatorSessions(deps, id);
  return { before, operator: await account(deps, id), revoked };
}

export async function signOperatorOut(deps: Deps, id: number): Promise<number> {
  await account(deps, id);
  return revokeOperatorSessions(deps, id);
}
