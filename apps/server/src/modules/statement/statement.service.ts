// The member's statement: other modules record rows in their own transaction (through this
// module's index) and move them to SUCCESS or FAILED when the event settles.
import type { Locale, StatementItem } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { statementChannels, statementTypes } from '@wallet/contract';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import { prepared } from '../../db/prepared';
import type { Selectable } from 'kysely';
import { STATEMENT_RANGE_MAX_MONTHS } from '@wallet/contract';
import type { Clock } from '../../lib/clock';
import { bangkokDayStart } from '../../lib/bangkok-day';
import { DomainError } from '../../lib/domain-error';
import type { StatementItemsTable } from './statement.tables';
import { isoNow } from '../../lib/clock';
import type { StatementStatus } from '../../db/schema';

export type StatementType = (typeof statementTypes)[number];
export type StatementChannel = (typeof statementChannels)[number];

/**
 * The channel of a row, read from its reference (decision 0056): each module that records
 * rows makes its references with its own prefix, so the row says how the money moved
 * without a second column. Checked against the real reference makers in
 * statement.int.test.ts. A reference of no known prefix has no channel.
 */
const channelPrefixes: readonly [string, StatementChannel][] = [
  ['QR', 'qr'], // deposits.qr newQrRef
  ['SL', 'slip'], // slips newSlipRef
  ['GL', 'gift_link'], // deposits.gift-links newGiftRef
  ['DN-', 'deposit_notice'], // games depositNotice
  ['GT-', 'game'], // games.transfers
  ['WD', 'payout'], // withdrawals
  ['ADJ', 'adjustment'], // adjustments
  ['BN', 'promotion'], // promotions, invite, refund, spin: one BN reference per credit
];

export function channelOf(reference: string): StatementChannel | undefined {
  return channelPrefixes.find(([prefix]) => reference.startsWith(prefix))?.[1];
}
export type { StatementStatus };

/** A description in each language: the statement shows the reader's (decision 0112). */
export type Descriptions = Record<Locale, string>;

/**
 * What the statement row says about a related bonus, promotion, invite, refund or draw: one
 * text, or one per language (stored so, answered in the reader's language).
 */
export type Related = Partial<
  Record<
    'bonus' | 'promotion' | 'invite' | 'refund' | 'luckydraw',
    { description: string | Descriptions }
  >
>;

/** The stored `related` in the reader's language. */
export function relatedIn(
  json: string,
  locale: Locale,
): Partial<Record<keyof Related, { description: string }>> {
  const stored = JSON.parse(json) as Related;
  const out: Partial<Record<keyof Related, { description: string }>> = {};
  for (const [key, value] of Object.entries(stored) as [keyof Related, Related[keyof Related]][]) {
    if (!value) continue;
    const d = value.description;
    // A text stored in one language is shown as it is (rows before decision 0112 that
    // migration 0031 could not trace); an empty Lao text falls back to Thai, as names do.
    out[key] = { description: typeof d === 'string' ? d : d[locale] || d.th || '' };
  }
  return out;
}

export interface RecordInput {
  memberId: number;
  reference: string;
  type: StatementType;
  status: StatementStatus;
  from: string;
  to: string;
  /** Integer satang, >= 0. */
  amount: number;
  related?: Related;
}

// Every money move records and settles a row: both statements are compiled once (0034).
const insertItem = prepared(
  9,
  (
    db,
    memberId: number,
    reference: string,
    type: StatementType,
    status: StatementStatus,
    from: string,
    to: string,
    amount: number,
    relatedJson: string | null,
    at: string,
  ) =>
    db.insertInto('statement_items').values({
      member_id: memberId,
      reference,
      statement_type: type,
      status,
      from_label: from,
      to_label: to,
      amount,
      related_json: relatedJson,
      created_at: at,
      updated_at: at,
    }),
);

const updateStatus = prepared(3, (db, reference: string, status: StatementStatus, at: string) =>
  db
    .updateTable('statement_items')
    .set({ status, updated_at: at })
    .where('reference', '=', reference),
);

export async function record(trx: Db, clock: Clock, input: RecordInput): Promise<void> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 0) {
    throw new RangeError(`statement amount must be integer satang >= 0: ${input.amount}`);
  }
  // Nobody reads the insert's answer: in a PostgreSQL transaction it leaves with the next
  // statement (pg-pipeline.ts).
  await insertItem.defer(
    trx,
    input.memberId,
    input.reference,
    input.type,
    input.status,
    input.from,
    input.to,
    input.amount,
    input.related ? JSON.stringify(input.related) : null,
    isoNow(clock),
  );
}

