// Changes that weaken a control need a second admin wherever two active admins exist
// (decision 0117): raising the four-eyes threshold, giving an active account money powers
// (the cashier or admin role: a new account, a role change, a reactivation), removing an
// active admin, and resetting another operator's authenticator. With two active admins the
// change becomes a request in control_change_requests, decided through the approval kernel
// by another admin; with one, it applies at once (nobody could approve it), audited as
// always. The last active admin is never removed.
import type { ControlChangeRequest, OperatorRole } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import { decideRequest, notYours, pendingColumns, unknownRequest } from '../../approvals';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { ApprovalStatus, ControlChangeKind, OperatorStatus } from '../../db/schema';
import { revokeOperatorSessions } from '../auth';
import { getSetting, setSetting } from '../settings';
import * as repo from './operator.accounts.repository';

/** What a control request sets (change_json). Satang for the threshold. */
export type ControlChange =
  | { kind: 'threshold'; threshold: number; thresholdBefore: number }
  | { kind: 'operator_access'; operatorId: number; role?: OperatorRole; status?: OperatorStatus }
  | { kind: 'totp_reset'; operatorId: number };

/** Roles that move money or manage who may (decision 0117). */
const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'cashier'];

export async function activeAdminCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a weakening change waits for a second admin: two active admins exist. */
export async function needsSecondAdmin(db: Db): Promise<boolean> {
  return (await activeAdminCount(db)) >= 2;
}

interface Access {
  role: OperatorRole;
  status: OperatorStatus;
}

const isActiveAdmin = (a: Access) => a.role === 'admin' && a.status === 'active';

/**
 * Whether going from `before` (none: a new account) to `after` weakens a control: an active
 * account gains a money role it did not hold while active, or an active admin stops being one.
 */
export function weakensAccess(before: Access | undefined, after: Access): boolean {
  const grants =
    after.status === 'active' &&
    MONEY_ROLES.includes(after.role) &&
    !(before && before.status === 'active' && before.role === after.role);
  const removesAdmin = before !== undefined && isActiveAdmin(before) && !isActiveAdmin(after);
  return grants || removesAdmin;
}

export async function requestControlChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  change: ControlChange,
): Promise<number> {
  const { kind, ...rest } = change;
  const operatorId = 'operatorId' in rest ? rest.operatorId : null;
  const payload = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'operatorId'));
  const inserted = await deps.db
    .insertInto('control_change_requests')
    .values({
      kind,
      operator_id: operatorId,
      change_json: JSON.stringify(payload),
      ...pendingColumns(operator.operatorId, deps.clock),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

type ControlRow = {
  kind: ControlChangeKind;
  operator_id: number | null;
  change_json: string;
};

function changeOf(row: ControlRow): ControlChange {
  const payload = JSON.parse(row.change_json) as Record<string, unknown>;
  if (row.kind === 'threshold')
    return {
      kind: 'threshold',
      threshold: Number(payload.threshold),
      thresholdBefore: Number(payload.thresholdBefore),
    };
  if (row.kind === 'totp_reset') return { kind: 'totp_reset', operatorId: row.operator_id! };
  return {
    kind: 'operator_access',
    operatorId: row.operator_id!,
    ...(payload.role !== undefined ? { role: payload.role as OperatorRole } : {}),
    ...(payload.status !== undefined ? { status: payload.status as OperatorStatus } : {}),
  };
}

/**
 * Applies a control change in `db` (the approval's transaction, or at once when one admin
 * exists). Answers how many sessions it ended. Refuses (403 UNAUTHORIZED) a change that
 * would leave no active admin.
 */
export async function applyControlChange(
  deps: Pick<AppDeps, 'clock'> & { db: Db },
  change: ControlChange,
): Promise<number> {
  if (change.kind === 'threshold') {
    await setSetting(deps.db, deps.clock, 'adjustmentApprovalThreshold', change.threshold);
    return 0;
  }
  const target = await repo.findOperatorRow(deps.db, change.operatorId);
  if (!target) throw unknownRequest();
  if (change.kind === 'totp_reset') {
    await repo.updateOperatorRow(deps.db, change.operatorId, {
      totp_secret: null,
      totp_last_step: null,
    });
    return revokeOperatorSessions(deps, change.operatorId);
  }
  const after = { role: change.role ?? target.role, status: change.status ?? target.status };
  if (isActiveAdmin(target) && !isActiveAdmin(after) && (await activeAdminCount(deps.db)) <= 1)
    throw notYours();
  await repo.updateOperatorRow(deps.db, change.operatorId, {
    ...(change.role !== undefined ? { role: change.role } : {}),
    ...(change.status !== undefined ? { status: change.status } : {}),
  });
  return after.status === 'inactive' && target.status === 'active'
    ? revokeOperatorSessions(deps, change.operatorId)
    : 0;
}

export async function approveControlRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
): Promise<{ request: ControlChangeRequest; revoked: number }> {
  const decided = await decideRequest(deps, 'control_change_requests', id, operator, {
    kind: 'approve',
    apply: async (trx, row) => ({
      result: await applyControlChange({ db: trx, clock: deps.clock }, changeOf(row)),
    }),
  });
  return { request: await controlRequest(deps.db, id), revoked: decided.result ?? 0 };
}

export async function rejectControlRequest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: number,
  reason: string,
): Promise<ControlChangeRequest> {
  await decideRequest(deps, 'control_change_requests', id, operator, { kind: 'reject', reason });
  return controlRequest(deps.db, id);
}

