// Gift-link deposits (docs/decisions/0025-gift-link-deposits-and-limits.md):
// 1. the per-member throttle counts the attempt before anything is checked;
// 2. decrypt the link (contract AES-GCM), take the voucher hash, look the voucher up at the
//    issuer: it must be active, at least 2 baht, and created by the member's own phone;
// 3. claim the voucher in our database (gift_redemptions.hash UNIQUE): of any number of
//    racing requests exactly one claims it, the others answer TRUELINK_DUPLICATE;
// 4. outside any transaction, redeem it into the operator's receiving wallet;
// 5. one transaction credits world:bank -> member cash for the redeemed amount, marks the
//    row CREDITED and writes the statement row (ledger external_ref `gift:<hash>` UNIQUE).
// An unknown redeem outcome leaves the row PENDING; the reconciler asks the issuer.
import { randomBytes } from 'node:crypto';
import { satangToBaht, type GiftLinkRefusalReason } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { GiftRedemptionRow } from '../../db/schema';
import { lockRows, withTransaction } from '../../db/transaction';
import { isoNow, isoPlus } from '../../lib/clock';
import { chargeAttempt, clearAttempts } from '../../lib/attempt-throttle';
import type { GiftRedeemOutcome } from '../../ports/gift-link-redeemer';
import type { Flow } from '../../reconcile';
import { backoffMs } from '../../reconcile';
import { decryptGiftLink, voucherHashOf } from './deposits.crypto';
import { DepositError, GiftLinkRefused } from './deposits.errors';
import * as repo from './deposits.repository';
import { creditDeposit } from './deposits.credit';
import { assertDepositFits } from '../protection';
import { depositBackoff, inFlightMs } from './deposits.timing';

export type GiftDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'giftLinks'>;

/** Spec section 9: wallet-link deposits need at least 2 baht. */
export const GIFT_MINIMUM_SATANG = 200;
const GIFT_LABEL = 'GIFT_LINK';
const OUT_OF_STOCK = 'VOUCHER_OUT_OF_STOCK';
const THROTTLE_WINDOW_MINUTES = 15;

export const newGiftRef = (): string => `GL${randomBytes(9).toString('hex').toUpperCase()}`;

/** The member's reason for what the issuer said (a stored `last_error` or a redeem refusal). */
function reasonOfIssuer(code: string | null): GiftLinkRefusalReason {
  if (code === 'VOUCHER_EXPIRED') return 'EXPIRED';
  if (code === 'VOUCHER_NOT_FOUND') return 'NOT_FOUND';
  return 'NOT_ALLOWED';
}

// --- per-member throttle (decision 0025) ---------------------------------------------------

/**
 * Counts an attempt before the link is looked at (lib/attempt-throttle.ts); every attempt
 * after the limit answers 429 REQUEST_LIMIT until the lock ends. A success clears the count.
 */
async function chargeGiftAttempt(deps: GiftDeps, key: string): Promise<void> {
  const { giftLinkMaxFailures, giftLinkLockMinutes } = deps.config.deposits;
  const result = await chargeAttempt(deps.db, deps.clock, 'gift_link_throttle', key, {
    maxFailures: giftLinkMaxFailures,
    windowMinutes: THROTTLE_WINDOW_MINUTES,
    lockMinutes: giftLinkLockMinutes,
  });
  if (result === 'locked') throw new DepositError('REQUEST_LIMIT');
}

// --- redeem ---------------------------------------------------------------------------------

export interface GiftAnswer {
  message: 'SUCCESS';
  amount: number;
}

const answerOf = (row: GiftRedemptionRow): GiftAnswer => ({
  message: 'SUCCESS',
  amount: satangToBaht(row.amount),
});

async function safeRedeem(deps: GiftDeps, hash: string): Promise<GiftRedeemOutcome> {
  try {
    return await deps.giftLinks.redeem(hash, deps.config.deposits.giftReceivingPhone);
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : 'error' };
  }
}

