import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type {
  GiftRedemptionRow,
  GiftRedemptionsTable,
  GiftRedemptionStatus,
  QrDepositRow,
  QrDepositsTable,
  QrDepositStatus,
} from '../../db/schema';

// --- members -------------------------------------------------------------------------------

/** What a deposit needs to know about the member (the phone is the login name). */
export function findDepositor(db: Db, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'member_no', 'username', 'status', 'currency'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

// --- QR deposits ---------------------------------------------------------------------------

export const OPEN_QR = ['CREATING', 'OPEN'] as const;

export function insertQr(db: Db, row: Insertable<QrDepositsTable>): Promise<QrDepositRow> {
  return db.insertInto('qr_deposits').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findQrByRef(db: Db, ref: string): Promise<QrDepositRow | undefined> {
  return db.selectFrom('qr_deposits').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function findQrByKey(db: Db, key: string): Promise<QrDepositRow | undefined> {
  return db
    .selectFrom('qr_deposits')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOpenQrs(db: Db, memberId: number): Promise<QrDepositRow[]> {
  return db
    .selectFrom('qr_deposits')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', 'in', OPEN_QR)
    .execute();
}

/** The member's newest QR at one gateway, whatever its status. */
export function findLatestQr(
  db: Db,
  memberId: number,
  gateway: string,
): Promise<QrDepositRow | undefined> {
  return db
    .selectFrom('qr_deposits')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('gateway', '=', gateway)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findQrByTxn(
  db: Db,
  gateway: string,
  txnId: string,
): Promise<QrDepositRow | undefined> {
  return db
    .selectFrom('qr_deposits')
    .selectAll()
    .where('gateway', '=', gateway)
    .where('txn_id', '=', txnId)
    .executeTakeFirst();
}

export function updateQr(
  db: Db,
  id: number,
  changes: Updateable<QrDepositsTable>,
  onlyIfStatus?: readonly QrDepositStatus[],
): Promise<QrDepositRow | undefined> {
  let query = db.updateTable('qr_deposits').set(changes).where('id', '=', id);
  if (onlyIfStatus) query = query.where('status', 'in', onlyIfStatus);
  return query.returningAll().executeTakeFirst();
}

// --- gift redemptions ----------------------------------------------------------------------

export function findGiftByHash(db: Db, hash: string): Promise<GiftRedemptionRow | undefined> {
  return db.selectFrom('gift_redemptions').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function findGiftByRef(db: Db, ref: string): Promise<GiftRedemptionRow | undefined> {
  return db.selectFrom('gift_redemptions').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/** Claims a voucher: inserts its row unless the hash was ever claimed (UNIQUE). */
export function claimGift(
  db: Db,
  row: Insertable<GiftRedemptionsTable>,
): Promise<GiftRedemptionRow | undefined> {
  return db
    .insertInto('gift_redemptions')
    .values(row)
    .onConflict((oc) => oc.column('hash').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateGift(
  db: Db,
  id: number,
  changes: Updateable<GiftRedemptionsTable>,
  onlyIfStatus?: GiftRedemptionStatus,
): Promise<GiftRedemptionRow | undefined> {
  let query = db.updateTable('gift_redemptions').set(changes).where('id', '=', id);
  if (onlyIfStatus) query = query.where('status', '=', onlyIfStatus);
  return query.returningAll().executeTakeFirst();
}

// --- the operator's lists (decision 0091) -------------------------------------------------

export interface OperatorDepositFilter<S extends string> {
  status?: S;
  /** Member number or phone. */
  member?: string;
  /** One member's rows (the console's member page). */
  memberId?: number;
  /** ISO instants: created at >= fromAt and < toAt. */
  fromAt?: string;
  toAt?: string;
}

/** A page of QR deposits with their member, newest first. */
export function qrPageForOperator(
  db: Db,
  filter: OperatorDepositFilter<QrDepositStatus>,
  page: { page: number; pageSize: number },
) {
  let base = db
    .selectFrom('qr_deposits')
    .innerJoin('members', 'members.id', 'qr_deposits.member_id');
  if (filter.status) base = base.where('qr_deposits.status', '=', filter.status);
  if (filter.member) {
    const member = filter.member;
    base = base.where((eb) =>
      eb.or([eb('members.member_no', '=', member), eb('members.username', '=', member)]),
    );
  }
  if (filter.memberId !== undefined)
    base = base.where('qr_deposits.member_id', '=', filter.memberId);
  if (filter.fromAt) base = base.where('qr_deposits.created_at', '>=', filter.fromAt);
  if (filter.toAt) base = base.where('qr_deposits.created_at', '<', filter.toAt);
  return pageOf(
    base,
    (q) =>
      q
        .selectAll('qr_deposits')
        .select(['members.member_no as member_no', 'members.name as member_name'])
        .orderBy('qr_deposits.created_at', 'desc')
        .orderBy('qr_deposits.id', 'desc'),
    page,
  );
}

/** A page of gift-link redemptions with their member, newest first. */
export function giftPageForOperator(
  db: Db,
  filter: OperatorDepositFilter<GiftRedemptionStatus>,
  page: { page: number; pageSize: number },
) {
  let base = db
    .selectFrom('gift_redemptions')
    .innerJoin('members', 'members.id', 'gift_redemptions.member_id');
  if (filter.status) base = base.where('gift_redemptions.status', '=', filter.status);
  if (filter.member) {
    const member = filter.member;
    base = base.where((eb) =>
      eb.or([eb('members.member_no', '=', member), eb('members.username', '=', member)]),
    );
  }
  if (filter.memberId !== undefined)
    base = base.where('gift_redemptions.member_id', '=', filter.memberId);
  if (filter.fromAt) base = base.where('gift_redemptions.created_at', '>=', filter.fromAt);
  if (filter.toAt) base = base.where('gift_redemptions.created_at', '<', filter.toAt);
  return pageOf(
    base,
    (q) =>
      q
        .selectAll('gift_redemptions')
        .select(['members.member_no as member_no', 'members.name as member_name'])
        .orderBy('gift_redemptions.created_at', 'desc')
        .orderBy('gift_redemptions.id', 'desc'),
    page,
  );
}
