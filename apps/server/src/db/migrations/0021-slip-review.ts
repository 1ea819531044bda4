// Issue 13, the console's slip review (docs/decisions/0091-console-deposits-and-slip-review.md):
// what the bank told us about a verified slip's sender and receiver (so an operator sees the
// rules' findings without asking the bank again), and the operator's decision on a slip held
// for review: who, when, their note (a refusal's note is shown to the member) and, when the
// operator credited less than the amount read, the amount credited. Slip rows stay fixed once
// settled (migration 0008): the decision is written by the same update that settles it.
import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped db
type AnyDb = Kysely<any>;

const statements = [
  `alter table slips add column sender_bank text`,
  `alter table slips add column sender_account text`,
  `alter table slips add column sender_name text`,
  `alter table slips add column receiver_bank text`,
  `alter table slips add column receiver_account text`,
  `alter table slips add column credited_amount integer
     constraint slips_credited_amount_check check (credited_amount is null or credited_amount > 0)`,
  `alter table slips add column decided_by integer references operators(id)`,
  `alter table slips add column decided_at text`,
  `alter table slips add column decision_note text`,
  // The review queue: processing slips out of the retry job's reach, oldest first.
  `create index slips_review_idx on slips (status, next_attempt_at, created_at)`,
];

export function slipReview(_dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
