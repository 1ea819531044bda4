// How every four-eyes request list reads (decision 0116): who asked and who decided, by name,
// and one order. Each module's list query aliases its request table `r` and joins the
// operators who asked (`q`) and decided (`d`); it selects `trailColumns` beside its own.
import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';

/** The kernel's columns as a list shows them (with the operators `q` and `d` joined). */
export const trailColumns = [
  'q.id as requester_id',
  'q.username as requester_username',
  'q.display_name as requester_display_name',
  'r.requested_at',
  'd.id as decider_id',
  'd.username as decider_username',
  'd.display_name as decider_display_name',
  'r.decided_at',
  'r.decision_reason',
] as const;

export interface TrailRow {
  requester_id: number;
  requester_username: string;
  requester_display_name: string;
  requested_at: string;
  decider_id: number | null;
  decider_username: string | null;
  decider_display_name: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

/** An operator as a list names them (the display name, else the user name). */
export const operatorRef = (
  id: number | null,
  username: string | null,
  displayName: string | null,
) =>
  id === null || username === null ? null : { id, username, displayName: displayName || username };

/** The answer's trail fields (every request type of the contract has them). */
export function trailOf(row: TrailRow) {
  return {
    requestedBy: operatorRef(row.requester_id, row.requester_username, row.requester_display_name)!,
    requestedAt: row.requested_at,
    decidedBy: operatorRef(row.decider_id, row.decider_username, row.decider_display_name),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
  };
}

/** Pending first (oldest waiting longest at the top), then decided ones newest first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any request table aliased `r`
export function pendingFirst<Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q {
  return query
    .orderBy(sql`case when r.status = 'pending' then 0 else 1 end`)
    .orderBy(sql`case when r.status = 'pending' then r.requested_at end`)
    .orderBy(sql`r.requested_at`, 'desc')
    .orderBy(sql`r.id`, 'desc') as Q;
}
