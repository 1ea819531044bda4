// An operator ends one of a member's sessions (issue 13, decision 0088).
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';

/**
 * Revokes the session if it is the member's and still open; answers whether it did (false:
 * no such open session of this member, so an id of another member's session changes nothing).
 */
export async function revokeMemberSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
  sessionId: number,
): Promise<boolean> {
  const result = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: isoNow(deps.clock) })
    .where('id', '=', sessionId)
    .where('subject', '=', 'member')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
