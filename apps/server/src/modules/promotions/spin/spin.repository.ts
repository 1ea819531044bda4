// The spin wheel's rows (migration 0016) and the member's coins (members.coin, which this
// feature alone changes: earned on deposit, spent one per spin by a conditional update).
import type { Db } from '../../../db/database';
import { pageOf } from '../../../db/paging';
import type { Currency, SpinSliceRow, SpinWheelRow } from '../../../db/schema';

export function activeWheel(db: Db): Promise<SpinWheelRow | undefined> {
  return db.selectFrom('spin_wheels').selectAll().where('active', '=', 1).executeTakeFirst();
}

export function wheelById(db: Db, id: number): Promise<SpinWheelRow | undefined> {
  return db.selectFrom('spin_wheels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listWheels(db: Db): Promise<SpinWheelRow[]> {
  return db.selectFrom('spin_wheels').selectAll().orderBy('id').execute();
}

/** A wheel's slices in wheel order (sort order, then age). */
export function slicesOf(db: Db, wheelIds: readonly number[]): Promise<SpinSliceRow[]> {
  if (wheelIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('spin_slices')
    .selectAll()
    .where('wheel_id', 'in', wheelIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function sliceById(db: Db, id: number): Promise<SpinSliceRow | undefined> {
  return db.selectFrom('spin_slices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function memberCoins(
  db: Db,
  memberId: number,
): Promise<{ coin: number; currency: Currency } | undefined> {
  return db
    .selectFrom('members')
    .select(['coin', 'currency'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Takes one coin when the member has one; answers the coins left, or undefined when there
 * was none. One conditional statement, so racing spins can never take more than there is.
 */
export async function takeCoin(db: Db, memberId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('members')
    .set((eb) => ({ coin: eb('coin', '-', 1) }))
    .where('id', '=', memberId)
    .where('coin', '>=', 1)
    .returning('coin')
    .executeTakeFirst();
  return row?.coin;
}

/**
 * Adds up to `coins` coins, at most `maxPerDay` on the Bangkok day `day` (decision 0112);
 * answers how many were added. One conditional update per case, so simultaneous deposits
 * never pass the cap.
 */
export async function addCoins(
  db: Db,
  memberId: number,
  coins: number,
  day: string,
  maxPerDay: number,
): Promise<number> {
  const member = await db
    .selectFrom('members')
    .select(['coin_day', 'coins_on_day'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) return 0;
  const earned = member.coin_day === day ? Number(member.coins_on_day) : 0;
  const add = Math.min(coins, Math.max(0, maxPerDay - earned));
  if (add <= 0) return 0;
  const updated = await db
    .updateTable('members')
    .set((eb) => ({
      coin: eb('coin', '+', add),
      coin_day: day,
      coins_on_day: member.coin_day === day ? eb('coins_on_day', '+', add) : add,
    }))
    .where('id', '=', memberId)
    .where((eb) =>
      member.coin_day === null
        ? eb('coin_day', 'is', null)
        : eb.and([
            eb('coin_day', '=', member.coin_day),
            eb('coins_on_day', '=', member.coins_on_day),
          ]),
    )
    .executeTakeFirst();
  // Someone else counted meanwhile: read again (bounded by the cap each time).
  return Number(updated.numUpdatedRows) === 1 ? add : addCoins(db, memberId, coins, day, maxPerDay);
}

export interface SpinRecord {
  id: number;
  slice_id: number;
  coin_after: number;
}

export function spinByKey(
  db: Db,
  memberId: number,
  idempotencyKey: string,
): Promise<SpinRecord | undefined> {
  return db
    .selectFrom('spins')
    .select(['id', 'slice_id', 'coin_after'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function insertSpin(
  db: Db,
  row: {
    member_id: number;
    wheel_id: number;
    slice_id: number;
    idempotency_key: string | null;
    coin_after: number;
    created_at: string;
  },
): Promise<{ id: number }> {
  return db.insertInto('spins').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertCoupon(
  db: Db,
  row: {
    spin_id: number;
    member_id: number;
    slice_id: number;
    amount: number;
    expires_at: string;
    created_at: string;
  },
): Promise<{ id: number }> {
  return db
    .insertInto('spin_coupons')
    .values({ ...row, claimed_at: null, ledger_tx_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The member's unclaimed coupons that have not expired at `now`, oldest first. */
export function openCoupons(db: Db, memberId: number, now: string) {
  return db
    .selectFrom('spin_coupons as c')
    .innerJoin('spin_slices as s', 's.id', 'c.slice_id')
    .innerJoin('spin_wheels as w', 'w.id', 's.wheel_id')
    .select([
      'c.id',
      'c.amount',
      'c.expires_at',
      's.code',
      's.label_json',
      's.bg_color',
      's.text_color',
      's.description_json',
      'w.name_json',
    ])
    .where('c.member_id', '=', memberId)
    .where('c.claimed_at', 'is', null)
    .where('c.expires_at', '>', now)
    .orderBy('c.id')
    .execute();
}

/** One coupon of the member with what its statement row says about it. */
export function couponOf(db: Db, memberId: number, couponId: number) {
  return db
    .selectFrom('spin_coupons as c')
    .innerJoin('spin_slices as s', 's.id', 'c.slice_id')
    .innerJoin('spin_wheels as w', 'w.id', 's.wheel_id')
    .select(['c.id', 'c.amount', 'c.expires_at', 'c.claimed_at', 's.label_json', 'w.name_json'])
    .where('c.member_id', '=', memberId)
    .where('c.id', '=', couponId)
    .executeTakeFirst();
}

/** Marks the coupon claimed when it is not yet; true when this call did it. */
export async function markClaimed(db: Db, couponId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('spin_coupons')
    .set({ claimed_at: at })
    .where('id', '=', couponId)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCouponLedgerTx(db: Db, couponId: number, txId: number): Promise<void> {
  await db
    .updateTable('spin_coupons')
    .set({ ledger_tx_id: txId })
    .where('id', '=', couponId)
    .execute();
}

export function latestCoupons(db: Db, limit: number) {
  return db
    .selectFrom('spin_coupons as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .innerJoin('spin_slices as s', 's.id', 'c.slice_id')
    .select([
      'c.id',
      'm.member_no',
      's.code',
      'c.amount',
      'c.created_at',
      'c.expires_at',
      'c.claimed_at',
    ])
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

// --- operator writes ----------------------------------------------------------------------

export function insertWheel(db: Db, nameJson: string, at: string): Promise<{ id: number }> {
  return db
    .insertInto('spin_wheels')
    .values({ name_json: nameJson, active: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateWheel(
  db: Db,
  id: number,
  changes: { name_json?: string; active?: number },
  at: string,
): Promise<void> {
  await db
    .updateTable('spin_wheels')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Switches every active wheel but `exceptId` off (before one is switched on). */
export async function deactivateOthers(db: Db, exceptId: number, at: string): Promise<void> {
  await db
    .updateTable('spin_wheels')
    .set({ active: 0, updated_at: at })
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .execute();
}

export interface SliceValues {
  code: string;
  label_json: string;
  bg_color: string;
  text_color: string;
  description_json: string;
  weight: number;
  prize: number;
  sort_order: number;
}

export async function insertSlice(
  db: Db,
  wheelId: number,
  values: SliceValues,
  at: string,
): Promise<void> {
  await db
    .insertInto('spin_slices')
    .values({ ...values, wheel_id: wheelId, updated_at: at })
    .execute();
}

export async function updateSlice(
  db: Db,
  id: number,
  values: Partial<SliceValues>,
  at: string,
): Promise<void> {
  await db
    .updateTable('spin_slices')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function countSlices(db: Db, wheelId: number): Promise<number> {
  const row = await db
    .selectFrom('spin_slices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('wheel_id', '=', wheelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CouponFilter {
  memberNo?: string | undefined;
  status?: 'open' | 'claimed' | 'expired' | undefined;
  /** Now, ISO: what open and expired are measured against. */
  at: string;
}

/** Coupons newest first, by member and state, a page at a time (issue 13, decision 0092). */
export function couponsPage(db: Db, filter: CouponFilter, page: number, pageSize: number) {
  let base = db
    .selectFrom('spin_coupons as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .innerJoin('spin_slices as s', 's.id', 'c.slice_id');
  if (filter.memberNo) base = base.where('m.member_no', '=', filter.memberNo);
  if (filter.status === 'claimed') base = base.where('c.claimed_at', 'is not', null);
  if (filter.status === 'open')
    base = base.where('c.claimed_at', 'is', null).where('c.expires_at', '>', filter.at);
  if (filter.status === 'expired')
    base = base.where('c.claimed_at', 'is', null).where('c.expires_at', '<=', filter.at);
  return pageOf(
    base,
    (q) =>
      q
        .select([
          'c.id',
          'm.member_no',
          's.code',
          'c.amount',
          'c.created_at',
          'c.expires_at',
          'c.claimed_at',
        ])
        .orderBy('c.id', 'desc'),
    { page, pageSize },
  );
}
