// Registration, profile and password (spec sections 2, 3 and 5; decision 0002).
import type { BankAccount, Profile } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../deps';
import type { Db } from '../../db/database';
import { isUniqueViolation, lockKey, lockRows, withTransaction } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { revokeMemberSessions } from '../auth';
import { bankNames, findBank, findSource } from '../lookup';
import { hasVerifiedPhone } from '../otp';
import { getSetting } from '../settings';
import { AccountError, type AccountErrorCode } from './account.errors';
import * as repo from './account.repository';
import {
  inviteMemberNo,
  isEnglishName,
  needsEnglishName,
  normaliseAccountName,
  phoneLengthOk,
} from './account.rules';

export interface RegistrationInput {
  name: string;
  username: string;
  password: string;
  sourceCode?: string | undefined;
  inviteCode?: string | undefined;
  bankCode?: string | undefined;
  bankAccountName?: string | undefined;
  bankAccountNo?: string | undefined;
  currency?: 'BAHT' | 'LAK' | undefined;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'passwords'>;

const blankToUndefined = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** Bank code, English-name rule and duplicate number; returns the normalised name. */
export async function checkBankAccount(
  db: Db,
  bank: { bankCode: string; bankAccountName: string; bankAccountNo: string },
  exceptMemberId?: number,
): Promise<string> {
  if (!(await findBank(db, bank.bankCode))) throw new AccountError('INVALID_BANK');
  const name = normaliseAccountName(bank.bankAccountName);
  if (needsEnglishName(bank.bankCode) && !isEnglishName(name))
    throw new AccountError('BANK_ACCOUNT_NAME_ENG');
  if (await repo.bankAccountTaken(db, bank.bankAccountNo, exceptMemberId))
    throw new AccountError('EXISTING_BANK');
  // The operator's own deposit accounts are registered too: to the operator (decision 0052).
  if (await isOperatorDepositAccount(db, bank.bankAccountNo))
    throw new AccountError('EXISTING_BANK');
  return name;
}

const digitsOf = (accountNo: string) => accountNo.replace(/\D/g, '');

/** True when the number is one of the deposit lookup's accounts (digits compared). */
async function isOperatorDepositAccount(db: Db, bankAccountNo: string): Promise<boolean> {
  const digits = digitsOf(bankAccountNo);
  const { banks } = await getSetting(db, 'deposit');
  return banks.some((bank) => digitsOf(bank.bankAccountNo) === digits);
}

/** Every registration rule that does not need the bank fields; returns the inviter's id. */
async function checkMemberFields(
  deps: Deps,
  input: RegistrationInput,
  otpProof: string | undefined,
): Promise<{ invitedBy: number | null; sourceCode: string | null }> {
  const { db, config } = deps;
  if (!phoneLengthOk(input.username, config.laoBuild))
    throw new AccountError('PHONE_NUMBER_REQUIRE_10_DIGIT');
  if (input.currency === 'LAK' && !config.laoBuild) throw new AccountError('INVALID_USER_INFO');
  // Before the OTP check: /api/otp/send tells a registered phone apart anyway.
  if (await repo.usernameTaken(db, input.username)) throw new AccountError('EXISTING_USER');
  // Only the client that verified the phone, and only for a while (decision 0049).
  if (
    (await getSetting(db, 'registerOTP')) &&
    !(await hasVerifiedPhone(deps, input.username, otpProof))
  )
    throw new AccountError('UNVERIFIED_OTP');

  const sourceCode = blankToUndefined(input.sourceCode);
  if (sourceCode && !(await findSource(db, sourceCode)))
    throw new AccountError('INVALID_USER_INFO', 'sourceCode');

  let invitedBy: number | null = null;
  const inviteCode = blankToUndefined(input.inviteCode);
  if (inviteCode) {
    const memberNo = inviteMemberNo(inviteCode);
    const inviter = memberNo ? await repo.findMemberByNo(db, memberNo) : undefined;
    if (!inviter || inviter.status !== 'active')
      throw new AccountError('INVALID_USER_INFO', 'inviteCode');
    invitedBy = inviter.id;
  }
  return { invitedBy, sourceCode: sourceCode ?? null };
}

/** The field a registration refusal of the bank step is about (decision 0133). */
const bankFieldOf: Partial<Record<AccountErrorCode, string>> = {
  INVALID_BANK: 'bankCode',
  BANK_ACCOUNT_NAME_ENG: 'bankAccountName',
  EXISTING_BANK: 'bankAccountNo',
};

/**
 * Registration's refusals name their field (`{ message, field }`), so the form shows each
 * at its field (decision 0133); the same checks elsewhere (the operator's bank change) keep
 * answering `{ message }`.
 */
async function namingFields<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const field = error instanceof AccountError ? bankFieldOf[error.code] : undefined;
    if (error instanceof AccountError && field && error.details.field === undefined)
      throw new AccountError(error.code, field);
    throw error;
  }
}

