// An operator's change of a member's payout account is a four-eyes request (decision 0116):
// the operator asks (the usual bank rules are checked then), a second operator (cashier or
// admin, never the requester) approves through the approval kernel, and only then does the
// account change, with its member_bank_changes row naming both. The rules are checked again
// at approval (the number may have been registered since), and a request whose "from"
// account is no longer the member's (another change was approved first) is refused 409
// NO_DATA: it would overwrite an account its approver never saw.
import type { BankChangeRequest } from '@wallet/contract';
import { alreadyDecided, decideRequest, pendingColumns, unknownRequest } from '../../approvals';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { ApprovalStatus } from '../../db/schema';
import { isUniqueViolation, lockRows } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { AccountError } from './account.errors';
import * as repo from './account.repository';
import { checkBankAccount, type PayoutAccount } from './account.service';

export interface BankChangeInput {
  memberNo: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  reason: string;
}

/** Records the request; the member's account is unchanged until a second operator approves. */
export async function requestMemberBankChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  input: BankChangeInput,
): Promise<{ requestId: number; from: PayoutAccount; to: PayoutAccount }> {
  const member = await repo.findMemberByNo(deps.db, input.memberNo);
  if (!member) throw new AccountError('NO_USER');
  const current = await repo.findMemberById(deps.db, member.id);
  if (!current) throw new AccountError('NO_USER');
  const accountName = await checkBankAccount(deps.db, input, member.id);
  const inserted = await deps.db
    .insertInto('member_bank_change_requests')
    .values({
      member_id: member.id,
      old_bank_code: current.bank_code,
      old_bank_account_no: current.bank_account_no,
      old_bank_account_name: current.bank_account_name,
      new_bank_code: input.bankCode,
      new_bank_account_no: input.bankAccountNo,
      new_bank_account_name: accountName,
      reason: input.reason.trim(),
      ...pendingColumns(operator.operatorId, deps.clock),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    requestId: inserted.id,
    from: {
      bankCode: current.bank_code,
      bankAccountNo: current.bank_account_no,
      bankAccountName: current.bank_account_name,
    },
    to: {
      bankCode: input.bankCode,
      bankAccountNo: input.bankAccountNo,
      bankAccountName: accountName,
    },
  };
}

export async function approveMemberBankChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
): Promise<BankChangeRequest> {
  const pending = await deps.db
    .selectFrom('member_bank_change_requests')
    .select(['member_id', 'new_bank_code', 'new_bank_account_name', 'new_bank_account_no'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!pending) throw unknownRequest();
  // The rules again, outside the transaction (they read settings and other members).
  await checkBankAccount(
    deps.db,
    {
      bankCode: pending.new_bank_code,
      bankAccountName: pending.new_bank_account_name,
      bankAccountNo: pending.new_bank_account_no,
    },
    pending.member_id,
  );
  try {
    await decideRequest(deps, 'member_bank_change_requests', id, operator, {
      kind: 'approve',
      apply: async (trx, request) => {
        await lockRows(trx, 'members', 'id', [request.member_id]);
        const member = await repo.findMemberById(trx, request.member_id);
        if (!member) throw new AccountError('NO_USER');
        if (
          member.bank_code !== request.old_bank_code ||
          member.bank_account_no !== request.old_bank_account_no ||
          member.bank_account_name !== request.old_bank_account_name
        )
          throw alreadyDecided();
        await repo.updateMember(trx, request.member_id, {
          bank_code: request.new_bank_code,
          bank_account_name: request.new_bank_account_name,
          bank_account_no: request.new_bank_account_no,
        });
        await repo.insertBankChange(trx, {
          member_id: request.member_id,
          old_bank_code: request.old_bank_code,
          old_bank_account_no: request.old_bank_account_no,
          old_bank_account_name: request.old_bank_account_name,
          new_bank_code: request.new_bank_code,
          new_bank_account_no: request.new_bank_account_no,
          new_bank_account_name: request.new_bank_account_name,
          changed_by: request.requested_by,
          approved_by: operator.operatorId,
          reason: request.reason,
          created_at: isoNow(deps.clock),
        });
        return { result: undefined };
      },
    });
  } catch (error) {
    if (isUniqueViolation(error, 'members', 'bank_account_no'))
      throw new AccountError('EXISTING_BANK');
    throw error;
  }
  return bankChangeRequest(deps.db, id);
}

export async function rejectMemberBankChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
  reason: string,
): Promise<BankChangeRequest> {
  await decideRequest(deps, 'member_bank_change_requests', id, operator, {
    kind: 'reject',
    reason,
  });
  return bankChangeRequest(deps.db, id);
}

