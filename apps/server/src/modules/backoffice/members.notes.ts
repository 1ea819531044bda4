// Operators' notes on a member (decision 0088): the backoffice module owns member_notes,
// an append-only table (migration 0018).
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { memberIdOf } from './members.read';

export async function addMemberNote(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: { operatorId: number; username: string },
  memberNo: string,
  text: string,
): Promise<{ id: number; at: string; operator: string; text: string }> {
  const memberId = await memberIdOf(deps.db, memberNo);
  const at = isoNow(deps.clock);
  const row = await deps.db
    .insertInto('member_notes')
    .values({ member_id: memberId, operator_id: operator.operatorId, text, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, at, operator: operator.username, text };
}