/** Register step 3 (and step 4's fields when present): every check, nothing stored. */
export function validateRegistration(
  deps: Deps,
  input: RegistrationInput,
  otpProof: string | undefined,
): Promise<void> {
  return namingFields(() => checkRegistration(deps, input, otpProof));
}

async function checkRegistration(
  deps: Deps,
  input: RegistrationInput,
  otpProof: string | undefined,
): Promise<void> {
  await checkMemberFields(deps, input, otpProof);
  const { bankCode, bankAccountName, bankAccountNo } = input;
  if (bankCode && bankAccountName && bankAccountNo)
    await checkBankAccount(deps.db, { bankCode, bankAccountName, bankAccountNo });
  else if (bankCode && !(await findBank(deps.db, bankCode))) throw new AccountError('INVALID_BANK');
}

type Registration = Required<
  Pick<RegistrationInput, 'bankCode' | 'bankAccountName' | 'bankAccountNo'>
> &
  RegistrationInput;

export function register(
  deps: Deps,
  input: Registration,
  otpProof: string | undefined,
): Promise<{ memberNo: string }> {
  return namingFields(() => createMember(deps, input, otpProof));
}

async function createMember(
  deps: Deps,
  input: Registration,
  otpProof: string | undefined,
): Promise<{ memberNo: string }> {
  const { invitedBy, sourceCode } = await checkMemberFields(deps, input, otpProof);
  const accountName = await checkBankAccount(deps.db, input);
  // Hash outside the transaction: Argon2 is slow and SQLite holds its write lock meanwhile.
  const passwordHash = await deps.passwords.hash(input.password);
  try {
    return await withTransaction(deps.db, async (trx) => {
      await lockKey(trx, 'members:register');
      // Checked again under the lock; the unique constraints are the last word.
      if (await repo.usernameTaken(trx, input.username)) throw new AccountError('EXISTING_USER');
      if (await repo.bankAccountTaken(trx, input.bankAccountNo))
        throw new AccountError('EXISTING_BANK');
      const memberNo = await repo.nextMemberNo(trx);
      await repo.insertMember(trx, {
        member_no: memberNo,
        username: input.username,
        name: input.name.trim(),
        password_hash: passwordHash,
        bank_code: input.bankCode,
        bank_account_name: accountName,
        bank_account_no: input.bankAccountNo,
        currency: input.currency ?? 'BAHT',
        source_code: sourceCode,
        invited_by: invitedBy,
        coin: 0,
        status: 'active',
        created_at: isoNow(deps.clock),
      });
      return { memberNo };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'members', 'username')) throw new AccountError('EXISTING_USER');
    if (isUniqueViolation(error, 'members', 'bank_account_no'))
      throw new AccountError('EXISTING_BANK');
    throw error;
  }
}

async function memberOrThrow(db: Db, memberId: number) {
  const member = await repo.findMemberById(db, memberId);
  if (!member) throw new AccountError('NO_USER');
  return member;
}

