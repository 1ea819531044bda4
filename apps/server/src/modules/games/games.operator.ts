// Provider transfers being confirmed, for the operator console (issue 13, decision 0090): the
// transfers whose outcome the reconcile kernel still holds open (PENDING), or the recently
// settled ones, and "ask the provider again", which makes an open transfer due now for the
// game-transfer flow (games.flow.ts). That flow asks the provider about our reference first
// and re-sends the same reference only when the provider never saw it, so asking again can
// never move money twice.
import type { OperatorTransfer } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { GameTransferRow } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { isoNow } from '../../lib/clock';
import { expedite } from '../../reconcile';
import { memberIdByNoOrPhone, memberSummaries } from '../account';

export interface TransferQuery {
  state: 'open' | 'settled';
  member?: string;
  provider?: string;
  page: number;
  pageSize: number;
}

async function view(db: Db, rows: GameTransferRow[]): Promise<OperatorTransfer[]> {
  const members = await memberSummaries(
    db,
    rows.map((r) => r.member_id),
  );
  return rows.map((r) => ({
    ref: r.ref,
    member: members.get(r.member_id) ?? { memberNo: '', name: '', phone: '' },
    provider: r.provider_code,
    direction: r.direction,
    amount: satangToBaht(Number(r.amount)),
    status: r.status,
    createdAt: r.created_at,
    attempts: Number(r.attempts),
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    settledAt: r.settled_at,
  }));
}

/** Open transfers oldest first (the longest waiting on top); settled ones newest first. */
export async function listTransfers(
  deps: Pick<AppDeps, 'db'>,
  query: TransferQuery,
): Promise<{ rows: OperatorTransfer[]; total: number; page: number }> {
  let memberId: number | undefined;
  if (query.member) {
    memberId = await memberIdByNoOrPhone(deps.db, query.member);
    if (memberId === undefined) return { rows: [], total: 0, page: query.page };
  }
  let base = deps.db.selectFrom('game_transfers');
  base =
    query.state === 'open'
      ? base.where('status', '=', 'PENDING')
      : base.where('status', 'in', ['POSTED', 'VOIDED']);
  if (memberId !== undefined) base = base.where('member_id', '=', memberId);
  if (query.provider) base = base.where('provider_code', '=', query.provider.toUpperCase());
  const { rows, total } = await pageOf(
    base,
    (q) =>
      query.state === 'open'
        ? q.selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc')
        : q.selectAll().orderBy('settled_at', 'desc').orderBy('id', 'desc'),
    query,
  );
  return { rows: await view(deps.db, rows), total, page: query.page };
}

const findByRef = (db: Db, ref: string) =>
  db.selectFrom('game_transfers').selectAll().where('ref', '=', ref).executeTakeFirst();

/**
 * "Ask the provider again": an open (PENDING) transfer becomes due now for the reconciler.
 * Idempotent: asking twice leaves it due now. A settled transfer is 409 NO_DATA (nothing left
 * to ask), an unknown reference 404 NO_DATA.
 */
export async function askAgain(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ref: string,
): Promise<{ before: OperatorTransfer; after: OperatorTransfer }> {
  const row = await findByRef(deps.db, ref);
  if (!row) throw new DomainError('NO_DATA', 404);
  if (row.status !== 'PENDING') throw new DomainError('NO_DATA', 409);
  const [before] = await view(deps.db, [row]);
  const open = await expedite(deps.db, 'game_transfers', row.id, isoNow(deps.clock));
  if (!open) throw new DomainError('NO_DATA', 409);
  const [after] = await view(deps.db, [(await findByRef(deps.db, ref))!]);
  return { before: before!, after: after! };
}
