// The members section's read model (issue 13, decision 0088): search, the member page and its
// tabs. Each tab is its owning module's list with the member's filter (issue 27): the ledger,
// statement, deposits (QR and gift links), slips, withdrawals, promotions (grants), auth
// (sessions) and account (payout-account history) modules serve them through their index;
// this file finds the member, shapes the answers and keeps the notes (its own table). Search
// and the profile still read the members, banks and sources tables here.
import type { ProviderCode, ResponseFor } from '@wallet/contract';
import type { api } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import { offsetOf, pageOf } from '../../db/paging';
import { bankChangesOfMember, countInvitees } from '../account';
import { memberOpenSessions } from '../auth';
import { giftLinksOfMember, qrDepositsOfMember } from '../deposits';
import { findProvider, gameAccounts } from '../games';
import { memberAccounts, memberEntries } from '../ledger';
import { grantsOfMember } from '../promotions';
import { slipsOfMember } from '../slips';
import { listStatement } from '../statement';
import { listQueue } from '../withdrawals';
import { MembersError } from './members.errors';

type Group = typeof api.operatorMembers;
type Answer<K extends keyof Group> = ResponseFor<Group[K]>;
type Row<K extends keyof Group> = Answer<K> extends { rows: (infer R)[] } ? R : never;

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (with `escape '\'`). */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${likeEscape(text)}%`;

/** The member behind a member number, or 404 NO_USER. */
export async function memberIdOf(db: Db, memberNo: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
  if (!row) throw new MembersError('NO_USER');
  return row.id;
}

/**
 * GET /api/operator/members: newest first. `q` matches a member whose member number is `q`
 * (exactly; that member comes first), whose phone (username) or name (any case) contains
 * it, or whose bank account number contains its digits (dashes and spaces ignored on both
 * sides; only when `q` has 4 digits or more, so a short number does not list half the
 * members by account).
 */
export async function searchMembers(
  db: Db,
  query: PageQuery & { q?: string | undefined },
): Promise<Answer<'search'>> {
  const q = query.q?.trim() ?? '';
  const digits = q.replace(/\D/g, '');
  let base = db.selectFrom('members');
  if (q) {
    const pattern = contains(q);
    const lowered = contains(q.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        eb(sql`members.username`, 'like', sql`${pattern} escape '\\'`),
        eb('members.member_no', '=', q),
        eb(sql`lower(members.name)`, 'like', sql`${lowered} escape '\\'`),
        ...(digits.length >= 4
          ? [
              eb(
                sql`replace(replace(members.bank_account_no, '-', ''), ' ', '')`,
                'like',
                sql`${contains(digits)} escape '\\'`,
              ),
            ]
          : []),
      ]),
    );
  }
  const { rows, total } = await pageOf(
    base,
    (list) =>
      list
        .leftJoin('ledger_accounts', (join) =>
          join
            .onRef('ledger_accounts.member_id', '=', 'members.id')
            .on('ledger_accounts.kind', '=', 'member_cash'),
        )
        .select([
          'members.member_no',
          'members.username',
          'members.name',
          'members.bank_code',
          'members.bank_account_no',
          'members.status',
          'members.created_at',
          'ledger_accounts.balance',
        ])
        .orderBy(sql`case when members.member_no = ${q} then 0 else 1 end`)
        .orderBy('members.created_at', 'desc')
        .orderBy('members.id', 'desc'),
    query,
  );
  return {
    total,
    page: query.page,
    rows: rows.map((r) => ({
      memberNo: r.member_no,
      phone: r.username,
      name: r.name,
      bankCode: r.bank_code,
      bankAccountNo: r.bank_account_no,
      status: r.status,
      createdAt: r.created_at,
      balance: satangToBaht(Number(r.balance ?? 0)),
    })),
  };
}

async function liveGameBalances(
  deps: Pick<AppDeps, 'db' | 'gameProvider'>,
  memberId: number,
): Promise<Answer<'member'>['games']> {
  const accounts = await gameAccounts(deps.db, memberId);
  // Asked together; a provider that fails or hangs (its adapter times out) is `unavailable`.
  const live = await Promise.allSettled(
    accounts.map((a) => deps.gameProvider.balance(a.provider_code as ProviderCode, a.username)),
  );
  return accounts.map((a, i) => {
    const result = live[i];
    const ok = result?.status === 'fulfilled';
    return {
      code: a.provider_code,
      name: findProvider(a.provider_code)?.name ?? a.provider_code,
      username: a.username,
      status: ok ? 'ok' : 'unavailable',
      balance: ok ? satangToBaht(result.value) : null,
      lastKnownBalance: satangToBaht(Number(a.last_balance)),
      lastKnownAt: a.last_balance_at,
    };
  });
}

/** GET /api/operator/members/:memberNo. */
export async function memberPage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'gameProvider'>,
  memberNo: string,
): Promise<Answer<'member'>> {
  const { db } = deps;
  const member = await db
    .selectFrom('members')
    .leftJoin('banks', 'banks.code', 'members.bank_code')
    .leftJoin('sources', 'sources.code', 'members.source_code')
    .leftJoin('members as inviter', 'inviter.id', 'members.invited_by')
    .select([
      'members.id',
      'members.member_no',
      'members.username',
      'members.name',
      'members.status',
      'members.created_at',
      'members.currency',
      'members.coin',
      'members.bank_code',
      'members.bank_account_name',
      'members.bank_account_no',
      'members.source_code',
      'banks.name_th',
      'banks.name_la',
      'banks.name_en',
      'sources.description_th',
      'sources.description_en',
      'inviter.member_no as inviter_no',
      'inviter.name as inviter_name',
    ])
    .where('members.member_no', '=', memberNo)
    .executeTakeFirst();
  if (!member) throw new MembersError('NO_USER');
  const id = member.id;
  // Each count is the total of the tab that lists the rows (a page of none asks only the count).
  const none = { page: 1, pageSize: 0 };
  const totalOf = (list: Promise<{ total: number }>) => list.then((l) => l.total);
  const [accounts, games, qr, gifts, slips, withdrawals, grants, sessions, notes, invitees] =
    await Promise.all([
      memberAccounts(db, id),
      liveGameBalances(deps, id),
      totalOf(qrDepositsOfMember(db, id, none)),
      totalOf(giftLinksOfMember(db, id, none)),
      totalOf(slipsOfMember(db, id, none)),
      totalOf(listQueue(deps, { memberId: id, ...none })),
      totalOf(grantsOfMember(db, id, none)),
      totalOf(memberOpenSessions(deps, id, none)),
      totalOf(notesOf(db, id, none)),
      countInvitees(db, id),
    ]);
  const cash = accounts.find((a) => a.kind === 'member_cash');
  const holds = accounts
    .filter((a) => a.kind === 'member_hold')
    .map((a) => ({ purpose: a.label.replace(/^hold:/, ''), amount: satangToBaht(a.balance) }));
  return {
    profile: {
      memberNo: member.member_no,
      phone: member.username,
      name: member.name,
      status: member.status,
      createdAt: member.created_at,
      currency: member.currency,
      coin: Number(member.coin),
      bank: {
        code: member.bank_code,
        name: {
          th: member.name_th ?? member.bank_code,
          la: member.name_la ?? member.bank_code,
          en: member.name_en ?? member.bank_code,
        },
        accountName: member.bank_account_name,
        accountNo: member.bank_account_no,
      },
      source: member.source_code
        ? {
            code: member.source_code,
            description: {
              th: member.description_th ?? member.source_code,
              en: member.description_en ?? member.source_code,
            },
          }
        : null,
      invitedBy:
        member.inviter_no !== null && member.inviter_name !== null
          ? { memberNo: member.inviter_no, name: member.inviter_name }
          : null,
    },
    wallet: {
      balance: satangToBaht(cash?.balance ?? 0),
      holds,
      heldTotal: satangToBaht(
        accounts.filter((a) => a.kind === 'member_hold').reduce((s, a) => s + a.balance, 0),
      ),
    },
    games,
    counts: {
      deposits: qr + gifts + slips,
      withdrawals,
      slips,
      bonuses: grants,
      activeSessions: sessions,
      notes,
      invitees,
    },
  };
}

/** GET .../ledger: every entry on the member's cash or holds, newest first (the ledger's). */
export async function memberLedger(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'ledger'>> {
  const memberId = await memberIdOf(db, memberNo);
  return { ...(await memberEntries(db, memberId, page)), page: page.page };
}

/** GET .../statement: the member's own statement rows (the statement module's list). */
export async function memberStatement(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'statement'>> {
  const memberId = await memberIdOf(db, memberNo);
  const { total, statements } = await listStatement(db, memberId, {
    page: page.page,
    limit: page.pageSize,
  });
  return { total, page: page.page, rows: statements };
}

type DepositRow = Row<'deposits'> & { id: number };

const byNewest = (a: DepositRow, b: DepositRow) =>
  a.createdAt !== b.createdAt
    ? a.createdAt < b.createdAt
      ? 1
      : -1
    : a.kind !== b.kind
      ? a.kind < b.kind
        ? -1
        : 1
      : b.id - a.id;

/**
 * GET .../deposits: QR deposits, slips and gift links in one list, newest first (by time, then
 * kind, then id). Each kind comes from its module's list, newest first; the first
 * `page × pageSize` rows of each are merged and the page cut from them.
 */
export async function memberDeposits(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'deposits'>> {
  const memberId = await memberIdOf(db, memberNo);
  const upTo = { page: 1, pageSize: offsetOf(page) + page.pageSize };
  const [qr, gifts, slips] = await Promise.all([
    qrDepositsOfMember(db, memberId, upTo),
    giftLinksOfMember(db, memberId, upTo),
    slipsOfMember(db, memberId, upTo),
  ]);
  const rows: DepositRow[] = [
    ...qr.rows.map((r) => ({
      kind: 'qr' as const,
      reference: r.ref,
      channel: r.gateway,
      amount: satangToBaht(Number(r.amount)),
      status: r.status,
      detail: r.last_error,
      createdAt: r.created_at,
      settledAt: r.paid_at,
      id: r.id,
    })),
    ...slips.rows.map((r) => ({
      kind: 'slip' as const,
      reference: r.ref,
      channel: r.sending_bank,
      amount: satangToBaht(Number(r.amount)),
      status: r.status,
      detail: r.reason ?? r.last_error,
      createdAt: r.created_at,
      settledAt: r.settled_at,
      id: r.id,
    })),
    ...gifts.rows.map((r) => ({
      kind: 'gift_link' as const,
      reference: r.ref,
      channel: null,
      amount: satangToBaht(Number(r.amount)),
      status: r.status,
      detail: r.last_error,
      createdAt: r.created_at,
      settledAt: r.credited_at,
      id: r.id,
    })),
  ].sort(byNewest);
  return {
    total: qr.total + slips.total + gifts.total,
    page: page.page,
    rows: rows
      .slice(offsetOf(page), offsetOf(page) + page.pageSize)
      .map(({ id: _id, ...row }) => row),
  };
}

/** GET .../withdrawals, newest first: the withdrawals module's queue for this member. */
export async function memberWithdrawals(
  deps: Pick<AppDeps, 'db'>,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'withdrawals'>> {
  const memberId = await memberIdOf(deps.db, memberNo);
  const { rows, total } = await listQueue(deps, { memberId, ...page });
  return {
    total,
    page: page.page,
    rows: rows.map((w) => ({
      reference: w.id,
      amount: w.amount,
      status: w.status,
      reviewReason: w.reviewReason,
      bankCode: w.bank.code,
      bankAccountNo: w.bank.accountNo,
      decidedBy: w.decidedBy,
      lastError: w.payout.lastError,
      createdAt: w.createdAt,
      settledAt: w.payout.settledAt,
    })),
  };
}

/** GET .../slips, newest first: the slips module's list of the member's slips. */
export async function memberSlips(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'slips'>> {
  const memberId = await memberIdOf(db, memberNo);
  const { rows, total } = await slipsOfMember(db, memberId, page);
  return {
    total,
    page: page.page,
    rows: rows.map((r) => ({
      reference: r.ref,
      status: r.status,
      reason: r.reason,
      amount: satangToBaht(Number(r.amount)),
      sendingBank: r.sending_bank,
      transRef: r.trans_ref,
      transferredAt: r.transferred_at,
      createdAt: r.created_at,
      settledAt: r.settled_at,
    })),
  };
}

/** GET .../bonuses: the member's promotion grants, newest first (the promotions module's). */
export async function memberBonuses(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'bonuses'>> {
  const memberId = await memberIdOf(db, memberNo);
  return { ...(await grantsOfMember(db, memberId, page)), page: page.page };
}

/** GET .../sessions: the member's open sessions, newest first (the auth module's). */
export async function memberSessions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'sessions'>> {
  const memberId = await memberIdOf(deps.db, memberNo);
  return { ...(await memberOpenSessions(deps, memberId, page)), page: page.page };
}

/** The member's notes (this module's table), newest first. */
async function notesOf(db: Db, memberId: number, page: PageQuery) {
  const { rows, total } = await pageOf(
    db.selectFrom('member_notes').where('member_notes.member_id', '=', memberId),
    (q) =>
      q
        .innerJoin('operators', 'operators.id', 'member_notes.operator_id')
        .select([
          'member_notes.id',
          'member_notes.created_at',
          'member_notes.text',
          'operators.username',
        ])
        .orderBy('member_notes.id', 'desc'),
    page,
  );
  return {
    total,
    rows: rows.map((r) => ({ id: r.id, at: r.created_at, operator: r.username, text: r.text })),
  };
}

/** GET .../notes, newest first. */
export async function memberNotes(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'notes'>> {
  const memberId = await memberIdOf(db, memberNo);
  return { ...(await notesOf(db, memberId, page)), page: page.page };
}

/** GET .../bank-changes: the account module's history of the payout account, newest first. */
export async function memberBankChanges(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'bankChanges'>> {
  const memberId = await memberIdOf(db, memberNo);
  return { ...(await bankChangesOfMember(db, memberId, page)), page: page.page };
}
