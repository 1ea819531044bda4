// Bank-slip deposits (docs/decisions/0027-slip-deposits.md):
// 1. refusals before anything is stored: closed window (SLIP_UPLOAD_FAIL), no file
//    (SLIP_NO_FILE), not a PNG/JPEG by magic bytes or over the cap (SLIP_INVALID_FILE);
// 2. the image goes to the FileStore under a generated key and a `processing` slip row is
//    inserted (one per Idempotency-Key: a re-run continues with the first row);
// 3. outside any transaction: the QR is read from the image, parsed as the bank mini-QR,
//    and verified with the bank through the SlipVerifier port;
// 4. one transaction settles it exactly once: our rules (rules.ts), then either a failure
//    with its reason code, or the credit of the bank's verified amount (never the
//    client's) through the ledger, with a statement row. Double credit is refused by the
//    database twice over: UNIQUE slips.credit_ref and the ledger's UNIQUE external ref;
// 5. no answer from the bank leaves the slip processing; the retry job (slips.job.ts)
//    asks again with back-off and gives up as UNKNOW_ERROR after SLIP_VERIFY_MAX_ATTEMPTS.
import { createHash, randomBytes } from 'node:crypto';
import type { Slip, SlipReasonCode } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { SlipRow } from '../../db/schema';
import { isUniqueViolation, lockRows, withTransaction } from '../../db/transaction';
import type { Upload } from '../../http/multipart';
import type { StoredFileKind } from '../../ports/file-store';
import { HOUR_MS, isoNow, isoPlus, MINUTE_MS } from '../../lib/clock';
import type { SlipQuery, SlipVerification, VerifiedSlip } from '../../ports/slip-verifier';
import type { BackoffPolicy, Flow } from '../../reconcile';
import { backoffMs } from '../../reconcile';
import { findMemberForMoney, slipAccountHold } from '../account';
import { DuplicatePostingError } from '../ledger';
import { getSetting } from '../settings';
import { createQrReader, sniffImage } from './slips.image';
import { QrWorkerPool } from './slips.image-pool';
import { signedSlipLink } from './slips.links';
import { otherPossibleSenders } from './slips.owners';
import { isClosed, judge, parseMiniQr, REVIEW } from './slips.rules';
import { SlipError } from './slips.errors';
import * as repo from './slips.repository';
import { creditDeposit } from '../deposits';

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'slipVerifier' | 'fileStore'>;

export type { SlipStatus } from '../../db/schema';

export interface UploadAnswer {
  /** SUCCESS (credited), PROCESSING (the bank has not answered yet) or the reason code. */
  message: string;
  slipId: string;
  /** Baht credited, with SUCCESS only (issue 26: the member sees what reached the wallet). */
  amount?: number;
}

// Decoding runs in a pool of worker threads, off the event loop, one decode per member at a
// time (slips.image-pool.ts, decision 0043). One pool per process, sized by the first app's
// config; its workers start on first use and never keep the process alive.
let qrReader: ReturnType<typeof createQrReader> | undefined;
function readQr(deps: Deps, data: Buffer, kind: StoredFileKind, sha256: string, memberId: number) {
  if (!qrReader) {
    const pool = new QrWorkerPool({
      workers: deps.config.slips.decodeWorkers,
      timeoutMs: deps.config.slips.decodeTimeoutMs,
    });
    qrReader = createQrReader((bytes, k, owner) => pool.read(bytes, k, owner));
  }
  return qrReader(data, kind, sha256, `member:${memberId}`);
}
const MAX_BACKOFF_MS = 15 * MINUTE_MS;
/** Time for reading the image on top of the bank call before the job may step in. */
const DECODE_ALLOWANCE_MS = 30_000;

/** `last_error` of a slip held for review: the sender's name only partly matches. */
export const REVIEW_NOTE = 'REVIEW: sender name partly matches the registered account name';
/** `last_error` of a slip held because the payout account changed within the review hours. */
export const REVIEW_ACCOUNT_CHANGED_NOTE = 'REVIEW: payout account changed within the review hours';
/** `last_error` of a slip held because another member's registered account fits its sender. */
export const REVIEW_OTHER_MEMBERS_NOTE =
  "REVIEW: another member's registered account fits the slip's sender";