/** POST /api/wallet/truelink: `link` is the contract's AES-GCM ciphertext of the gift link. */
export async function redeemGiftLink(
  deps: GiftDeps,
  memberId: number,
  link: string,
  idempotencyKey: string,
): Promise<GiftAnswer> {
  const throttleKey = `member:${memberId}`;
  await chargeGiftAttempt(deps, throttleKey);

  // Every refusal says why (issue 26): TRUELINK_INVALID with its `reason`.
  const plain = decryptGiftLink(link);
  const hash = plain === null ? null : voucherHashOf(plain);
  if (!hash) throw new GiftLinkRefused('UNREADABLE');
  const member = await repo.findDepositor(deps.db, memberId);
  if (!member) throw new GiftLinkRefused('NOT_ALLOWED');
  if (member.status !== 'active') throw new DepositError('INACTIVE_USER');
  if (member.currency !== 'BAHT') throw new GiftLinkRefused('NOT_ALLOWED');

  const existing = await repo.findGiftByHash(deps.db, hash);
  if (existing) {
    // A re-run of this very request (its idempotency claim was taken over): same answer.
    if (existing.idempotency_key === idempotencyKey && existing.status === 'CREDITED')
      return answerOf(existing);
    // A claim that failed because the issuer had it redeemed elsewhere stays a duplicate.
    if (existing.status === 'FAILED' && existing.last_error !== OUT_OF_STOCK)
      throw new GiftLinkRefused(reasonOfIssuer(existing.last_error));
    throw new DepositError('TRUELINK_DUPLICATE');
  }

  const found = await deps.giftLinks
    .lookup(hash)
    .catch((error: unknown) => ({ kind: 'unknown' as const, reason: String(error) }));
  if (found.kind === 'unknown') throw new DepositError('INTERNAL_SERVER_ERROR');
  if (found.kind === 'not_found') throw new GiftLinkRefused('NOT_FOUND');
  const voucher = found.voucher;
  if (voucher.status === 'redeemed') throw new DepositError('TRUELINK_DUPLICATE');
  if (voucher.status !== 'active') throw new GiftLinkRefused('EXPIRED');
  // The phone first: whose link it is matters more than its amount.
  if (voucher.ownerMobile !== member.username) throw new GiftLinkRefused('OTHER_PHONE');
  if (voucher.amount < GIFT_MINIMUM_SATANG) throw new GiftLinkRefused('BELOW_MINIMUM');

  const now = isoNow(deps.clock);
  // Player protection (decision 0139): the claim sets the voucher's amount aside against the
  // deposit limits, in one transaction with the check; refused during a block.
  const claimed = await withTransaction(deps.db, async (trx) => {
    await assertDepositFits(trx, deps.clock, memberId, voucher.amount, () =>
      repo.reservedDeposits(trx, memberId, now),
    );
    return repo.claimGift(trx, {
      ref: newGiftRef(),
      hash,
      member_id: memberId,
      amount: voucher.amount,
      currency: member.currency,
      owner_mobile: voucher.ownerMobile,
      idempotency_key: idempotencyKey,
      status: 'PENDING',
      next_attempt_at: isoPlus(deps.clock, inFlightMs(deps)),
      created_at: now,
      updated_at: now,
    });
  });
  if (!claimed) throw new DepositError('TRUELINK_DUPLICATE');

  const outcome = await safeRedeem(deps, hash);
  const settled = await applyRedeem(deps, claimed, outcome);
  if (settled.status === 'CREDITED') {
    await clearAttempts(deps.db, 'gift_link_throttle', throttleKey);
    return answerOf(settled);
  }
  if (settled.status === 'PENDING') throw new DepositError('INTERNAL_SERVER_ERROR');
  if (settled.last_error === OUT_OF_STOCK) throw new DepositError('TRUELINK_DUPLICATE');
  throw new GiftLinkRefused(reasonOfIssuer(settled.last_error));
}

