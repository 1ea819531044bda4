// The cashback refund (docs/decisions/0071-promotions-rule-book.md "Refund", 0074): a share of
// each Bangkok week's net loss, received once per period and then moved into the wallet as a
// refund grant (turnover refund.successPercent % of the credit).
import type { Banner, Locale, ProviderCode } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import type { Currency, PromotionGrantRow } from '../../../db/schema';
import { isUniqueViolation, lockKey, withTransaction } from '../../../db/transaction';
import { isoNow } from '../../../lib/clock';
import { memberGameAccounts } from '../../games';
import { accountIdsOf, accounts } from '../../ledger';
import type { Localized } from '../../settings';
import { getSetting } from '../../settings';
import { creditGrant, DEFAULT_WEIGHTS, openGrant, topUpGrant } from '../promotions.grants';
import { grantAfterTurnover } from '../promotions.money';
import { withHoldings } from '../promotions.own-money';
import { percentOf } from '../promotions.percent';
import { RefundError } from './refund.errors';
import type { RefundPeriod } from './refund.period';
import { receivablePeriod } from './refund.period';
import * as repo from './refund.repository';
import { assertMayPlay } from '../../protection';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>;
type Member = Pick<MemberAuth, 'memberId' | 'currency'>;

/** The statement reference of a refund added to an open refund grant (channel promotion). */
export const refundReference = (receiptId: number) => `BNR${receiptId}`;

/** The refund grant's name (statement description, turnover page). */
export const REFUND_NAME: Localized = { th: 'คืนยอดเสีย', la: 'ຄືນຍອດເສຍ', en: 'Cashback refund' };

export interface PeriodLoss {
  /** Deposits credited - withdrawals paid - (wallet + holds at the end - at the start). */
  ledgerLoss: number;
  /** Bets - wins the providers report over the member's game accounts in the period. */
  providerLoss: number;
  /** The smaller of the two, never below 0 (satang). */
  netLoss: number;
}

/** The period's net loss from the ledger, capped by the providers' reports (decision 0071). */
export async function periodLoss(
  deps: Pick<Deps, 'db' | 'gameProvider'>,
  member: Member,
  period: Pick<RefundPeriod, 'start' | 'end'>,
): Promise<PeriodLoss> {
  const { db } = deps;
  const own = [
    accounts.memberCash(member.memberId, member.currency),
    accounts.memberHold(member.memberId, 'game', member.currency),
    accounts.memberHold(member.memberId, 'withdraw', member.currency),
  ].map((a) => a.code);
  const bank = accounts.worldBank(member.currency).code;
  // Every row of each account: world:bank is several shard rows (decision 0101).
  const ids = await accountIdsOf(db, [...own, bank]);
  const ownIds = own.flatMap((code) => ids.get(code) ?? []);
  const bankIds = ids.get(bank) ?? [];
  const deposits = await repo.flow(db, bankIds, ownIds, period.start, period.end);
  const withdrawals = await repo.flow(db, ownIds, bankIds, period.start, period.end);
  let atStart = 0;
  let atEnd = 0;
  for (const id of ownIds) {
    atStart += await repo.balanceBefore(db, id, period.start);
    atEnd += await repo.balanceBefore(db, id, period.end);
  }
  const ledgerLoss = deposits - withdrawals - (atEnd - atStart);
  let providerLoss = 0;
  for (const account of await memberGameAccounts(db, member.memberId)) {
    let report;
    try {
      report = await deps.gameProvider.betReport(
        account.provider_code as ProviderCode,
        account.username,
        period.start,
        period.end,
      );
    } catch (error) {
      throw new RefundError('GAME_BALANCE_UNAVAILABLE', { cause: error });
    }
    providerLoss += report.bets - report.wins;
  }
  return { ledgerLoss, providerLoss, netLoss: Math.max(0, Math.min(ledgerLoss, providerLoss)) };
}

/** What the open period would refund now (satang), or null when nothing is receivable. */
async function pending(deps: Deps, member: Member) {
  const settings = await getSetting(deps.db, 'refund');
  const period = receivablePeriod(deps.clock.now(), settings.claimDays);
  if (!period) return { settings, period: null, received: false, amount: 0, netLoss: 0 };
  const received = (await repo.findReceipt(deps.db, member.memberId, period.key)) !== undefined;
  if (received) return { settings, period, received, amount: 0, netLoss: 0 };
  const { netLoss } = await periodLoss(deps, member, period);
  return { settings, period, received, amount: percentOf(netLoss, settings.ratePercent), netLoss };
}

const sumOf = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);

/** GET /api/refund/check. */
export async function checkRefund(deps: Deps, member: Member, locale: Locale) {
  const settings = await getSetting(deps.db, 'refund');
  const [bonus, unmoved] = await Promise.all([
    grantAfterTurnover(deps, member.memberId),
    repo.unmovedReceipts(deps.db, member.memberId),
  ]);
  // A provider that cannot report makes the open period's figure unknown: shown as nothing
  // waiting (receive says GAME_BALANCE_UNAVAILABLE), never as an error of the dialog.
  let open = 0;
  if (settings.enabled) {
    try {
      open = (await pending(deps, member)).amount;
    } catch (error) {
      if (!(error instanceof RefundError)) throw error;
    }
  }
  const waiting = sumOf(unmoved);
  return {
    result: waiting > 0 || open >= settings.minimumSatang,
    bonus: bonus !== undefined,
    info: settings.info[locale],
    refundAmount: satangToBaht(waiting + open),
    refundSuccess: settings.successPercent,
    refundFail: settings.failPercent,
    received: satangToBaht(waiting),
  };
}

