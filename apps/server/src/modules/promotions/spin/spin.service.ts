// Coins and the spin wheel (docs/decisions/0071-promotions-rule-book.md, "Coins and the spin
// wheel"; 0082; 0112). A spin takes one coin by a conditional update, draws a slice with
// crypto.randomInt over the weights (spin.draw.ts) and stores the spin and its coupon in the
// same transaction, before it answers. A coupon pays once (ledger key `coupon:{id}`), from
// the house promotions account, and opens a coupon grant (or adds to the open one): its prize
// is promotion money, withdrawable once its turnover is played (decision 0112).
import type { Locale } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps, MemberAuth } from '../../../deps';
import type { Db } from '../../../db/database';
import type { Currency, SpinSliceRow } from '../../../db/schema';
import { isUniqueViolation, withTransaction } from '../../../db/transaction';
import { bangkokDate } from '../../../lib/bangkok-day';
import type { Clock } from '../../../lib/clock';
import { HOUR_MS, isoNow } from '../../../lib/clock';
import { pick } from '../../../lib/locale';
import { DuplicatePostingError } from '../../ledger';
import type { Localized } from '../../settings';
import { getSetting } from '../../settings';
import { creditGrant, DEFAULT_WEIGHTS, openGrant, topUpGrant } from '../promotions.grants';
import { grantAfterTurnover } from '../promotions.money';
import type { Holdings } from '../promotions.own-money';
import { lockWallet, withHoldings } from '../promotions.own-money';
import { drawSlice } from './spin.draw';
import { SpinError } from './spin.errors';
import * as repo from './spin.repository';
import { assertMayPlay } from '../../protection';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type ClaimDeps = Pick<AppDeps, 'db' | 'clock' | 'gameProvider'>;

/**
 * The statement reference of a coupon's payment. `BN` gives it the promotion channel;
 * the `C` keeps it apart from the grants' `BN{grantId}` (references are unique).
 */
export const couponReference = (couponId: number) => `BNC${couponId}`;
/** The ledger key of a coupon's payment (the rule book's table). */
export const couponLedgerKey = (couponId: number) => `coupon:${couponId}`;

const localized = (json: string) => JSON.parse(json) as Localized;

export function sliceAnswer(
  slice: Pick<SpinSliceRow, 'code' | 'label_json' | 'bg_color' | 'text_color' | 'description_json'>,
  locale: Locale,
) {
  return {
    code: slice.code,
    label: pick(localized(slice.label_json), locale),
    bgColor: slice.bg_color,
    textColor: slice.text_color,
    htmlDescription: pick(localized(slice.description_json), locale),
  };
}

/**
 * The coins a credited deposit earns: floor(amount / coinPerSatang), BAHT deposits only
 * (decision 0082), at most spin.maxCoinsPerDay per Bangkok day (decision 0112). Runs in the
 * deposit's transaction (promotions.deposits.ts); answers the coins added.
 */
export async function awardCoins(
  trx: Db,
  clock: Clock,
  deposit: { memberId: number; currency: Currency; amount: number },
): Promise<number> {
  if (deposit.currency !== 'BAHT') return 0;
  const { coinPerSatang, maxCoinsPerDay } = await getSetting(trx, 'spin');
  const coins = Math.floor(deposit.amount / coinPerSatang);
  if (coins <= 0) return 0;
  return repo.addCoins(trx, deposit.memberId, coins, bangkokDate(clock.now()), maxCoinsPerDay);
}

/** The active wheel with its slices, when it can be spun (some weight > 0). */
async function spinnableWheel(db: Db) {
  const wheel = await repo.activeWheel(db);
  if (!wheel) return undefined;
  const slices = await repo.slicesOf(db, [wheel.id]);
  if (!slices.some((s) => s.weight > 0)) return undefined;
  return { wheel, slices };
}

export async function isActive(db: Db): Promise<boolean> {
  return (await spinnableWheel(db)) !== undefined;
}

