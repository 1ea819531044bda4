// The members section's read model (issue 13, decision 0088): search, the member page and its
// tabs. It reads the tables of the account, auth, ledger, deposits, slips, withdrawals,
// promotions and games modules, never writes them (like the wallet read model, 0034); the
// statement and the game accounts come through those modules' index.
import type { ProviderCode, ResponseFor } from '@wallet/contract';
import type { api } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { ExpressionBuilder } from 'kysely';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import { countOf as countOfN, offsetOf } from '../../db/paging';
import type { Database } from '../../db/schema';
import { MINUTE_MS } from '../../lib/clock';
import { findProvider, gameAccounts } from '../games';
import { listStatement } from '../statement';
import { MembersError } from './members.errors';

type Group = typeof api.operatorMembers;
type Answer<K extends keyof Group> = ResponseFor<Group[K]>;
type Row<K extends keyof Group> = Answer<K> extends { rows: (infer R)[] } ? R : never;

export interface PageQuery {
  page: number;
  pageSize: number;
}

const countOf = (row: { n: number | string | bigint } | undefined) => countOfN(row?.n);

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
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
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
      .orderBy('members.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return {
    total: countOf(count),
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

/** The member's own ledger accounts (cash and holds), by id. */
async function memberAccounts(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'kind', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  const prefix = `member:${memberId}:`;
  return rows.map((r) => ({
    ...r,
    balance: Number(r.balance),
    label: r.code.startsWith(prefix) ? r.code.slice(prefix.length) : r.code,
  }));
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

/** Where the active-session condition of the auth module reads (decision 0005). */
function openSessionsOf(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, memberId: number) {
  const now = deps.clock.now();
  const idleLimit = new Date(
    now.getTime() - deps.config.session.idleMinutes * MINUTE_MS,
  ).toISOString();
  return deps.db
    .selectFrom('sessions')
    .where('subject', '=', 'member')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('last_seen_at', '>', idleLimit);
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
  const count = (query: { executeTakeFirst(): Promise<{ n: number } | undefined> }) =>
    query.executeTakeFirst().then(countOf);
  const n = (eb: ExpressionBuilder<Database, keyof Database>) => eb.fn.countAll<number>().as('n');
  const [accounts, games, qr, gifts, slips, withdrawals, grants, sessions, notes, invitees] =
    await Promise.all([
      memberAccounts(db, id),
      liveGameBalances(deps, id),
      count(db.selectFrom('qr_deposits').select(n).where('member_id', '=', id)),
      count(db.selectFrom('gift_redemptions').select(n).where('member_id', '=', id)),
      count(db.selectFrom('slips').select(n).where('member_id', '=', id)),
      count(db.selectFrom('withdrawals').select(n).where('member_id', '=', id)),
      count(db.selectFrom('promotion_grants').select(n).where('member_id', '=', id)),
      count(openSessionsOf(deps, id).select(n)),
      count(db.selectFrom('member_notes').select(n).where('member_id', '=', id)),
      count(db.selectFrom('members').select(n).where('invited_by', '=', id)),
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

/** GET .../ledger: every entry on the member's cash or holds, newest first. */
export async function memberLedger(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'ledger'>> {
  const memberId = await memberIdOf(db, memberNo);
  const accounts = await memberAccounts(db, memberId);
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { rows: [], total: 0, page: page.page };
  const base = db
    .selectFrom('ledger_entries as e')
    .where((eb) =>
      eb.or([eb('e.debit_account_id', 'in', ids), eb('e.credit_account_id', 'in', ids)]),
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('ledger_accounts as d', 'd.id', 'e.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 'e.credit_account_id')
      .select([
        'e.id',
        'e.transaction_id',
        'e.amount',
        'e.debit_account_id',
        'e.credit_account_id',
        'e.debit_balance_after',
        'e.credit_balance_after',
        't.event',
        't.actor',
        't.external_ref',
        't.memo',
        't.created_at',
        // A house, provider or world shard row under its account's code (decision 0101).
        (eb) => eb.fn.coalesce('d.shard_of', 'd.code').as('debit_code'),
        (eb) => eb.fn.coalesce('c.shard_of', 'c.code').as('credit_code'),
      ])
      .orderBy('e.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => {
      const debit = byId.get(r.debit_account_id);
      const credit = byId.get(r.credit_account_id);
      // Between two of the member's own accounts (a hold and its release), the cash side.
      const fromDebit =
        debit !== undefined && (credit === undefined || debit.kind === 'member_cash');
      const amount = Number(r.amount);
      return {
        entryId: r.id,
        transactionId: r.transaction_id,
        at: r.created_at,
        event: r.event,
        actor: r.actor,
        account: (fromDebit ? debit : credit)?.label ?? '',
        counterparty: fromDebit ? r.credit_code : r.debit_code,
        amount: satangToBaht(fromDebit ? -amount : amount),
        balanceAfter: satangToBaht(
          Number(fromDebit ? r.debit_balance_after : r.credit_balance_after),
        ),
        externalRef: r.external_ref,
        memo: r.memo,
      };
    }),
  };
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

/** GET .../deposits: QR deposits, slips and gift links in one list, newest first. */
export async function memberDeposits(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'deposits'>> {
  const memberId = await memberIdOf(db, memberNo);
  const qr = db
    .selectFrom('qr_deposits')
    .select([
      sql<string>`'qr'`.as('kind'),
      'ref as reference',
      sql<string | null>`gateway`.as('channel'),
      'amount',
      sql<string>`status`.as('status'),
      sql<string | null>`last_error`.as('detail'),
      'created_at',
      sql<string | null>`paid_at`.as('settled_at'),
      'id',
    ])
    .where('member_id', '=', memberId);
  const slips = db
    .selectFrom('slips')
    .select([
      sql<string>`'slip'`.as('kind'),
      'ref as reference',
      sql<string | null>`sending_bank`.as('channel'),
      'amount',
      sql<string>`status`.as('status'),
      sql<string | null>`coalesce(reason, last_error)`.as('detail'),
      'created_at',
      sql<string | null>`settled_at`.as('settled_at'),
      'id',
    ])
    .where('member_id', '=', memberId);
  const gifts = db
    .selectFrom('gift_redemptions')
    .select([
      sql<string>`'gift_link'`.as('kind'),
      'ref as reference',
      sql<string | null>`null`.as('channel'),
      'amount',
      sql<string>`status`.as('status'),
      sql<string | null>`last_error`.as('detail'),
      'created_at',
      sql<string | null>`credited_at`.as('settled_at'),
      'id',
    ])
    .where('member_id', '=', memberId);
  const all = qr.unionAll(slips).unionAll(gifts);
  const [count, rows] = await Promise.all([
    db
      .selectFrom(all.as('d'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom(all.as('d'))
      .selectAll()
      .orderBy('d.created_at', 'desc')
      .orderBy('d.kind')
      .orderBy('d.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => ({
      kind: r.kind as Row<'deposits'>['kind'],
      reference: r.reference,
      channel: r.channel,
      amount: satangToBaht(Number(r.amount)),
      status: r.status,
      detail: r.detail,
      createdAt: r.created_at,
      settledAt: r.settled_at,
    })),
  };
}

/** GET .../withdrawals, newest first. */
export async function memberWithdrawals(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'withdrawals'>> {
  const memberId = await memberIdOf(db, memberNo);
  const base = db.selectFrom('withdrawals').where('withdrawals.member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .leftJoin('operators', 'operators.id', 'withdrawals.decided_by')
      .select([
        'withdrawals.ref',
        'withdrawals.amount',
        'withdrawals.status',
        'withdrawals.review_reason',
        'withdrawals.bank_code',
        'withdrawals.bank_account_no',
        'withdrawals.last_error',
        'withdrawals.created_at',
        'withdrawals.settled_at',
        'operators.username as decided_by',
      ])
      .orderBy('withdrawals.created_at', 'desc')
      .orderBy('withdrawals.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => ({
      reference: r.ref,
      amount: satangToBaht(Number(r.amount)),
      status: r.status,
      reviewReason: r.review_reason,
      bankCode: r.bank_code,
      bankAccountNo: r.bank_account_no,
      decidedBy: r.decided_by,
      lastError: r.last_error,
      createdAt: r.created_at,
      settledAt: r.settled_at,
    })),
  };
}

/** GET .../slips, newest first. */
export async function memberSlips(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'slips'>> {
  const memberId = await memberIdOf(db, memberNo);
  const base = db.selectFrom('slips').where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select([
        'ref',
        'status',
        'reason',
        'amount',
        'sending_bank',
        'trans_ref',
        'transferred_at',
        'created_at',
        'settled_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
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

function names(json: string): { th: string; la: string; en: string } {
  try {
    const v = JSON.parse(json) as Partial<Record<'th' | 'la' | 'en', string>>;
    const any = v.th ?? v.en ?? v.la ?? '';
    return { th: v.th ?? any, la: v.la ?? any, en: v.en ?? any };
  } catch {
    return { th: json, la: json, en: json };
  }
}

/** GET .../bonuses: the member's promotion grants, newest first. */
export async function memberBonuses(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'bonuses'>> {
  const memberId = await memberIdOf(db, memberNo);
  const base = db.selectFrom('promotion_grants').where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select([
        'id',
        'kind',
        'source_code',
        'name_json',
        'credited',
        'required',
        'status',
        'started_at',
        'ended_at',
      ])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      code: r.source_code,
      name: names(r.name_json),
      credited: satangToBaht(Number(r.credited)),
      required: satangToBaht(Number(r.required)),
      status: r.status,
      startedAt: r.started_at,
      endedAt: r.ended_at,
    })),
  };
}

/** GET .../sessions: the member's open sessions (not revoked, expired or idle), newest first. */
export async function memberSessions(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'sessions'>> {
  const memberId = await memberIdOf(deps.db, memberNo);
  const base = openSessionsOf(deps, memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select(['id', 'created_at', 'last_seen_at', 'expires_at'])
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      expiresAt: r.expires_at,
    })),
  };
}

/** GET .../notes, newest first. */
export async function memberNotes(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'notes'>> {
  const memberId = await memberIdOf(db, memberNo);
  const base = db.selectFrom('member_notes').where('member_notes.member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .innerJoin('operators', 'operators.id', 'member_notes.operator_id')
      .select([
        'member_notes.id',
        'member_notes.created_at',
        'member_notes.text',
        'operators.username',
      ])
      .orderBy('member_notes.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page))
      .execute(),
  ]);
  return {
    total: countOf(count),
    page: page.page,
    rows: rows.map((r) => ({ id: r.id, at: r.created_at, operator: r.username, text: r.text })),
  };
}

/**
 * GET .../bank-changes: the operator changes of the payout account (decision 0019) and the
 * member's own account-name fixes (0052), newest first. Both are a handful per member, so
 * they are merged here rather than in SQL.
 */
export async function memberBankChanges(
  db: Db,
  memberNo: string,
  page: PageQuery,
): Promise<Answer<'bankChanges'>> {
  const memberId = await memberIdOf(db, memberNo);
  const [banks, names] = await Promise.all([
    db
      .selectFrom('member_bank_changes as b')
      .leftJoin('operators', 'operators.id', 'b.changed_by')
      .selectAll('b')
      .select('operators.username')
      .where('b.member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('member_account_name_changes')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute(),
  ]);
  const rows: Row<'bankChanges'>[] = [
    ...banks.map((b) => ({
      id: b.id,
      at: b.created_at,
      kind: 'bank' as const,
      operator: b.username,
      reason: b.reason,
      before: {
        bankCode: b.old_bank_code,
        accountNo: b.old_bank_account_no,
        accountName: b.old_bank_account_name,
      },
      after: {
        bankCode: b.new_bank_code,
        accountNo: b.new_bank_account_no,
        accountName: b.new_bank_account_name,
      },
    })),
    ...names.map((n) => ({
      id: n.id,
      at: n.created_at,
      kind: 'account_name' as const,
      operator: null,
      reason: null,
      before: { bankCode: null, accountNo: null, accountName: n.old_name },
      after: { bankCode: null, accountNo: null, accountName: n.new_name },
    })),
  ].sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1));
  return {
    total: rows.length,
    page: page.page,
    rows: rows.slice(offsetOf(page), offsetOf(page) + page.pageSize),
  };
}