/** `last_error` of a slip held because the account was registered lately and is not trusted. */
export const REVIEW_NEW_ACCOUNT_NOTE =
  'REVIEW: payout account registered within the review hours, not trusted yet';

/** Our slip reference: 'SL' + 20 hex digits. */
export const newSlipRef = (): string => `SL${randomBytes(10).toString('hex').toUpperCase()}`;

const inFlightMs = (deps: Deps) => deps.config.slips.verifyTimeoutMs * 2 + DECODE_ALLOWANCE_MS;

const slipBackoff = (deps: Deps): BackoffPolicy => ({
  baseMs: deps.config.slips.retryIntervalMs,
  maxMs: MAX_BACKOFF_MS,
  jitter: 0.2,
});

export function answerOf(row: SlipRow): UploadAnswer {
  if (row.status === 'success') {
    // What reached the wallet: an operator may have credited less than the slip says (0091).
    const credited = row.credited_amount ?? row.amount;
    return { message: 'SUCCESS', slipId: row.ref, amount: satangToBaht(credited) };
  }
  const message = row.status === 'failed' ? (row.reason ?? '') : 'PROCESSING';
  return { message, slipId: row.ref };
}

/** A member uploads a slip image. Answers once the slip is settled or left processing. */
export async function uploadSlip(
  deps: Deps,
  memberId: number,
  upload: Upload,
  idempotencyKey: string,
): Promise<UploadAnswer> {
  const setting = await getSetting(deps.db, 'slip');
  if (isClosed(setting, deps.clock.now())) throw new SlipError('SLIP_UPLOAD_FAIL');
  if (upload.kind === 'none') throw new SlipError('SLIP_NO_FILE');
  if (upload.kind !== 'file' || upload.data.length > setting.maxFileBytes)
    throw new SlipError('SLIP_INVALID_FILE');
  const kind = sniffImage(upload.data);
  if (!kind) throw new SlipError('SLIP_INVALID_FILE');

  // A re-run of a request whose answer was lost continues with its first slip.
  let row = await repo.findByIdempotencyKey(deps.db, idempotencyKey);
  if (!row) {
    // Per member, on top of the per-IP limit (decision 0045): a new upload past the hourly
    // cap is refused before anything is stored; a re-run of a stored one is not.
    const since = isoPlus(deps.clock, -HOUR_MS);
    if (
      (await repo.countOfMemberSince(deps.db, memberId, since)) >=
      deps.config.slips.uploadsPerMemberPerHour
    )
      throw new SlipError('REQUEST_LIMIT');
    const fileKey = await deps.fileStore.put(upload.data, kind);
    const now = isoNow(deps.clock);
    try {
      row = await repo.insertSlip(deps.db, {
        ref: newSlipRef(),
        member_id: memberId,
        idempotency_key: idempotencyKey,
        file_key: fileKey,
        file_sha256: upload.sha256,
        file_bytes: upload.data.length,
        status: 'processing',
        next_attempt_at: isoPlus(deps.clock, inFlightMs(deps)),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      await deps.fileStore.remove(fileKey);
      const first = isUniqueViolation(error, 'slips', 'idempotency_key')
        ? await repo.findByIdempotencyKey(deps.db, idempotencyKey)
        : undefined;
      if (!first) throw error;
      row = first;
    }
  }
  if (row.status === 'processing') row = await processSlip(deps, row);
  return answerOf(row);
}

async function fail(deps: Deps, row: SlipRow, reason: SlipReasonCode, lastError?: string) {
  const now = isoNow(deps.clock);
  const failed = await repo.updateProcessing(deps.db, row.id, {
    status: 'failed',
    reason,
    next_attempt_at: null,
    updated_at: now,
    settled_at: now,
    ...(lastError ? { last_error: lastError.slice(0, 200) } : {}),
  });
  return failed ?? (await repo.findById(deps.db, row.id)) ?? row;
}

/** Reads the mini-QR from the stored image: the bank query, or the reason it failed. */
async function queryFromImage(deps: Deps, row: SlipRow): Promise<SlipQuery | SlipReasonCode> {
  const data = await deps.fileStore.get(row.file_key);
  if (!data) return 'UPLOADED_FILE_NOT_EXIST';
  const kind = sniffImage(data);
  if (!kind) return 'IMG_SIZE_UNABLE_TO_PROCESS';
  // Keyed by the bytes actually read (the row's digest is the upload's, which they equal).
  const sha256 = createHash('sha256').update(data).digest('hex');
  const read = await readQr(deps, data, kind, sha256, row.member_id);
  if (read.kind === 'undecodable') return 'IMG_SIZE_UNABLE_TO_PROCESS';
  if (read.kind === 'no_qr') return 'CANNOT_READ_CROPPED_IMAGE';
  return parseMiniQr(read.text) ?? 'INVALID_SLIP';
}

async function safeVerify(deps: Deps, query: SlipQuery): Promise<SlipVerification> {
  try {
    return await deps.slipVerifier.verify(query);
  } catch (error) {
    // The port promises not to throw; if an adapter does, the bank's answer is unknown.
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : 'error' };
  }
}

/**
 * Takes a processing slip as far as it can go now: read the QR (once), ask the bank, and
 * settle. Without a usable answer from the bank: why, and the row as it is.
 */
async function attemptSlip(
  deps: Deps,
  start: SlipRow,
): Promise<{ done: SlipRow } | { unavailable: string; row: SlipRow }> {
  let row = start;
  if (row.sending_bank === null || row.trans_ref === null) {
    const query = await queryFromImage(deps, row);
    if (typeof query === 'string') return { done: await fail(deps, row, query) };
    const noted = await repo.updateProcessing(deps.db, row.id, {
      sending_bank: query.sendingBank,
      trans_ref: query.transRef,
      updated_at: isoNow(deps.clock),
    });
    if (!noted) return { done: (await repo.findById(deps.db, row.id)) ?? row };
    row = noted;
  }
  const query = { sendingBank: row.sending_bank!, transRef: row.trans_ref! };
  const verification = await safeVerify(deps, query);
  if (verification.kind === 'not_found') return { done: await fail(deps, row, 'INVALID_SLIP') };
  if (verification.kind === 'verified') return { done: await settle(deps, row, verification.slip) };
  return { unavailable: verification.reason, row };
}

/**
 * The upload's own attempt: without a usable answer the slip stays processing for the
 * reconcile flow (or gives up when that was the last attempt).
 */
export async function processSlip(deps: Deps, start: SlipRow): Promise<SlipRow> {
  const attempt = await attemptSlip(deps, start);
  if ('done' in attempt) return attempt.done;
  const { row } = attempt;
  const attempts = row.attempts + 1;
  if (attempts >= deps.config.slips.maxAttempts)
    return fail(deps, row, 'UNKNOW_ERROR', attempt.unavailable);
  const noted = await repo.noteUnavailable(deps.db, row.id, {
    lastError: attempt.unavailable,
    nextAttemptAt: isoPlus(deps.clock, backoffMs(slipBackoff(deps), attempts)),
    updatedAt: isoNow(deps.clock),
  });
  return noted ?? (await repo.findById(deps.db, row.id)) ?? row;
}

/**
 * The slip reconcile flow (decision 0061): asks the bank again about processing slips it
 * could not verify yet. Report figures by the slip's status after the take: success,
 * failed, processing (no answer yet, or held for review).
 */
export function slipFlow(deps: Deps): Flow<'slips'> {
  return {
    name: 'slips',
    table: 'slips',
    intervalMs: deps.config.slips.retryIntervalMs,
    leaseMs: inFlightMs(deps),
    backoff: slipBackoff(deps),
    async resolve(row) {
      if (row.status !== 'processing') return { kind: 'settled' };
      const attempt = await attemptSlip(deps, row);
      if ('unavailable' in attempt) {
        // `attempts` already counts this take.
        if (row.attempts < deps.config.slips.maxAttempts)
          return { kind: 'retry', error: attempt.unavailable, outcome: 'processing' };
        await fail(deps, attempt.row, 'UNKNOW_ERROR', attempt.unavailable);
        return { kind: 'settled', outcome: 'failed' };
      }
      const after = attempt.done;
      if (after.status === 'processing')
        return { kind: 'review', reason: after.last_error ?? 'held', outcome: 'processing' };
      return { kind: 'settled', outcome: after.status };
    },
  };
}

/**
 * Why a slip the rules would credit must wait for an operator, as its REVIEW note; undefined
 * to credit it. In order (the first that applies names the hold; the console lists the other
 * members whose account fits whatever the cause):
 * - another member's registered account could have sent it (decision 0124), whichever of
 *   them uploads it: the masked number shows only a few digits;
 * - the sender's name only partly matches (decision 0044);
 * - the payout account changed within BANK_CHANGE_REVIEW_HOURS (decisions 0044, 0052): a name
 *   that matches only because the member renamed the account lately proves nothing;
 * - the member registered within those hours and the account was not trusted since (0124):
 *   registering someone else's name is a change of the payout account too.
 */
async function holdNote(
  trx: Deps['db'],
  deps: Deps,
  memberId: number,
  found: { othersFit: boolean; namePartial: boolean },
): Promise<string | undefined> {
  if (found.othersFit) return REVIEW_OTHER_MEMBERS_NOTE;
  if (found.namePartial) return REVIEW_NOTE;
  const account = await slipAccountHold(
    trx,
    deps.clock,
    memberId,
    deps.config.withdraw.bankChangeReviewHours,
  );
  if (account === 'ACCOUNT_CHANGED') return REVIEW_ACCOUNT_CHANGED_NOTE;
  if (account === 'NEW_ACCOUNT') return REVIEW_NEW_ACCOUNT_NOTE;
  return undefined;
}

/** Applies our rules to what the bank verified and credits or fails the slip, once. */
async function settle(deps: Deps, start: SlipRow, slip: VerifiedSlip): Promise<SlipRow> {
  const { id } = start;
  // Who else could have sent it (decision 0124): a read of the bank's members (about 14 ms at
  // 100,000 members on either database), before the transaction rather than inside it, where
  // on SQLite it would hold up a whole commit batch. A member who registers in between would
  // only matter within those milliseconds.
  const othersFit = (await otherPossibleSenders(deps.db, start.member_id, slip.sender)).length > 0;
  return withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'slips', 'id', [id]);
    const row = await repo.findById(trx, id);
    if (!row) throw new Error(`slip ${id} vanished`);
    if (row.status !== 'processing') return row;
    const member = await findMemberForMoney(trx, { id: row.member_id });
    if (!member) throw new Error(`member ${row.member_id} of slip ${row.ref} vanished`);
    const slipSetting = await getSetting(trx, 'slip');
    const deposit = await getSetting(trx, 'deposit');
    const now = isoNow(deps.clock);
    const verified = {
      amount: slip.amount,
      transferred_at: slip.transferredAt,
      currency: member.currency,
      updated_at: now,
      next_attempt_at: null,
      // The bank's parties, for the operator's review (migration 0021, decision 0091).
      sender_bank: slip.sender.bankCode.slice(0, 20),
      sender_account: slip.sender.accountNo.slice(0, 40),
      sender_name: slip.sender.name.slice(0, 200),
      receiver_bank: slip.receiver.bankCode.slice(0, 20),
      receiver_account: slip.receiver.accountNo.slice(0, 40),
    };
    const failWith = async (reason: SlipReasonCode) =>
      (await repo.updateProcessing(trx, id, {
        ...verified,
        status: 'failed',
        reason,
        settled_at: now,
      }))!;

    const creditRef = `${slip.sendingBank}:${slip.transRef}`;
    const reason = judge(slip, {
      depositAccounts: deposit.banks.filter((b) => b.bankType === 'BANK'),
      member,
      uploadedAt: new Date(row.created_at),
      uploadWindowMinutes: slipSetting.uploadWindowMinutes,
      creditedBefore: (await repo.findCredited(trx, creditRef)) !== undefined,
    });
    if (reason && reason !== REVIEW) return failWith(reason);
    const hold = await holdNote(trx, deps, member.id, {
      othersFit,
      namePartial: reason === REVIEW,
    });
    if (hold)
      // Held for an operator (decisions 0044, 0124): still processing to the member, out of
      // the retry job's reach (no next attempt), not credited, the bank reference not taken,
      // so the owner's own upload of the same transfer is held too rather than refused as a
      // duplicate.
      return (await repo.updateProcessing(trx, id, { ...verified, last_error: hold }))!;

    let creditTxId;
    try {
      creditTxId = await creditDeposit(trx, deps.clock, {
        event: 'slip_deposit',
        actor: `member:${member.id}`,
        memberId: member.id,
        currency: member.currency,
        amount: slip.amount,
        reference: row.ref,
        from: slip.sender.bankCode,
        idempotencyKey: `slip:${row.ref}:credit`,
        externalRef: `slip:${creditRef}`,
      });
    } catch (error) {
      // Another slip of the same transfer was credited first (a racing upload).
      if (error instanceof DuplicatePostingError && error.field === 'external_ref')
        return failWith('SLIP_REFNO_DUPLICATED');
      throw error;
    }
    return (await repo.updateProcessing(trx, id, {
      ...verified,
      status: 'success',
      credit_ref: creditRef,
      credit_tx_id: creditTxId,
      settled_at: now,
    }))!;
  });
}

