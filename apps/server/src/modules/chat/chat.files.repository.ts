// chat_files (migration 0023): one row per stored attachment (decision 0099).
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lockKey, withTransaction } from '../../db/transaction';
import type { ChatFilesTable } from '../../db/schema';

export async function insertFile(db: Db, row: Insertable<ChatFilesTable>): Promise<void> {
  await db.insertInto('chat_files').values(row).execute();
}

/** Bytes of every stored chat file and thumbnail (the store's size as its rows name it). */
export async function storedBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('chat_files')
    .select((eb) =>
      eb.fn
        .sum<number | string | bigint | null>(
          eb('bytes', '+', eb.fn.coalesce('thumb_bytes', sql<number>`0`)),
        )
        .as('total'),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Records a file when the store stays within `capBytes` with it (its bytes and its
 * thumbnail's); answers false, recording nothing, when it would not. Uploads are serialised
 * on one lock here, so two cannot both take the last room.
 */
export function insertFileWithin(
  db: Db,
  row: Insertable<ChatFilesTable>,
  capBytes: number,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    if (Number.isFinite(capBytes)) {
      await lockKey(trx, 'chat:store');
      const size = row.bytes + (row.thumb_bytes ?? 0);
      if ((await storedBytes(trx)) + size > capBytes) return false;
    }
    await insertFile(trx, row);
    return true;
  });
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
