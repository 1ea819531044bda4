import type { Db } from '../../db/database';

export async function findSettingJson(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('operator_settings')
    .select('value_json')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value_json;
}

export async function upsertSettingJson(
  db: Db,
  key: string,
  valueJson: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('operator_settings')
    .values({ key, value_json: valueJson, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: valueJson, updated_at: at }))
    .execute();
}

export async function insertSettingJsonIfMissing(
  db: Db,
  key: string,
  valueJson: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('operator_settings')
    .values({ key, value_json: valueJson, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
