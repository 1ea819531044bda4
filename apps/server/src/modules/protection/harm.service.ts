// Markers of harm (issue 28, docs/decisions/0146-markers-of-harm.md): the queue is computed on
// read from the last 30 days of deposits, game transfers, withdrawals, sessions and limit
// changes (bounded by that window and by the indexes on member and time); only operators'
// notes and "contacted" marks are stored (harm_notes, harm_contacts, append-only).
import {
  protectionChangeCode,
  protectionLimitKinds,
  protectionPeriods,
  type HarmEntry,
  type HarmMarker,
  type HarmSettings,
} from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/database';
import { offsetOf, type PageWindow } from '../../db/paging';
import { getSetting } from '../settings';

/** The history codes of a limit raise or removal asked for (the contract writes them). */
const PENDING_LIMIT_CODES = protectionLimitKinds.flatMap((limitKind) =>
  protectionPeriods.map((period) =>
    protectionChangeCode({ kind: 'limitPending', limitKind, period }),
  ),
);

export const HARM_WINDOW_DAYS = 30;
const HOUR = 3_600_000;
const BANGKOK = 7 * HOUR;

type Evidence = { figure: number; threshold: number; times: string[] };

/** The Bangkok calendar day and hour of an ISO instant. */
const bangkok = (iso: string) => {
  const local = new Date(Date.parse(iso) + BANGKOK).toISOString();
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
};

export async function harmSettings(db: Db): Promise<HarmSettings> {
  return getSetting(db, 'harm');
}

/**
 * One page of the members matching at least one marker over the window, with figures and
 * contact state: not contacted first, then the latest behaviour first, then member number (a
 * stable order, so pages neither repeat nor skip a member). `total` and `needsContact` count
 * every page.
 */
export async function harmQueue(deps: Pick<AppDeps, 'db' | 'clock'>, window: PageWindow) {
  const { db, clock } = deps;
  const settings = await harmSettings(db);
  const now = clock.now();
  const since = new Date(now.getTime() - HARM_WINDOW_DAYS * 24 * HOUR).toISOString();

  const [deposits, transfers, withdrawals, sessions, raises] = await Promise.all([
    db
      .selectFrom('statement_items')
      .select(['member_id', 'created_at'])
      .where('statement_type', '=', 'deposit')
      .where('status', '=', 'SUCCESS')
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('game_transfers')
      .select(['member_id', 'direction', 'created_at'])
      .where('status', '=', 'POSTED')
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['member_id', 'created_at'])
      .where('status', 'in', ['FAILED', 'REJECTED'])
      .where('created_at', '>=', since)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['member_id', 'created_at', 'last_seen_at'])
      .where('subject', '=', 'member')
      .where('last_seen_at', '>=', since)
      .execute(),
    db
      .selectFrom('protection_history')
      .select(['member_id', 'created_at'])
      .where('change', 'in', PENDING_LIMIT_CODES)
      .where('created_at', '>=', since)
      .execute(),
  ]);

  const found = new Map<number, Map<HarmMarker, Evidence>>();
  const add = (memberId: number, marker: HarmMarker, evidence: Evidence) => {
    let markers = found.get(memberId);
    if (!markers) found.set(memberId, (markers = new Map()));
    markers.set(marker, evidence);
  };
  const byMember = <T extends { member_id: number | null }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      if (row.member_id === null) continue;
      const list = map.get(row.member_id) ?? [];
      list.push(row);
      map.set(row.member_id, list);
    }
    return map;
  };

  // Deposits soon after a loss: money went into a game and nothing came back before the deposit.
  const transfersOf = byMember(transfers);
  for (const [memberId, rows] of byMember(deposits)) {
    const games = transfersOf.get(memberId) ?? [];
    const times: string[] = [];
    for (const deposit of rows) {
      const at = Date.parse(deposit.created_at);
      const last = games.filter((g) => Date.parse(g.created_at) <= at).at(-1);
      if (
        last?.direction === 'in' &&
        at - Date.parse(last.created_at) <= settings.depositAfterLossMinutes * 60_000
      )
        times.push(deposit.created_at);
    }
    if (times.length >= settings.depositAfterLossCount)
      add(memberId, 'depositAfterLoss', {
        figure: times.length,
        threshold: settings.depositAfterLossCount,
        times,
      });
    // Many deposits on one Bangkok day.
    const perDay = new Map<string, string[]>();
    for (const deposit of rows) {
      const day = bangkok(deposit.created_at).day;
      perDay.set(day, [...(perDay.get(day) ?? []), deposit.created_at]);
    }
    const busiest = [...perDay.values()].sort((a, b) => b.length - a.length)[0] ?? [];
    if (busiest.length >= settings.depositsPerDay)
      add(memberId, 'depositsPerDay', {
        figure: busiest.length,
        threshold: settings.depositsPerDay,
        times: busiest,
      });
  }
  // Late-night play: money into a game between 00:00 and 06:00 Bangkok, on distinct nights.
  for (const [memberId, rows] of transfersOf) {
    const nights = new Map<string, string>();
    for (const row of rows)
      if (row.direction === 'in' && bangkok(row.created_at).hour < 6)
        nights.set(bangkok(row.created_at).day, row.created_at);
    if (nights.size >= settings.lateNightNights)
      add(memberId, 'lateNight', {
        figure: nights.size,
        threshold: settings.lateNightNights,
        times: [...nights.values()],
      });
  }
  for (const [memberId, rows] of byMember(withdrawals))
    if (rows.length >= settings.cancelledWithdrawals)
      add(memberId, 'cancelledWithdrawals', {
        figure: rows.length,
        threshold: settings.cancelledWithdrawals,
        times: rows.map((r) => r.created_at),
      });
  for (const [memberId, rows] of byMember(sessions)) {
    const long = rows
      .map((r) => ({
        hours: (Date.parse(r.last_seen_at) - Date.parse(r.created_at)) / HOUR,
        at: r.last_seen_at,
        start: r.created_at,
      }))
      .filter((s) => s.hours > settings.longSessionHours)
      .sort((a, b) => b.hours - a.hours);
    if (long.length > 0)
      add(memberId, 'longSession', {
        figure: Math.round(long[0]!.hours * 10) / 10,
        threshold: settings.longSessionHours,
        times: long.flatMap((s) => [s.start, s.at]),
      });
  }
  for (const [memberId, rows] of byMember(raises))
    if (rows.length >= settings.limitRaises)
      add(memberId, 'limitRaises', {
        figure: rows.length,
        threshold: settings.limitRaises,
        times: rows.map((r) => r.created_at),
      });

  const ids = [...found.keys()];
  if (ids.length === 0)
    return { rows: [] as HarmEntry[], total: 0, page: window.page, needsContact: 0, settings };
  const [members, notes, contacts] = await Promise.all([
    db.selectFrom('members').select(['id', 'member_no', 'name']).where('id', 'in', ids).execute(),
    db
      .selectFrom('harm_notes')
      .innerJoin('operators', 'operators.id', 'harm_notes.operator_id')
      .select([
        'harm_notes.id',
        'harm_notes.member_id',
        'harm_notes.text',
        'harm_notes.created_at',
        'operators.username',
      ])
      .where('harm_notes.member_id', 'in', ids)
      .orderBy('harm_notes.id', 'desc')
      .execute(),
    db
      .selectFrom('harm_contacts')
      .innerJoin('operators', 'operators.id', 'harm_contacts.operator_id')
      .select(['harm_contacts.member_id', 'harm_contacts.created_at', 'operators.username'])
      .where('harm_contacts.member_id', 'in', ids)
      .orderBy('harm_contacts.id')
      .execute(),
  ]);
  const lastContact = new Map(contacts.map((c) => [c.member_id, c]));
  const rows: HarmEntry[] = members.map((member) => {
    const markers = found.get(member.id)!;
    const times = [...markers.values()].flatMap((e) => e.times).sort();
    const contact = lastContact.get(member.id);
    const lastSeen = times.at(-1)!;
    return {
      memberNo: member.member_no,
      name: member.name,
      markers: [...markers].map(([marker, e]) => ({
        marker,
        figure: e.figure,
        threshold: e.threshold,
      })),
      firstSeen: times[0]!,
      lastSeen,
      contacted: contact ? { by: contact.username, at: contact.created_at } : null,
      needsContact: !contact || contact.created_at < lastSeen,
      notes: notes
        .filter((n) => n.member_id === member.id)
        .map((n) => ({ id: n.id, at: n.created_at, by: n.username, text: n.text })),
    };
  });
  rows.sort(
    (a, b) =>
      Number(b.needsContact) - Number(a.needsContact) ||
      (a.lastSeen === b.lastSeen ? 0 : a.lastSeen < b.lastSeen ? 1 : -1) ||
      (a.memberNo < b.memberNo ? -1 : 1),
  );
  const from = offsetOf(window);
  return {
    rows: rows.slice(from, from + window.pageSize),
    total: rows.length,
    page: window.page,
    needsContact: rows.filter((r) => r.needsContact).length,
    settings,
  };
}

