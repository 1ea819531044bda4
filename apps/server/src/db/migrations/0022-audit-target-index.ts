// Issue 13, settings (decision 0093): the last change of a thing is the newest audit row
// naming it (`setting:notice`, `member:100012`). An index on (target, id) makes that one
// index seek instead of a scan of the whole append-only log.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

export function auditTargetIndex(): Migration {
  return {
    async up(db: AnyDb) {
      await sql.raw(`create index audit_log_target_idx on audit_log (target, id)`).execute(db);
    },
  };
}