export async function setup(db: Db, memberId: number, locale: Locale) {
  const [found, member] = await Promise.all([spinnableWheel(db), repo.memberCoins(db, memberId)]);
  return {
    activeSpinwheel: found
      ? {
          name: pick(localized(found.wheel.name_json), locale),
          slices: found.slices.map((s) => sliceAnswer(s, locale)),
        }
      : null,
    userCoin: member?.coin ?? 0,
  };
}

export interface SpinAnswer {
  success: true;
  result: { code: string; label: string; remainingCoin: number };
  error: null;
}

async function answerOf(db: Db, spun: repo.SpinRecord, locale: Locale): Promise<SpinAnswer> {
  const slice = await repo.sliceById(db, spun.slice_id);
  if (!slice) throw new Error(`spin ${spun.id} names a missing slice`);
  return {
    success: true,
    result: {
      code: slice.code,
      label: pick(localized(slice.label_json), locale),
      remainingCoin: spun.coin_after,
    },
    error: null,
  };
}

/**
 * Spends one coin and spins. `idempotencyKey` is the caller-scoped key of the request: a
 * re-run of the same request finds its spin and answers it again without taking a coin.
 * No active wheel: INVALID_CODE; no coin: NO_DATA.
 */
export async function spin(
  deps: Deps,
  memberId: number,
  locale: Locale,
  idempotencyKey: string,
): Promise<SpinAnswer> {
  try {
    return await withTransaction(deps.db, async (trx) => {
      const earlier = await repo.spinByKey(trx, memberId, idempotencyKey);
      if (earlier) return answerOf(trx, earlier, locale);
      // Player protection (decision 0139): refused during a time-out or self-exclusion.
      await assertMayPlay(trx, deps.clock, memberId);
      const found = await spinnableWheel(trx);
      if (!found) throw new SpinError('INVALID_CODE');
      const coinAfter = await repo.takeCoin(trx, memberId);
      if (coinAfter === undefined) throw new SpinError('NO_DATA');
      const slice = drawSlice(found.slices);
      if (!slice) throw new SpinError('INVALID_CODE');
      const now = isoNow(deps.clock);
      const spun = await repo.insertSpin(trx, {
        member_id: memberId,
        wheel_id: found.wheel.id,
        slice_id: slice.id,
        idempotency_key: idempotencyKey,
        coin_after: coinAfter,
        created_at: now,
      });
      if (slice.prize > 0) {
        const { couponHours } = await getSetting(trx, 'spin');
        await repo.insertCoupon(trx, {
          spin_id: spun.id,
          member_id: memberId,
          slice_id: slice.id,
          amount: slice.prize,
          expires_at: new Date(Date.parse(now) + couponHours * HOUR_MS).toISOString(),
          created_at: now,
        });
      }
      return {
        success: true as const,
        result: {
          code: slice.code,
          label: pick(localized(slice.label_json), locale),
          remainingCoin: coinAfter,
        },
        error: null,
      };
    });
  } catch (error) {
    // The same key racing itself: the first spin stands; answer it.
    if (!isUniqueViolation(error, 'spins', 'idempotency_key')) throw error;
    const earlier = await repo.spinByKey(deps.db, memberId, idempotencyKey);
    if (!earlier) throw error;
    return answerOf(deps.db, earlier, locale);
  }
}

export async function coupons(deps: Deps, memberId: number, locale: Locale) {
  const rows = await repo.openCoupons(deps.db, memberId, isoNow(deps.clock));
  const settings = await getSetting(deps.db, 'spin');
  const terms = {
    turnoverMultiple: settings.successPercent / 100,
    percentFail: settings.failPercent,
  };
  return rows.map((row) => ({
    terms,
    _id: String(row.id),
    prize: {
      name: pick(localized(row.name_json), locale),
      slice: sliceAnswer(row, locale),
    },
    amount: satangToBaht(row.amount),
  }));
}

