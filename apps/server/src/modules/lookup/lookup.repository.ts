import type { Db } from '../../db/database';
import type { BankRow, SourceRow } from '../../db/schema';

export function listBanks(db: Db): Promise<BankRow[]> {
  return db.selectFrom('banks').selectAll().orderBy('sort_order').orderBy('code').execute();
}

export function findBank(db: Db, code: string): Promise<BankRow | undefined> {
  return db.selectFrom('banks').selectAll().where('code', '=', code).executeTakeFirst();
}

export function listSources(db: Db): Promise<SourceRow[]> {
  return db.selectFrom('sources').selectAll().orderBy('sort_order').orderBy('code').execute();
}

export function findSource(db: Db, code: string): Promise<SourceRow | undefined> {
  return db.selectFrom('sources').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertBankIfMissing(db: Db, row: BankRow): Promise<void> {
  await db
    .insertInto('banks')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function insertSourceIfMissing(db: Db, row: SourceRow): Promise<void> {
  await db
    .insertInto('sources')
    .values(row)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
