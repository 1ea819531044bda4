// The operator's account actions on a member (issue 13, decision 0088): deactivate,
// reactivate, and a new password sent by SMS. Each answers what changed, for the audit row.
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { MemberStatus } from '../../db/schema';
import { lockRows, withTransaction } from '../../db/transaction';
import { revokeMemberSessions } from '../auth';
import { AccountError } from './account.errors';
import * as repo from './account.repository';

export interface StatusChange {
  memberId: number;
  before: MemberStatus;
  after: MemberStatus;
  revokedSessions: number;
}

/**
 * Sets a member's status. Deactivation ends every session (the member can no longer sign in
 * or call); setting the status a member already has changes nothing and is no error.
 */
export async function setMemberStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberNo: string,
  status: MemberStatus,
): Promise<StatusChange> {
  const found = await repo.findMemberByNo(deps.db, memberNo);
  if (!found) throw new AccountError('NO_USER');
  return withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'members', 'id', [found.id]);
    const member = await repo.findMemberById(trx, found.id);
    if (!member) throw new AccountError('NO_USER');
    if (member.status !== status) await repo.updateMember(trx, found.id, { status });
    const revokedSessions =
      status === 'inactive'
        ? await revokeMemberSessions({ db: trx, clock: deps.clock }, found.id)
        : 0;
    return { memberId: found.id, before: member.status, after: status, revokedSessions };
  });
}

// No 0/O, 1/l/I: the member types it from an SMS.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_PASSWORD_LENGTH = 10;

/** A random password from the CSPRNG (about 57 bits). */
export function newMemberPassword(): string {
  return Array.from(
    { length: RESET_PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

export function resetPasswordText(password: string, laoBuild: boolean): string {
  const local = laoBuild
    ? `ລະຫັດຜ່ານໃໝ່ຂອງທ່ານ: ${password} ກະລຸນາປ່ຽນລະຫັດຜ່ານຫຼັງເຂົ້າສູ່ລະບົບ`
    : `รหัสผ่านใหม่ของคุณ: ${password} กรุณาเปลี่ยนรหัสผ่านหลังเข้าสู่ระบบ`;
  return `${local} / Your new password: ${password}. Please change it after you sign in.`;
}

/**
 * Gives the member a new random password: stored (hashed), every session ended, then sent
 * to the member's phone by SMS. The password leaves this function only in the SMS. When
 * the SMS fails the new password is stored all the same (the old one is gone either way):
 * the caller answers 502 OTP_SEND_FAIL and the operator resets again.
 */
export async function resetMemberPassword(
  deps: Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'sms' | 'config'>,
  memberNo: string,
  onStored: (stored: { memberId: number; revokedSessions: number }) => void,
): Promise<{ memberId: number; revokedSessions: number }> {
  const found = await repo.findMemberByNo(deps.db, memberNo);
  if (!found) throw new AccountError('NO_USER');
  const password = newMemberPassword();
  // Hashed outside the transaction: Argon2 is slow and SQLite holds its write lock meanwhile.
  const passwordHash = await deps.passwords.hash(password);
  const stored = await withTransaction(deps.db, async (trx) => {
    await repo.updateMember(trx, found.id, { password_hash: passwordHash });
    const revokedSessions = await revokeMemberSessions({ db: trx, clock: deps.clock }, found.id);
    return { memberId: found.id, revokedSessions };
  });
  onStored(stored);
  const member = await repo.findMemberById(deps.db, found.id);
  if (!member) throw new AccountError('NO_USER');
  try {
    await deps.sms.send(member.username, resetPasswordText(password, deps.config.laoBuild));
  } catch {
    throw new AccountError('OTP_SEND_FAIL');
  }
  return stored;
}
