// A member's open sessions on the console's member page, and an operator ending one of them
// (issue 13, decision 0088).
import type { ResponseFor, api } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { PageWindow } from '../../db/paging';
import { pageOf } from '../../db/paging';
import { isoNow, MINUTE_MS } from '../../lib/clock';

export type MemberSessionRow = ResponseFor<typeof api.operatorMembers.sessions>['rows'][number];

/**
 * The member's open sessions (not revoked, expired or idle: the sign-in rule of decision
 * 0005), newest first. A page size of 0 counts them.
 */
export async function memberOpenSessions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  memberId: number,
  window: PageWindow,
): Promise<{ rows: MemberSessionRow[]; total: number }> {
  const now = deps.clock.now();
  const idleLimit = new Date(
    now.getTime() - deps.config.session.idleMinutes * MINUTE_MS,
  ).toISOString();
  const { rows, total } = await pageOf(
    deps.db
      .selectFrom('sessions')
      .where('subject', '=', 'member')
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .where('last_seen_at', '>', idleLimit),
    (q) => q.select(['id', 'created_at', 'last_seen_at', 'expires_at']).orderBy('id', 'desc'),
    window,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      expiresAt: r.expires_at,
    })),
  };
}

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