const requests = (db: Db) => db.selectFrom('control_change_requests as r');

function withColumns(query: ReturnType<typeof requests>) {
  return query
    .leftJoin('operators as t', 't.id', 'r.operator_id')
    .innerJoin('operators as q', 'q.id', 'r.requested_by')
    .leftJoin('operators as d', 'd.id', 'r.decided_by')
    .select([
      'r.id',
      'r.kind',
      'r.operator_id',
      'r.change_json',
      'r.status',
      't.username as target_username',
      't.display_name as target_display_name',
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

function toRequest(row: Row): ControlChangeRequest {
  const change = changeOf(row);
  return {
    id: row.id,
    kind: row.kind,
    operator: ref(row.operator_id, row.target_username, row.target_display_name),
    change:
      change.kind === 'threshold'
        ? {
            threshold: satangToBaht(change.threshold),
            thresholdBefore: satangToBaht(change.thresholdBefore),
          }
        : change.kind === 'operator_access'
          ? {
              ...(change.role ? { role: change.role } : {}),
              ...(change.status ? { status: change.status } : {}),
            }
          : {},
    status: row.status,
    requestedBy: ref(row.requester_id, row.requester_username, row.requester_display_name)!,
    requestedAt: row.requested_at,
    decidedBy: ref(row.decider_id, row.decider_username, row.decider_display_name),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
  };
}

export async function controlRequest(db: Db, id: number): Promise<ControlChangeRequest> {
  const row = await listQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw unknownRequest();
  return toRequest(row);
}

/** Pending first (oldest waiting longest at the top), then decided ones newest first. */
export async function listControlRequests(
  deps: Pick<AppDeps, 'db'>,
  query: { status: ApprovalStatus | 'all'; page: number; pageSize: number },
): Promise<{ rows: ControlChangeRequest[]; total: number; page: number }> {
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
 * The four-eyes threshold (satang) set by an admin: lowering it (or setting the same) takes
 * effect at once; raising it waits for a second admin when two active admins exist.
 */
export async function setThresholdChecked(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  satang: number,
): Promise<{ before: number; requestId: number | null }> {
  const before = await getSetting(deps.db, 'adjustmentApprovalThreshold');
  if (satang > before && (await needsSecondAdmin(deps.db))) {
    const requestId = await requestControlChange(deps, operator, {
      kind: 'threshold',
      threshold: satang,
      thresholdBefore: before,
    });
    return { before, requestId };
  }
  await setSetting(deps.db, deps.clock, 'adjustmentApprovalThreshold', satang);
  return { before, requestId: null };
}