function linkOf(deps: Deps, row: SlipRow): string {
  const { linkSecret, linkTtlSeconds } = deps.config.slips;
  return signedSlipLink(linkSecret, row.ref, deps.clock.now(), linkTtlSeconds);
}

export function toSlip(deps: Deps, row: SlipRow): Slip {
  // The operator's words on a refusal after review (decision 0091); absent otherwise, so the
  // answers of every other slip stay as they were.
  const reviewNote = row.status === 'failed' && row.decided_by !== null ? row.decision_note : null;
  return {
    _id: row.ref,
    // What was credited: an operator may have credited less than the amount read (0091).
    amount: satangToBaht(Number(row.credited_amount ?? row.amount)),
    status: row.status,
    note: row.status === 'failed' ? row.reason : null,
    createdAt: row.created_at,
    link: linkOf(deps, row),
    reference: row.trans_ref,
    ...(reviewNote ? { reviewNote } : {}),
  };
}

/** The member's slips, newest first (the slip dialog: 10 per page). */
export async function listSlips(
  deps: Deps,
  memberId: number,
  page: { page: number; limit: number },
): Promise<{ total: number; slips: Slip[] }> {
  const { total, rows } = await repo.pageOfMember(deps.db, memberId, {
    page: page.page,
    pageSize: page.limit,
  });
  return { total, slips: rows.map((row) => toSlip(deps, row)) };
}

