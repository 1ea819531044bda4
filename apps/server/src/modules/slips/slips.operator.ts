// The console's slips (issue 13, docs/decisions/0091-console-deposits-and-slip-review.md):
// the list by state with the rules' findings and a short-lived signed image link for the
// operator, and the decision on a slip the rules held for review (decision 0044):
// - approve credits it once, through the same credit path as the rules (creditDeposit:
//   ledger keys `slip:<ref>:credit` and `slip:<bank>:<transRef>`, UNIQUE slips.credit_ref),
//   with the amount read or a lower one the operator names with a reason;
// - reject fails it with a reason code and a note the member sees.
// Both lock the slip and decide only a slip still held: of two operators deciding one slip
// at once, one decides and the other gets 409 NO_DATA.
import type { OperatorSlipRow, SlipReasonCode } from '@wallet/contract';
import { bahtToSatang, satangToBaht, slipReasonCodes } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import type { PageWindow } from '../../db/paging';
import type { SlipRow } from '../../db/schema';
import { lockRows, withTransaction } from '../../db/transaction';
import { bangkokDayStart } from '../../lib/bangkok-day';
import { isoNow } from '../../lib/clock';
import type { AccountTrust } from '../account';
import { findMemberForMoney, recordAccountTrust, trustOfCurrentAccounts } from '../account';
import { creditDeposit } from '../deposits';
import { DuplicatePostingError } from '../ledger';
import { SlipDecidedError, SlipError } from './slips.errors';
import { OPERATOR_LINK_TTL_S, signedSlipLink } from './slips.links';
import * as repo from './slips.repository';
import { otherPossibleSenders } from './slips.owners';
import { maskedAccountMatches } from './slips.rules';
import {
  REVIEW_ACCOUNT_CHANGED_NOTE,
  REVIEW_NEW_ACCOUNT_NOTE,
  REVIEW_NOTE,
  REVIEW_OTHER_MEMBERS_NOTE,
} from './slips.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The member's slips as stored, newest first: the list the member sees, for the console's
 * member page (its slips and deposits tabs, decision 0088). A page size of 0 counts them.
 */
export function slipsOfMember(
  db: Db,
  memberId: number,
  window: PageWindow,
): Promise<{ total: number; rows: SlipRow[] }> {
  return repo.pageOfMember(db, memberId, window);
}

const reasonCodes: ReadonlySet<string> = new Set(slipReasonCodes);

/** Held for an operator (decision 0044): processing, no next attempt, a REVIEW note. */
export function isHeld(row: SlipRow): boolean {
  return (
    row.status === 'processing' &&
    row.next_attempt_at === null &&
    (row.last_error ?? '').startsWith(repo.REVIEW_PREFIX)
  );
}

function stateOf(row: SlipRow): OperatorSlipRow['state'] {
  if (row.status !== 'processing') return row.status;
  return isHeld(row) ? 'review' : 'processing';
}

function reviewCauseOf(row: SlipRow): OperatorSlipRow['reviewCause'] {
  if (row.last_error === REVIEW_NOTE) return 'NAME_PARTIAL';
  if (row.last_error === REVIEW_ACCOUNT_CHANGED_NOTE) return 'ACCOUNT_CHANGED';
  if (row.last_error === REVIEW_NEW_ACCOUNT_NOTE) return 'NEW_ACCOUNT';
  if (row.last_error === REVIEW_OTHER_MEMBERS_NOTE) return 'OTHER_MEMBERS_MATCH';
  return null;
}

function imageLink(deps: Deps, operator: OperatorAuth, ref: string): string {
  const { linkSecret, linkTtlSeconds } = deps.config.slips;
  return signedSlipLink(
    linkSecret,
    ref,
    deps.clock.now(),
    Math.min(OPERATOR_LINK_TTL_S, linkTtlSeconds),
    `operator:${operator.operatorId}`,
  );
}

/** What the console shows of a slip beside its row: the member's trust, the other senders. */
interface SlipContext {
  purged: boolean;
  trust: AccountTrust | undefined;
  otherMatches: OperatorSlipRow['otherMatches'];
}