/** The coupon grant's name (statement, turnover page). */
export const COUPON_NAME: Localized = {
  th: 'รางวัลวงล้อ',
  la: 'ລາງວັນວົງລໍ້',
  en: 'Spin wheel prize',
};

/**
 * Pays a coupon into the wallet under a coupon grant (decision 0112). Unknown (or another
 * member's): INVALID_CODE; claimed: NO_CLAIMABLE_COUPON; expired: COUPON_EXPIRED; another
 * kind of grant open: BONUS_REMAINING (one at a time); an open coupon grant takes the prize
 * and its turnover. The conditional `claimed_at` update and the ledger key each make a second
 * payment impossible.
 */
export async function claim(
  deps: ClaimDeps,
  member: Pick<MemberAuth, 'memberId' | 'currency'>,
  couponText: string,
): Promise<{ message: 'SUCCESS' }> {
  if (!/^[0-9]{1,12}$/.test(couponText)) throw new SpinError('INVALID_CODE');
  const couponId = Number(couponText);
  const { memberId } = member;
  // A grant whose turnover was played through ends here (the providers are asked outside
  // the transaction); the transaction checks again.
  const open = await grantAfterTurnover(deps, memberId);
  if (open && open.kind !== 'coupon') throw new SpinError('BONUS_REMAINING');
  const pay = async (trx: Db, holdings: Holdings | null) => {
    // Player protection (decision 0139): refused during a time-out or self-exclusion.
    await assertMayPlay(trx, deps.clock, memberId);
    const coupon = await repo.couponOf(trx, memberId, couponId);
    if (!coupon) throw new SpinError('INVALID_CODE');
    if (coupon.claimed_at !== null) throw new SpinError('NO_CLAIMABLE_COUPON');
    const now = isoNow(deps.clock);
    if (coupon.expires_at <= now) throw new SpinError('COUPON_EXPIRED');
    const current = await openGrant(trx, memberId);
    if (current && current.kind !== 'coupon') throw new SpinError('BONUS_REMAINING');
    // The grant changed between the look outside and this transaction: look again.
    if ((current === undefined) !== (holdings !== null)) throw new SpinError('BONUS_REMAINING');
    if (!(await repo.markClaimed(trx, couponId, now))) throw new SpinError('NO_CLAIMABLE_COUPON');
    const settings = await getSetting(trx, 'spin');
    const name = localized(coupon.name_json);
    const label = localized(coupon.label_json);
    const credit = {
      credited: coupon.amount,
      turnoverMultiple: settings.successPercent / 100,
      ledgerKey: couponLedgerKey(couponId),
      actor: `member:${memberId}`,
      reference: couponReference(couponId),
      related: {
        luckydraw: {
          description: {
            th: `${name.th}: ${label.th}`,
            la: `${name.la}: ${label.la}`,
            en: `${name.en}: ${label.en}`,
          },
        },
      },
    };
    let transactionId: number;
    try {
      transactionId = current
        ? (await topUpGrant(trx, deps.clock, current, credit)).transactionId
        : (
            await creditGrant(trx, deps.clock, {
              ...credit,
              memberId,
              currency: member.currency,
              kind: 'coupon',
              sourceCode: null,
              name: COUPON_NAME,
              principal: holdings!.total,
              base: coupon.amount,
              weights: DEFAULT_WEIGHTS,
              percentFail: settings.failPercent,
              depositRef: null,
            })
          ).transactionId;
    } catch (error) {
      if (error instanceof DuplicatePostingError) throw new SpinError('NO_CLAIMABLE_COUPON');
      throw error;
    }
    await repo.setCouponLedgerTx(trx, couponId, transactionId);
    return { message: 'SUCCESS' as const };
  };
  if (open)
    return withTransaction(deps.db, async (trx) => {
      await lockWallet(trx, memberId);
      return pay(trx, null);
    });
  return withHoldings(deps, member, pay);
}