/** A signed link to the member's slip with this bank reference (or our slip reference). */
export async function linkByReference(
  deps: Deps,
  memberId: number,
  reference: string,
): Promise<{ url: string }> {
  const row = await repo.findOfMemberByReference(deps.db, memberId, reference);
  if (!row) throw new SlipError('NO_DATA');
  return { url: linkOf(deps, row) };
}

/** The stored image behind a slip reference (for the signed-link route). */
export async function imageOf(
  deps: Deps,
  ref: string,
): Promise<{ data: Buffer; kind: 'png' | 'jpg' } | undefined> {
  const row = await repo.findByRef(deps.db, ref);
  if (!row) return undefined;
  const data = await deps.fileStore.get(row.file_key);
  const kind = data ? sniffImage(data) : undefined;
  return data && kind ? { data, kind } : undefined;
}

/** What the chat's "ask about this" card shows of one of the member's slips (issue 14). */
export interface SlipSummary {
  ref: string;
  /** As the member's slip list shows it: processing, success, failed. */
  status: SlipRow['status'];
  /** Integer satang: what was credited, else what was read (0 while unknown). */
  amount: number;
  createdAt: string;
  /** The bank's transaction reference, once read. */
  bankRef: string | null;
  /** The sender's bank code (KBANK, SCB...) as the bank verified it; null until then. */
  senderBank: string | null;
}

/** The member's slip with this reference (ours or the bank's); undefined for anyone else's. */
export async function slipSummaryOfMember(
  db: Deps['db'],
  memberId: number,
  reference: string,
): Promise<SlipSummary | undefined> {
  const row = await repo.findOfMemberByReference(db, memberId, reference);
  if (!row) return undefined;
  return {
    ref: row.ref,
    status: row.status,
    amount: Number(row.credited_amount ?? row.amount),
    createdAt: row.created_at,
    bankRef: row.trans_ref,
    // Not `sending_bank`: the mini-QR names banks by their 3-digit number.
    senderBank: row.sender_bank,
  };
}
