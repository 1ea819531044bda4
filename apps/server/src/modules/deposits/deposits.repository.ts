import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
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