function viewOf(
  deps: Deps,
  operator: OperatorAuth,
  row: repo.OperatorSlipRecord,
  context: SlipContext,
): OperatorSlipRow {
  const party = (bank: string | null, account: string | null, name: string | null) =>
    bank !== null && account !== null ? { bankCode: bank, accountNo: account, name } : null;
  return {
    reference: row.ref,
    memberNo: row.member_no,
    memberName: row.member_name,
    state: stateOf(row),
    amount: satangToBaht(Number(row.amount)),
    creditedAmount: row.credited_amount === null ? null : satangToBaht(Number(row.credited_amount)),
    sendingBank: row.sending_bank,
    transRef: row.trans_ref,
    transferredAt: row.transferred_at,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    reason:
      row.reason !== null && reasonCodes.has(row.reason) ? (row.reason as SlipReasonCode) : null,
    reviewCause: reviewCauseOf(row),
    sender: party(row.sender_bank, row.sender_account, row.sender_name),
    receiver: party(row.receiver_bank, row.receiver_account, null),
    registered: {
      bankCode: row.member_bank_code,
      accountNo: row.member_bank_account_no,
      name: row.member_bank_account_name,
    },
    memberRegisteredAt: row.member_registered_at,
    memberTrust: context.trust ? { cause: context.trust.cause, at: context.trust.at } : null,
    otherMatches: context.otherMatches,
    decidedBy: row.decided_by_username,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    image: context.purged ? null : imageLink(deps, operator, row.ref),
  };
}

/**
 * For each slip in review: the other members whose registered account could have sent it,
 * with their trust and their own upload of the same transfer (decision 0124).
 */
async function otherMatchesOf(
  db: Deps['db'],
  rows: readonly repo.OperatorSlipRecord[],
): Promise<Map<number, OperatorSlipRow['otherMatches']>> {
  const out = new Map<number, OperatorSlipRow['otherMatches']>();
  for (const row of rows) {
    if (!isHeld(row) || row.sender_bank === null || row.sender_account === null) continue;
    const others = await otherPossibleSenders(db, row.member_id, {
      bankCode: row.sender_bank,
      accountNo: row.sender_account,
      name: row.sender_name ?? '',
    });
    if (others.length === 0) continue;
    const ids = others.map((o) => o.id);
    const trust = await trustOfCurrentAccounts(db, ids);
    const theirSlips =
      row.sending_bank !== null && row.trans_ref !== null
        ? await repo.slipsOfTransfer(
            db,
            { sendingBank: row.sending_bank, transRef: row.trans_ref },
            ids,
          )
        : [];
    // Oldest first, so the newest of each member is the one kept.
    const slipOf = new Map(theirSlips.map((s) => [s.member_id, s]));
    out.set(
      row.id,
      others.map((other) => {
        const slip = slipOf.get(other.id);
        return {
          memberNo: other.memberNo,
          memberName: other.name,
          registered: {
            bankCode: other.bankCode,
            accountNo: other.bankAccountNo,
            name: other.bankAccountName,
          },
          registeredAt: other.registeredAt,
          trusted: trust.has(other.id),
          slip: slip ? { reference: slip.ref, state: stateOf(slip) } : null,
        };
      }),
    );
  }
  return out;
}

/** The context of each row (decision 0124): purged image, the member's trust, the others. */
async function contextsOf(
  db: Deps['db'],
  rows: readonly repo.OperatorSlipRecord[],
): Promise<(row: repo.OperatorSlipRecord) => SlipContext> {
  const [purged, trust, others] = [
    await repo.purgedIds(
      db,
      rows.map((r) => r.id),
    ),
    await trustOfCurrentAccounts(
      db,
      rows.map((r) => r.member_id),
    ),
    await otherMatchesOf(db, rows),
  ];
  return (row) => ({
    purged: purged.has(row.id),
    trust: trust.get(row.member_id),
    otherMatches: others.get(row.id) ?? [],
  });
}

export interface SlipListQuery {
  page: number;
  pageSize: number;
  state?: OperatorSlipRow['state'];
  member?: string;
  from?: string;
  to?: string;
}

/** GET /api/operator/deposits/slips: the review queue unless another state is asked for. */
export async function listSlipsForOperator(
  deps: Deps,
  operator: OperatorAuth,
  query: SlipListQuery,
): Promise<{ rows: OperatorSlipRow[]; total: number; page: number }> {
  const { total, rows } = await repo.pageForOperator(
    deps.db,
    {
      state: query.state ?? 'review',
      ...(query.member ? { member: query.member } : {}),
      ...(query.from ? { fromAt: bangkokDayStart(query.from) } : {}),
      ...(query.to ? { toAt: bangkokDayStart(query.to, 1) } : {}),
    },
    query,
  );
  const context = await contextsOf(deps.db, rows);
  return {
    rows: rows.map((row) => viewOf(deps, operator, row, context(row))),
    total,
    page: query.page,
  };
}

async function viewByRef(deps: Deps, operator: OperatorAuth, ref: string) {
  const row = await repo.findForOperator(deps.db, ref);
  if (!row) throw new SlipError('NO_DATA');
  const context = await contextsOf(deps.db, [row]);
  return viewOf(deps, operator, row, context(row));
}

/** What a decision changed, for the audit row. */
export interface SlipDecision {
  view: OperatorSlipRow;
  before: { state: 'review'; amount: number; member: string };
  after: Record<string, unknown>;
}

