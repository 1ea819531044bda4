// Bonus definitions, promotion codes and their uses (migration 0014), and the reads the
// activation rules need: the member's grants of a code and the qualifying deposit.
import type { Db } from '../../../db/database';
import { pageOf } from '../../../db/paging';
import type {
  BonusDefinitionRow,
  BonusDefinitionsTable,
  GrantKind,
  PromotionCodeRow,
  PromotionCodesTable,
} from '../../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export function listBonuses(db: Db, options: { enabledOnly: boolean }) {
  let query = db.selectFrom('bonus_definitions').selectAll();
  if (options.enabledOnly) query = query.where('enabled', '=', 1);
  return query.orderBy('sort_order').orderBy('id').execute();
}

export function findBonus(db: Db, code: string): Promise<BonusDefinitionRow | undefined> {
  return db.selectFrom('bonus_definitions').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findBonusById(db: Db, id: number): Promise<BonusDefinitionRow | undefined> {
  return db.selectFrom('bonus_definitions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertBonus(db: Db, row: Insertable<BonusDefinitionsTable>) {
  return db.insertInto('bonus_definitions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateBonus(db: Db, code: string, row: Updateable<BonusDefinitionsTable>) {
  return db
    .updateTable('bonus_definitions')
    .set(row)
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

export function listPromotions(db: Db) {
  return db.selectFrom('promotion_codes').selectAll().orderBy('id').execute();
}

export function findPromotion(db: Db, code: string): Promise<PromotionCodeRow | undefined> {
  return db.selectFrom('promotion_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export function insertPromotion(db: Db, row: Insertable<PromotionCodesTable>) {
  return db.insertInto('promotion_codes').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePromotion(db: Db, code: string, row: Updateable<PromotionCodesTable>) {
  return db
    .updateTable('promotion_codes')
    .set(row)
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

/** When the member received each grant of `kind` from `sourceCode`, oldest first. */
export async function receivedAt(
  db: Db,
  memberId: number,
  kind: GrantKind,
  sourceCode: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('promotion_grants')
    .select('started_at')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('source_code', '=', sourceCode)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.started_at);
}

/** Uses of a code: the member's and in total. */
export async function countUses(db: Db, promotionId: number, memberId: number) {
  const row = await db
    .selectFrom('promotion_uses')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('member_id', '=', memberId).then(1).else(0).end())
        .as('mine'),
    ])
    .where('promotion_id', '=', promotionId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), mine: Number(row.mine ?? 0) };
}

export function insertUse(
  db: Db,
  use: {
    promotionId: number;
    memberId: number;
    useNo: number;
    totalNo: number;
    grantId: number;
    at: string;
  },
) {
  return db
    .insertInto('promotion_uses')
    .values({
      promotion_id: use.promotionId,
      member_id: use.memberId,
      use_no: use.useNo,
      total_no: use.totalNo,
      grant_id: use.grantId,
      created_at: use.at,
    })
    .execute();
}

/** Statement reference prefixes of deposits that can qualify (QR, slip, gift link). */
const DEPOSIT_PREFIXES = ['QR', 'SL', 'GL'];

/** The member's latest credited deposit (statement row), credited at or after `since`. */
export async function latestDeposit(
  db: Db,
  memberId: number,
  since: string,
): Promise<{ reference: string; amount: number; creditedAt: string } | undefined> {
  const row = await db
    .selectFrom('statement_items')
    .select(['reference', 'amount', 'updated_at'])
    .where('member_id', '=', memberId)
    .where('statement_type', '=', 'deposit')
    .where('status', '=', 'SUCCESS')
    .where('updated_at', '>=', since)
    .where((eb) => eb.or(DEPOSIT_PREFIXES.map((p) => eb('reference', 'like', `${p}%`))))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row
    ? { reference: row.reference, amount: Number(row.amount), creditedAt: row.updated_at }
    : undefined;
}

/** True when the deposit opened a grant already. */
export async function depositUsed(db: Db, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_grants')
    .select('id')
    .where('deposit_ref', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the member moved money from the wallet into a game at or after `since`. */
export async function playedSince(db: Db, memberId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('game_transfers')
    .select('id')
    .where('member_id', '=', memberId)
    .where('direction', '=', 'in')
    .where('status', '!=', 'VOIDED')
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * True when the member asked for a withdrawal at or after `since` that was not refused
 * (decision 0112: a deposit withdrawn since does not qualify for a bonus).
 */
export async function withdrewSince(db: Db, memberId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', 'not in', ['FAILED', 'REJECTED'])
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

// --- operator reads (issue 13, decision 0092) ---------------------------------------------

/** Per source code of `kind`: grants, distinct members, satang credited, grants still open. */
export async function usageBySource(db: Db, kind: GrantKind) {
  const rows = await db
    .selectFrom('promotion_grants')
    .select((eb) => [
      'source_code',
      eb.fn.countAll<number | string>().as('received'),
      eb.fn.count<number | string>('member_id').distinct().as('members'),
      eb.fn.sum<number | string>('credited').as('paid'),
      eb.fn
        .sum<number | string>(eb.case().when('status', '=', 'open').then(1).else(0).end())
        .as('open'),
    ])
    .where('kind', '=', kind)
    .where('source_code', 'is not', null)
    .groupBy('source_code')
    .execute();
  return rows.map((r) => ({
    code: r.source_code ?? '',
    received: Number(r.received),
    members: Number(r.members),
    paidSatang: Number(r.paid ?? 0),
    open: Number(r.open ?? 0),
  }));
}

/** A promotion code's uses with their grants, newest first. */
export function usesPage(db: Db, promotionId: number, page: number, pageSize: number) {
  return pageOf(
    db.selectFrom('promotion_uses as u').where('u.promotion_id', '=', promotionId),
    (q) =>
      q
        .innerJoin('members as m', 'm.id', 'u.member_id')
        .innerJoin('promotion_grants as g', 'g.id', 'u.grant_id')
        .select(['m.member_no', 'u.use_no', 'u.total_no', 'u.created_at', 'g.credited', 'g.status'])
        .orderBy('u.id', 'desc'),
    { page, pageSize },
  );
}
