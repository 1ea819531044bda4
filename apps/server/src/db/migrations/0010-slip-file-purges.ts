// Issue 16 (docs/decisions/0045-failed-slip-retention-and-upload-cap.md): the stored image
// of a slip that failed is removed after a retention period. Slip rows never change once
// settled (migration 0008), so the removal is recorded beside them: one row per slip whose
// image was removed, which also keeps each hourly run from looking at the same slips again.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const table = (id: string) => `create table slip_file_purges (
   slip_id ${id} primary key references slips (id),
   purged_at text not null
 )`;

// A failed slip's settled time orders the purge.
const index = `create index slips_failed_settled_idx on slips (status, settled_at)`;

export function slipFilePurges(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await sql.raw(table(dialect === 'postgres' ? 'bigint' : 'integer')).execute(db);
      await sql.raw(index).execute(db);
    },
  };
}
