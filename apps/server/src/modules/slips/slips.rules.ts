// Our own rules on a slip, as pure functions (docs/decisions/0027-slip-deposits.md): the
// daily closed window, reading the mini-QR, and the checks on what the bank verified,
// each failure named by a reason code of spec section 8.
import type { SlipReasonCode } from '@wallet/contract';
import { validate } from 'promptparse';
import type { SlipQuery, VerifiedSlip } from '../../ports/slip-verifier';

const bangkokClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Bangkok',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes since midnight in Asia/Bangkok. */
export function bangkokMinutes(at: Date): number {
  const parts = bangkokClock.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value);
  return hour * 60 + minute;
}

const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/;
function minutesOf(text: string | null): number | undefined {
  const m = text === null ? null : hhmm.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/**
 * True inside the operator's daily closed window [closedFrom, closedTo) in Asia/Bangkok. A
 * window may wrap midnight (23:50-00:10); no window (null, malformed or equal ends) never
 * closes.
 */
export function isClosed(
  window: { closedFrom: string | null; closedTo: string | null },
  at: Date,
): boolean {
  const from = minutesOf(window.closedFrom);
  const to = minutesOf(window.closedTo);
  if (from === undefined || to === undefined || from === to) return false;
  const now = bangkokMinutes(at);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

const SENDING_BANK = /^\d{3}$/;
const TRANS_REF = /^[A-Za-z0-9]{6,40}$/;

/** The bank and reference a slip's mini-QR names; undefined when it is not a slip QR. */
export function parseMiniQr(text: string): SlipQuery | undefined {
  let parsed: { sendingBank: string; transRef: string } | null;
  try {
    parsed = validate.slipVerify(text.trim());
  } catch {
    return undefined;
  }
  if (!parsed || !SENDING_BANK.test(parsed.sendingBank) || !TRANS_REF.test(parsed.transRef))
    return undefined;
  return { sendingBank: parsed.sendingBank, transRef: parsed.transRef };
}

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Does a masked account number as a slip shows it (`xxx-x-x4567-x`) fit `accountNo`? The
 * mask and the number are aligned at their last digit; every visible digit must be equal,
 * and at least 4 must be visible (a mask that shows nothing proves nothing).
 */
export function maskedAccountMatches(mask: string, accountNo: string): boolean {
  const shown = mask.replace(/[\s-]/g, '');
  const account = digits(accountNo);
  if (shown.length === 0 || shown.length > account.length || !/^[0-9xX*]+$/.test(shown))
    return false;
  let visible = 0;
  for (let i = 1; i <= shown.length; i++) {
    const c = shown[shown.length - i]!;
    if (c >= '0' && c <= '9') {
      if (account[account.length - i] !== c) return false;
      visible++;
    }
  }
  return visible >= 4;
}

/**
 * A SQL LIKE pattern that every account number a mask fits also fits (`xxx-x-x4567-x` ->
 * `%_____4567_`: the mask aligned at the end, a hidden digit any one character), to find the
 * candidates in the database; `maskedAccountMatches` decides. Undefined for a mask that fits
 * nothing (no characters, other characters than digits and x / *, fewer than 4 digits shown).
 */
export function maskLikePattern(mask: string): string | undefined {
  const shown = mask.replace(/[\s-]/g, '');
  if (shown.length === 0 || !/^[0-9xX*]+$/.test(shown)) return undefined;
  if (shown.replace(/\D/g, '').length < 4) return undefined;
  return `%${shown.replace(/[xX*]/g, '_')}`;
}

/** Titles a bank may put before a name: Thai (with or without a space) and English. */
const THAI_TITLES = ['นางสาว', 'น.ส.', 'นาง', 'นาย', 'ด.ช.', 'ด.ญ.', 'เด็กชาย', 'เด็กหญิง'];
const ENGLISH_TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mstr', 'master']);
/** What banks put where they hide part of a name ("SOMCHAI J***", "สมชาย ใxxx"). */
const MASK = /[*xX]+$/;

/**
 * A name as words to compare: Unicode NFC, lower case, titles dropped (นาย / นาง / นางสาว /
 * น.ส. / MR / MRS / MS ...), dots and commas dropped, any run of spaces one space.
 */
export function nameWords(name: string): string[] {
  let text = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
  for (const title of THAI_TITLES)
    if (text.startsWith(title)) {
      text = text.slice(title.length).trim();
      break;
    }
  const words = text
    .split(' ')
    .map((w) => w.replace(/[.,]/g, ''))
    .filter((w) => w.length > 0);
  if (words.length > 1 && ENGLISH_TITLES.has(words[0]!)) words.shift();
  return words;
}

const THAI = /[\u0e00-\u0e7f]/;
const LATIN = /[a-z]/;
const scriptOf = (words: readonly string[]) => {
  const text = words.join('');
  return THAI.test(text)
    ? LATIN.test(text)
      ? 'mixed'
      : 'thai'
    : LATIN.test(text)
      ? 'latin'
      : 'none';
};

export type NameMatch = 'match' | 'partial' | 'none';

/**
 * The bank's sender name against the member's registered account name (decision 0044):
 * - match: every word the bank shows equals the registered one, in order, as many words; a
 *   word after the first may be cut short or masked as slips show surnames ("SOMCHAI J",
 *   "สมชาย ใ***");
 * - none: both in the same script and no word in common (another person);
 * - partial: anything between (a shared first name with another surname, a missing word,
 *   Thai on one side and English on the other, no name at all): a person must look.
 */
export function compareNames(bankName: string, registeredName: string): NameMatch {
  const bank = nameWords(bankName);
  const registered = nameWords(registeredName);
  const script = scriptOf(bank);
  if (bank.length === 0 || registered.length === 0 || script !== scriptOf(registered))
    return 'partial';
  if (
    bank.length === registered.length &&
    bank.every((word, i) => {
      if (word === registered[i]) return true;
      const shown = word.replace(MASK, '');
      return i > 0 && shown.length > 0 && registered[i]!.startsWith(shown);
    })
  )
    return 'match';
  const shared = bank.some((word) => registered.includes(word));
  return shared ? 'partial' : 'none';
}

/**
 * Could this registered account have sent the slip (decision 0124)? The same bank, the
 * visible digits of the masked number, and a registered name that is not another person's
 * ('none'): a partial name counts, as the rules would hold it for a person to look at.
 */
export function couldHaveSent(
  sender: { bankCode: string; accountNo: string; name: string },
  account: { bankCode: string; bankAccountNo: string; bankAccountName: string },
): boolean {
  return (
    sender.bankCode === account.bankCode &&
    maskedAccountMatches(sender.accountNo, account.bankAccountNo) &&
    compareNames(sender.name, account.bankAccountName) !== 'none'
  );
}

export interface DepositAccount {
  bankCode: string;
  bankAccountNo: string;
  currency: string;
}

export interface SlipMember {
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  currency: string;
}

/** A verified slip that our rules neither credit nor fail: an operator decides (0044). */
export const REVIEW = 'REVIEW';

/**
 * The rules on a verified transfer, in order: the receiver is one of our deposit accounts
 * in the member's currency (DEST_ACC_INVALID); a positive amount (INVALID_SLIP); uploaded
 * within the window of the transfer (EXPIRED_SLIP); not credited before (the caller looks
 * it up in the database: SLIP_REFNO_DUPLICATED); the sender is the member's registered
 * account (NOT_MATCH): the bank, the visible digits of the masked number, and the name
 * (decision 0044: another person's name is NOT_MATCH; a partial match is REVIEW, which
 * neither credits nor fails the slip).
 */
export function judge(
  slip: VerifiedSlip,
  context: {
    depositAccounts: readonly DepositAccount[];
    member: SlipMember;
    uploadedAt: Date;
    uploadWindowMinutes: number;
    creditedBefore: boolean;
  },
): SlipReasonCode | typeof REVIEW | undefined {
  const receiver = context.depositAccounts.find(
    (a) =>
      a.bankCode === slip.receiver.bankCode &&
      digits(a.bankAccountNo).length > 0 &&
      digits(a.bankAccountNo) === digits(slip.receiver.accountNo),
  );
  if (!receiver || receiver.currency !== context.member.currency) return 'DEST_ACC_INVALID';
  if (!Number.isSafeInteger(slip.amount) || slip.amount <= 0) return 'INVALID_SLIP';
  const transferredAt = Date.parse(slip.transferredAt);
  if (!Number.isFinite(transferredAt)) return 'INVALID_SLIP';
  if (context.uploadedAt.getTime() - transferredAt > context.uploadWindowMinutes * 60_000)
    return 'EXPIRED_SLIP';
  if (context.creditedBefore) return 'SLIP_REFNO_DUPLICATED';
  if (
    slip.sender.bankCode !== context.member.bankCode ||
    !maskedAccountMatches(slip.sender.accountNo, context.member.bankAccountNo)
  )
    return 'NOT_MATCH';
  const name = compareNames(slip.sender.name, context.member.bankAccountName);
  if (name === 'none') return 'NOT_MATCH';
  return name === 'partial' ? REVIEW : undefined;
}