export async function getProfile(
  db: Db,
  auth: MemberAuth,
): Promise<{ profile: Profile; bankAccount: BankAccount }> {
  const member = await memberOrThrow(db, auth.memberId);
  const bank = await findBank(db, member.bank_code);
  return {
    profile: {
      _id: member.member_no,
      username: member.username,
      name: member.name,
      createdAt: member.created_at,
      coin: member.coin,
    },
    bankAccount: {
      bankCode: member.bank_code,
      bankAccountName: member.bank_account_name,
      bankAccountNo: member.bank_account_no,
      bank: bank
        ? bankNames(bank)
        : { nameTH: member.bank_code, nameLA: member.bank_code, nameEN: member.bank_code },
    },
  };
}

/**
 * The member's own profile update (docs/decisions/0019-bank-account-changes.md): the name
 * and the account name change; the payout account itself (bank and number) does not. A
 * stolen session must not be able to redirect withdrawals, so only an operator changes it.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  auth: MemberAuth,
  input: { name: string; bankCode: string; bankAccountName: string; bankAccountNo: string },
): Promise<void> {
  const member = await memberOrThrow(deps.db, auth.memberId);
  // Checked before anything else, so the answer never tells whether a number is taken.
  if (member.bank_code !== input.bankCode || member.bank_account_no !== input.bankAccountNo)
    throw new AccountError('INVALID_BANK');
  const accountName = normaliseAccountName(input.bankAccountName);
  if (needsEnglishName(input.bankCode) && !isEnglishName(accountName))
    throw new AccountError('BANK_ACCOUNT_NAME_ENG');
  await setAccountName(deps, auth.memberId, accountName, { name: input.name.trim() });
}

/**
 * Stores the member's payout account name (and other own fields). A real change of the name
 * is recorded and starts the withdrawal review of a bank change (decision 0052): the name is
 * what the payout goes out under, so a stolen session must not change it unseen.
 */
async function setAccountName(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
  accountName: string,
  other: { name?: string } = {},
): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'members', 'id', [memberId]);
    const member = await memberOrThrow(trx, memberId);
    await repo.updateMember(trx, memberId, { ...other, bank_account_name: accountName });
    if (member.bank_account_name !== accountName)
      await repo.insertAccountNameChange(trx, {
        member_id: memberId,
        old_name: member.bank_account_name,
        new_name: accountName,
        created_at: isoNow(deps.clock),
      });
  });
}

/** A payout account as the audit row of a change shows it (decision 0088). */
export interface PayoutAccount {
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

/** Fixes the name on the member's own bank account (the bank code must be theirs; 0052). */
export async function updateBankAccountName(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  auth: MemberAuth,
  input: { bankCode: string; bankAccountName: string },
): Promise<void> {
  const member = await memberOrThrow(deps.db, auth.memberId);
  if (member.bank_code !== input.bankCode) throw new AccountError('INVALID_BANK');
  const name = normaliseAccountName(input.bankAccountName);
  if (needsEnglishName(input.bankCode) && !isEnglishName(name))
    throw new AccountError('BANK_ACCOUNT_NAME_ENG');
  await setAccountName(deps, auth.memberId, name);
}

/** Checks the old password, stores the new hash and ends every other session. */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'clock' | 'passwords'>,
  auth: MemberAuth,
  input: { oldPassword: string; newPassword: string },
): Promise<{ revoked: number }> {
  const member = await memberOrThrow(deps.db, auth.memberId);
  if (!(await deps.passwords.verify(member.password_hash, input.oldPassword)))
    throw new AccountError('WRONG_PASSWORD');
  const passwordHash = await deps.passwords.hash(input.newPassword);
  return withTransaction(deps.db, async (trx) => {
    await repo.updateMember(trx, auth.memberId, { password_hash: passwordHash });
    const revoked = await revokeMemberSessions(
      { db: trx, clock: deps.clock },
      auth.memberId,
      auth.sessionId,
    );
    return { revoked };
  });
}

/** Deactivation (operator action, later issue): the member can no longer sign in or call. */
export async function deactivateMember(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await repo.updateMember(trx, memberId, { status: 'inactive' });
    await revokeMemberSessions({ db: trx, clock: deps.clock }, memberId);
  });
}