/** GET /api/refund/receive: records the open period's refund (once per member and period). */
export async function receiveRefund(
  deps: Deps,
  member: Member,
): Promise<{ period: string; amount: number; netLoss: number }> {
  const settings = await getSetting(deps.db, 'refund');
  if (!settings.enabled) throw new RefundError('REFUND_INACTIVE');
  if (await grantAfterTurnover(deps, member.memberId)) throw new RefundError('REFUND_CONDITION');
  // The providers are asked outside the transaction (no outside calls inside one).
  const open = await pending(deps, member);
  if (!open.period || open.received) throw new RefundError('NO_REFUND');
  if (open.amount < settings.minimumSatang) throw new RefundError('REFUND_MINIMUM');
  const period = open.period;
  try {
    await withTransaction(deps.db, async (trx) => {
      await lockKey(trx, `refund:${member.memberId}`);
      if (await openGrant(trx, member.memberId)) throw new RefundError('REFUND_CONDITION');
      if (await repo.findReceipt(trx, member.memberId, period.key))
        throw new RefundError('NO_REFUND');
      await repo.insertReceipt(trx, {
        memberId: member.memberId,
        periodKey: period.key,
        currency: member.currency,
        netLoss: open.netLoss,
        amount: open.amount,
        receivedAt: isoNow(deps.clock),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'refund_receipts', 'period_start'))
      throw new RefundError('NO_REFUND');
    throw error;
  }
  return { period: period.key, amount: open.amount, netLoss: open.netLoss };
}

/** A refund's name with its period, in every language (the statement shows the reader's). */
const refundDescription = (periodStart: string) =>
  Object.fromEntries(
    Object.entries(REFUND_NAME).map(([locale, name]) => [locale, `${name} ${periodStart}`]),
  ) as typeof REFUND_NAME;

/**
 * GET /api/refund/addWallet: moves every received, unmoved refund into the wallet under one
 * refund grant (the first opens it, the others add to it: one grant at a time, decision
 * 0112), each paid under its own ledger key. REFUND_CONDITION while another grant is open.
 */
export async function moveRefunds(
  deps: Deps,
  member: Member,
): Promise<{ moved: number; amount: number }> {
  const settings = await getSetting(deps.db, 'refund');
  if (await grantAfterTurnover(deps, member.memberId)) throw new RefundError('REFUND_CONDITION');
  return withHoldings(deps, member, async (trx, holdings) => {
    // Player protection (decision 0139): refused during a time-out or self-exclusion.
    await assertMayPlay(trx, deps.clock, member.memberId);
    await lockKey(trx, `refund:${member.memberId}`);
    if (await openGrant(trx, member.memberId)) throw new RefundError('REFUND_CONDITION');
    const unmoved = await repo.unmovedReceipts(trx, member.memberId);
    if (unmoved.length === 0) throw new RefundError('NO_REFUND');
    const multiple = settings.successPercent / 100;
    let grant: PromotionGrantRow | null = null;
    for (const receipt of unmoved) {
      const ledgerKey = `refund:${member.memberId}:${receipt.period_start}`;
      const related = { refund: { description: refundDescription(receipt.period_start) } };
      if (grant === null)
        grant = (
          await creditGrant(trx, deps.clock, {
            memberId: member.memberId,
            currency: receipt.currency as Currency,
            kind: 'refund',
            sourceCode: null,
            name: REFUND_NAME,
            credited: Number(receipt.amount),
            principal: holdings.total,
            base: Number(receipt.amount),
            turnoverMultiple: multiple,
            weights: DEFAULT_WEIGHTS,
            percentFail: settings.failPercent,
            depositRef: null,
            ledgerKey,
            actor: `member:${member.memberId}`,
            related,
          })
        ).grant;
      else
        await topUpGrant(trx, deps.clock, grant, {
          credited: Number(receipt.amount),
          turnoverMultiple: multiple,
          ledgerKey,
          actor: `member:${member.memberId}`,
          related,
          reference: refundReference(receipt.id),
        });
      const moved = await repo.markMoved(trx, receipt.id, grant.id, isoNow(deps.clock));
      if (!moved) throw new RefundError('NO_REFUND');
    }
    return { moved: unmoved.length, amount: sumOf(unmoved) };
  });
}

/** POST /api/refund: received refunds, newest first. */
export async function listRefunds(db: Db, memberId: number, page: { page: number; limit: number }) {
  const { total, rows } = await repo.listReceipts(db, memberId, page);
  return {
    total,
    refunds: rows.map((r) => ({
      refundAmount: satangToBaht(Number(r.amount)),
      createdAt: r.received_at,
    })),
  };
}

export async function refundBanners(db: Db, locale: Locale): Promise<Banner[]> {
  const settings = await getSetting(db, 'refund');
  return settings.banners.map((b) => ({ image: b.image, html: b.html[locale] }));
}