/** Records what the issuer said about a claimed voucher; credits it when redeemed. */
async function applyRedeem(
  deps: GiftDeps,
  row: GiftRedemptionRow,
  outcome: GiftRedeemOutcome | { kind: 'redeemed_earlier' },
): Promise<GiftRedemptionRow> {
  const now = isoNow(deps.clock);
  const close = async (status: 'FAILED' | 'REVIEW', reason: string) =>
    (await repo.updateGift(
      deps.db,
      row.id,
      { status, last_error: reason.slice(0, 200), next_attempt_at: null, updated_at: now },
      'PENDING',
    )) ?? (await repo.findGiftByRef(deps.db, row.ref))!;
  switch (outcome.kind) {
    case 'redeemed':
      if (outcome.amount !== row.amount)
        return close(
          'REVIEW',
          `amount mismatch: issuer ${outcome.amount}, looked up ${row.amount}`,
        );
      return creditGift(deps, row);
    case 'redeemed_earlier':
      return creditGift(deps, row);
    case 'already_redeemed':
      return close('FAILED', OUT_OF_STOCK);
    case 'invalid':
      return close('FAILED', outcome.reason);
    case 'unknown': {
      const noted = await repo.updateGift(
        deps.db,
        row.id,
        {
          attempts: row.attempts + 1,
          last_error: outcome.reason.slice(0, 200),
          next_attempt_at: isoPlus(deps.clock, backoffMs(depositBackoff(deps), row.attempts + 1)),
          updated_at: now,
        },
        'PENDING',
      );
      return noted ?? (await repo.findGiftByRef(deps.db, row.ref))!;
    }
  }
}

/** Credits a redeemed voucher exactly once (row lock + PENDING check + UNIQUE keys). */
async function creditGift(deps: GiftDeps, claimed: GiftRedemptionRow): Promise<GiftRedemptionRow> {
  return withTransaction(deps.db, async (trx) => {
    await lockRows(trx, 'gift_redemptions', 'ref', [claimed.ref]);
    const row = (await repo.findGiftByRef(trx, claimed.ref))!;
    if (row.status !== 'PENDING') return row;
    const ledgerTxId = await creditDeposit(trx, deps, {
      event: 'gift_link_deposit',
      actor: `member:${row.member_id}`,
      memberId: row.member_id,
      currency: row.currency,
      amount: row.amount,
      reference: row.ref,
      from: GIFT_LABEL,
      idempotencyKey: `gift:${row.ref}:credit`,
      externalRef: `gift:${row.hash}`,
    });
    const now = isoNow(deps.clock);
    const credited = await repo.updateGift(trx, row.id, {
      status: 'CREDITED',
      ledger_tx_id: ledgerTxId,
      next_attempt_at: null,
      credited_at: now,
      updated_at: now,
    });
    return credited!;
  });
}

/**
 * The gift-link reconcile flow (decision 0026, 0061) over PENDING redemptions whose outcome
 * was unknown: an active voucher is redeemed again (it was not redeemed); a redeemed one was
 * redeemed by our call (our claim is the only way we redeem a voucher) and is credited;
 * expired or unknown ones fail. Report figures: credited, failed, unknown.
 */
export function giftLinkFlow(deps: GiftDeps): Flow<'gift_redemptions'> {
  return {
    name: 'gift-links',
    table: 'gift_redemptions',
    intervalMs: deps.config.deposits.reconcileIntervalMs,
    leaseMs: inFlightMs(deps),
    backoff: depositBackoff(deps),
    async resolve(row) {
      if (row.status !== 'PENDING') return { kind: 'settled' };
      const found = await deps.giftLinks
        .lookup(row.hash)
        .catch((error: unknown) => ({ kind: 'unknown' as const, reason: String(error) }));
      let outcome: GiftRedeemOutcome | { kind: 'redeemed_earlier' };
      if (found.kind === 'unknown') outcome = found;
      else if (found.kind === 'not_found')
        outcome = { kind: 'invalid', reason: 'VOUCHER_NOT_FOUND' };
      else if (found.voucher.status === 'redeemed') outcome = { kind: 'redeemed_earlier' };
      else if (found.voucher.status === 'expired')
        outcome = { kind: 'invalid', reason: 'VOUCHER_EXPIRED' };
      else outcome = await safeRedeem(deps, row.hash);
      // `attempts` already counts this take: the kernel schedules the next one.
      if (outcome.kind === 'unknown')
        return { kind: 'retry', error: outcome.reason, outcome: 'unknown' };
      const after = await applyRedeem(deps, row, outcome);
      if (after.status === 'REVIEW')
        return { kind: 'review', reason: after.last_error ?? 'review', outcome: 'review' };
      return { kind: 'settled', outcome: after.status === 'CREDITED' ? 'credited' : 'failed' };
    },
  };
}