/**
 * Settles a row. `reason` is a note the member sees on the row (an operator's reason for
 * rejecting a withdrawal: decision 0090). Like `record`, its answer is not read.
 */
export async function setStatus(
  trx: Db,
  clock: Clock,
  reference: string,
  status: StatementStatus,
  reason?: string,
): Promise<void> {
  if (reason === undefined) {
    await updateStatus.defer(trx, reference, status, isoNow(clock));
    return;
  }
  await trx
    .updateTable('statement_items')
    .set({ status, reason: reason.slice(0, 200), updated_at: isoNow(clock) })
    .where('reference', '=', reference)
    .execute();
}

function optionalChannel(reference: string): { channel?: StatementChannel } {
  const channel = channelOf(reference);
  return channel ? { channel } : {};
}

/** A range of Bangkok days as UTC instants: `start` inclusive, `end` exclusive. */
export interface StatementRange {
  start: string;
  end: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (value: string) => {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/**
 * The range `from`..`to` (Bangkok days, inclusive, decision 0145), or undefined when neither
 * is given. Refused with STATEMENT_RANGE_INVALID when only one is given, either is not a real
 * `YYYY-MM-DD` day, `to` is before `from`, or `to` is 12 months or more after `from`.
 */
export function rangeOf(
  from: string | undefined,
  to: string | undefined,
): StatementRange | undefined {
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined || to === undefined || !isDay(from) || !isDay(to) || to < from) {
    throw new DomainError('STATEMENT_RANGE_INVALID', 400);
  }
  const limit = new Date(`${from}T00:00:00.000Z`);
  limit.setUTCMonth(limit.getUTCMonth() + STATEMENT_RANGE_MAX_MONTHS);
  if (to >= limit.toISOString().slice(0, 10)) throw new DomainError('STATEMENT_RANGE_INVALID', 400);
  return { start: bangkokDayStart(from), end: bangkokDayStart(to, 1) };
}

type StatementRow = Selectable<StatementItemsTable>;

/** A stored row as the statement answers it, in `locale`. */
function itemOf(row: StatementRow, locale: Locale): StatementItem {
  return {
    _id: row.reference,
    statementType: row.statement_type as StatementType,
    status: row.status,
    from: row.from_label,
    to: row.to_label,
    ...optionalChannel(row.reference),
    ...(row.reason ? { reason: row.reason } : {}),
    amount: satangToBaht(Number(row.amount)),
    createdAt: row.created_at,
    ...(row.related_json ? relatedIn(row.related_json, locale) : {}),
  };
}

/** The most rows one export holds (decision 0145): 12 months of a very busy member. */
export const EXPORT_MAX_ROWS = 20_000;

/** Every row of the member's statement in a range, newest first, in `locale`. */
export async function rowsInRange(
  db: Db,
  memberId: number,
  range: StatementRange,
  locale: Locale,
): Promise<StatementItem[]> {
  const rows = await db
    .selectFrom('statement_items')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(EXPORT_MAX_ROWS)
    .execute();
  return rows.map((row) => itemOf(row, locale));
}

/**
 * One page of the member's statement, newest first (spec: 10 per page), in `locale`; within
 * a range of days when the body names one (decision 0145).
 */
export async function list(
  db: Db,
  memberId: number,
  page: { page: number; limit: number; from?: string; to?: string },
  locale: Locale = 'th',
): Promise<{ total: number; statements: StatementItem[] }> {
  const range = rangeOf(page.from, page.to);
  let base = db.selectFrom('statement_items').where('member_id', '=', memberId);
  if (range) base = base.where('created_at', '>=', range.start).where('created_at', '<', range.end);
  const { rows, total } = await pageOf(
    base,
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { page: page.page, pageSize: page.limit },
  );
  return {
    total,
    statements: rows.map((row) => itemOf(row, locale)),
  };
}

/** One of the member's statement rows, as stored (amount in satang); undefined for anyone else's. */
export interface StatementItemSummary {
  reference: string;
  type: StatementType;
  status: StatementStatus;
  from: string;
  to: string;
  /** How the money moved (decision 0056); undefined for a reference of no known prefix. */
  channel: StatementChannel | undefined;
  /** Integer satang. */
  amount: number;
  createdAt: string;
}

/** The member's statement row with this reference (the chat's "ask about this", issue 14). */
export async function itemOfMember(
  db: Db,
  memberId: number,
  reference: string,
): Promise<StatementItemSummary | undefined> {
  const row = await db
    .selectFrom('statement_items')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reference: row.reference,
    type: row.statement_type as StatementType,
    status: row.status,
    from: row.from_label,
    to: row.to_label,
    channel: channelOf(row.reference),
    amount: Number(row.amount),
    createdAt: row.created_at,
  };
}