/** Locks the slip and answers it when it is still held; 404 / 409 NO_DATA otherwise. */
async function lockHeld(trx: AppDeps['db'], ref: string): Promise<SlipRow> {
  const found = await repo.findByRef(trx, ref);
  if (!found) throw new SlipError('NO_DATA');
  await lockRows(trx, 'slips', 'id', [found.id]);
  const row = await repo.findById(trx, found.id);
  if (!row || !isHeld(row)) throw new SlipDecidedError();
  return row;
}

/**
 * Credits a held slip: the amount read, or `amountBaht` (lower, with `reason`). When the
 * same bank transfer was credited on another slip meanwhile, the slip fails as
 * SLIP_REFNO_DUPLICATED instead (as the rules would have) and nothing is credited.
 */
export async function approveSlip(
  deps: Deps,
  operator: OperatorAuth,
  ref: string,
  input: { amount?: number | undefined; reason?: string | undefined },
): Promise<SlipDecision> {
  const outcome = await withTransaction(deps.db, async (trx) => {
    const row = await lockHeld(trx, ref);
    const read = Number(row.amount);
    const wanted = input.amount === undefined ? read : bahtToSatang(input.amount);
    if (wanted > read || wanted <= 0) throw new SlipError('KEY_INVALID');
    const corrected = wanted !== read;
    if (corrected && !input.reason) throw new SlipError('KEY_MISSING');
    const member = await findMemberForMoney(trx, { id: row.member_id });
    if (!member) throw new Error(`member ${row.member_id} of slip ${row.ref} vanished`);
    const now = isoNow(deps.clock);
    const decided = {
      decided_by: operator.operatorId,
      decided_at: now,
      decision_note: input.reason ?? null,
      updated_at: now,
      settled_at: now,
    };
    const creditRef = `${row.sending_bank}:${row.trans_ref}`;
    let creditTxId: number;
    try {
      creditTxId = await creditDeposit(trx, deps.clock, {
        event: 'slip_deposit',
        actor: `operator:${operator.operatorId}`,
        memberId: member.id,
        currency: member.currency,
        amount: wanted,
        reference: row.ref,
        from: row.sender_bank ?? row.sending_bank ?? 'BANK',
        idempotencyKey: `slip:${row.ref}:credit`,
        externalRef: `slip:${creditRef}`,
      });
    } catch (error) {
      if (!(error instanceof DuplicatePostingError && error.field === 'external_ref')) throw error;
      await repo.updateProcessing(trx, row.id, {
        ...decided,
        status: 'failed',
        reason: 'SLIP_REFNO_DUPLICATED',
      });
      return { row, member, credited: 0 };
    }
    await repo.updateProcessing(trx, row.id, {
      ...decided,
      status: 'success',
      credit_ref: creditRef,
      credit_tx_id: creditTxId,
      credited_amount: corrected ? wanted : null,
    });
    // The operator judged this member the sender: their account is trusted from now on
    // (decision 0124), when the slip's sender still fits the account registered now.
    if (
      row.sender_bank === member.bankCode &&
      row.sender_account !== null &&
      maskedAccountMatches(row.sender_account, member.bankAccountNo)
    )
      await recordAccountTrust(trx, deps.clock, {
        memberId: member.id,
        cause: 'slip_approved',
        reference: row.ref,
        operatorId: operator.operatorId,
      });
    return { row, member, credited: wanted };
  });
  const view = await viewByRef(deps, operator, ref);
  return {
    view,
    before: {
      state: 'review',
      amount: satangToBaht(Number(outcome.row.amount)),
      member: outcome.member.memberNo,
    },
    after: {
      state: view.state,
      credited: satangToBaht(outcome.credited),
      ...(view.reason ? { reason: view.reason } : {}),
      ...(input.reason ? { note: input.reason } : {}),
    },
  };
}

/** Fails a held slip with a reason code and the operator's note (the member sees both). */
export async function rejectSlip(
  deps: Deps,
  operator: OperatorAuth,
  ref: string,
  input: { code: SlipReasonCode; note: string },
): Promise<SlipDecision> {
  const row = await withTransaction(deps.db, async (trx) => {
    const held = await lockHeld(trx, ref);
    const now = isoNow(deps.clock);
    await repo.updateProcessing(trx, held.id, {
      status: 'failed',
      reason: input.code,
      decided_by: operator.operatorId,
      decided_at: now,
      decision_note: input.note,
      updated_at: now,
      settled_at: now,
    });
    return held;
  });
  const view = await viewByRef(deps, operator, ref);
  return {
    view,
    before: { state: 'review', amount: satangToBaht(Number(row.amount)), member: view.memberNo },
    after: { state: view.state, reason: input.code, note: input.note },
  };
}
