// chat_files (migration 0023): one row per stored attachment (decision 0099).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChatFilesTable } from '../../db/schema';

export async function insertFile(db: Db, row: Insertable<ChatFilesTable>): Promise<void> {
  await db.insertInto('chat_files').values(row).execute();
}

/** Store keys (files and thumbnails) among `keys` that a row names. */
export async function storeKeysNamed(db: Db, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('chat_files')
    .select(['store_key', 'thumb_store_key'])
    .where((eb) =>
      eb.or([eb('store_key', 'in', [...keys]), eb('thumb_store_key', 'in', [...keys])]),
    )
    .execute();
  return rows.flatMap((r) =>
    r.thumb_store_key ? [r.store_key, r.thumb_store_key] : [r.store_key],
  );
}

/** Deletes up to `limit` rows of files no message sent, stored before `before`; answers how many. */
export async function deleteUnsentBefore(db: Db, before: string, limit: number): Promise<number> {
  const ids = await db
    .selectFrom('chat_files')
    .select('id')
    .where('message_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  await db
    .deleteFrom('chat_files')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('message_id', 'is', null)
    .execute();
  return ids.length;
}