const requests = (db: Db) => db.selectFrom('member_bank_change_requests as r');

function withColumns(query: ReturnType<typeof requests>) {
  return query
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .innerJoin('operators as q', 'q.id', 'r.requested_by')
    .leftJoin('operators as d', 'd.id', 'r.decided_by')
    .select([
      'r.id',
      'm.member_no',
      'm.name as member_name',
      'r.old_bank_code',
      'r.old_bank_account_no',
      'r.old_bank_account_name',
      'r.new_bank_code',
      'r.new_bank_account_no',
      'r.new_bank_account_name',
      'r.reason',
      'r.status',
      'q.id as requester_id',
      'q.username as requester_username',
      'q.display_name as requester_display_name',
      'r.requested_at',
      'd.id as decider_id',
      'd.username as decider_username',
      'd.display_name as decider_display_name',
      'r.decided_at',
      'r.decision_reason',
    ]);
}

const listQuery = (db: Db) => withColumns(requests(db));

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirst']>>>;

const ref = (id: number | null, username: string | null, displayName: string | null) =>
  id === null || username === null ? null : { id, username, displayName: displayName || username };

function toRequest(row: Row): BankChangeRequest {
  return {
    id: row.id,
    memberNo: row.member_no,
    memberName: row.member_name,
    from: {
      bankCode: row.old_bank_code,
      bankAccountNo: row.old_bank_account_no,
      bankAccountName: row.old_bank_account_name,
    },
    to: {
      bankCode: row.new_bank_code,
      bankAccountNo: row.new_bank_account_no,
      bankAccountName: row.new_bank_account_name,
    },
    reason: row.reason,
    status: row.status,
    requestedBy: ref(row.requester_id, row.requester_username, row.requester_display_name)!,
    requestedAt: row.requested_at,
    decidedBy: ref(row.decider_id, row.decider_username, row.decider_display_name),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
  };
}

export async function bankChangeRequest(db: Db, id: number): Promise<BankChangeRequest> {
  const row = await listQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw unknownRequest();
  return toRequest(row);
}

/** Pending first (oldest waiting longest at the top), then decided ones newest first. */
export async function listBankChangeRequests(
  deps: Pick<AppDeps, 'db'>,
  query: { status: ApprovalStatus | 'all'; page: number; pageSize: number },
): Promise<{ rows: BankChangeRequest[]; total: number; page: number }> {
  let base = requests(deps.db);
  if (query.status !== 'all') base = base.where('r.status', '=', query.status);
  const { rows, total } = await pageOf(
    base,
    (q) =>
      withColumns(q)
        .orderBy((eb) => eb.case().when('r.status', '=', 'pending').then(0).else(1).end())
        .orderBy((eb) =>
          eb
            .case()
            .when('r.status', '=', 'pending')
            .then(eb.ref('r.requested_at'))
            .else(null)
            .end(),
        )
        .orderBy('r.requested_at', 'desc')
        .orderBy('r.id', 'desc'),
    query,
  );
  return { rows: rows.map(toRequest), total, page: query.page };
}

/**
 * Who asked for the member's current payout account: the requester of its latest change
 * (decision 0116). That operator never approves the member's withdrawals. Undefined when no
 * operator ever changed it (the account the member registered).
 */
export async function payoutAccountRequestedBy(
  db: Db,
  memberId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('member_bank_changes')
    .select('changed_by')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.changed_by;
}