/** How many members use each protection tool now. */
export async function toolUsage(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  const limits = await db
    .selectFrom('protection_limits')
    .select(['kind', (eb) => eb.fn.count<number>('member_id').distinct().as('n')])
    .where('amount', 'is not', null)
    .groupBy('kind')
    .execute();
  const blocks = await db
    .selectFrom('protection_blocks')
    .select(['kind', (eb) => eb.fn.count<number>('member_id').distinct().as('n')])
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .groupBy('kind')
    .execute();
  const reality = await db
    .selectFrom('protection_profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('reality_check_minutes', 'is not', null)
    .executeTakeFirstOrThrow();
  const of = (rows: { kind: string; n: number | string }[], kind: string) =>
    Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return {
    depositLimit: of(limits, 'deposit'),
    lossLimit: of(limits, 'loss'),
    timeOut: of(blocks, 'time_out'),
    selfExclusion: of(blocks, 'self_exclusion'),
    realityCheck: Number(reality.n),
  };
}

export class HarmMemberMissing extends Error {}

async function memberIdOf(db: Db, memberNo: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirst();
  return row?.id;
}

export async function addHarmNote(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
  operator: { operatorId: number; username: string },
  text: string,
) {
  const at = deps.clock.now().toISOString();
  const row = await deps.db
    .insertInto('harm_notes')
    .values({ member_id: memberId, operator_id: operator.operatorId, text, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, at, by: operator.username, text };
}

export async function markContacted(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  memberId: number,
  operator: { operatorId: number; username: string },
) {
  const at = deps.clock.now().toISOString();
  await deps.db
    .insertInto('harm_contacts')
    .values({ member_id: memberId, operator_id: operator.operatorId, created_at: at })
    .execute();
  return { by: operator.username, at };
}

export { memberIdOf as harmMemberIdOf };
