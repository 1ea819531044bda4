// The agent inbox's queries (issue 14, decision 0097): conversations by view and status with
// their unread counts and last message, a thread's messages by pages, notes, templates and
// the agents a conversation may be assigned to. Reads member names and ledger balances as a
// read model (like the members section, 0088); writes only the chat tables.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { ChatConversationStatus } from '../../db/schema';
import type { MessageWithOwner } from './chat.repository';

export type InboxView = 'mine' | 'unassigned' | 'all';

export interface ConversationRecord {
  id: string;
  status: ChatConversationStatus;
  member_id: number | null;
  guest_id: string | null;
  assigned_operator_id: number | null;
  assignee_username: string | null;
  member_no: string | null;
  member_name: string | null;
  member_phone: string | null;
  created_at: string;
  last_activity_at: string;
  agent_read_message_id: number | null;
  origin: string | null;
  unread: number | string | bigint;
  /** List rows only: conversations of the list from the same address (decision 0121). */
  same_address?: number | string | bigint | null;
}

/** Customer messages after the agents' read mark, per conversation. */
const unreadOf = sql<number>`(select count(*) from chat_messages m
  where m.conversation_id = c.id and m.sender = 'customer'
    and m.id > coalesce(c.agent_read_message_id, 0))`;

function conversations(db: Db) {
  return db
    .selectFrom('chat_conversations as c')
    .leftJoin('members as mb', 'mb.id', 'c.member_id')
    .leftJoin('operators as op', 'op.id', 'c.assigned_operator_id')
    .select([
      'c.id',
      'c.status',
      'c.member_id',
      'c.guest_id',
      'c.assigned_operator_id',
      'op.username as assignee_username',
      'mb.member_no',
      'mb.name as member_name',
      'mb.username as member_phone',
      'c.created_at',
      'c.last_activity_at',
      'c.agent_read_message_id',
      'c.origin',
      unreadOf.as('unread'),
    ]);
}

export interface ListFilter {
  view: InboxView;
  status: ChatConversationStatus;
  operatorId: number;
  /** Only this address group's visitor conversations, each on its own row. */
  address?: string | undefined;
}

/** The list's view and status, on the conversations aliased `alias`. */
function fitsList(alias: 'c' | 'g', filter: ListFilter) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const parts = [sql`${column('status')} = ${filter.status}`];
  if (filter.view === 'mine')
    parts.push(sql`${column('assigned_operator_id')} = ${filter.operatorId}`);
  if (filter.view === 'unassigned') parts.push(sql`${column('assigned_operator_id')} is null`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of the inbox, by last activity. Visitor conversations from one address (the same
 * `origin`) that fit the list show as one row, the most recently active, with how many there
 * are (`same_address`): a flood of fresh guest ids from one address is one row, not hundreds
 * (decision 0121). With `filter.address`, that group's conversations each get their row.
 */
export function listConversations(
  db: Db,
  filter: ListFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: ConversationRecord[]; total: number }> {
  let base = db.selectFrom('chat_conversations as c').where(sql<boolean>`${fitsList('c', filter)}`);
  if (filter.address !== undefined) base = base.where('c.origin', '=', filter.address);
  else
    base = base.where(
      sql<boolean>`(c.origin is null or c.id = (select g.id from chat_conversations g
        where g.origin = c.origin and ${fitsList('g', filter)}
        order by g.last_activity_at desc, g.id desc limit 1))`,
    );
  const sameAddress = sql<number | null>`case when c.origin is null then null else
    (select count(*) from chat_conversations g
      where g.origin = c.origin and ${fitsList('g', filter)}) end`;
  return pageOf(
    base,
    (q) =>
      conversations(db)
        .select(sameAddress.as('same_address'))
        .where('c.id', 'in', q.select('c.id'))
        .orderBy('c.last_activity_at', 'desc')
        .orderBy('c.id', 'desc'),
    page,
  );
}

/**
 * Unread customer messages in the open conversations an agent answers: their own and the
 * unassigned ones (the console's title badge and sound).
 */
export async function unreadForAgent(db: Db, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_conversations as c')
    .innerJoin('chat_messages as m', 'm.conversation_id', 'c.id')
    .where('c.status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('c.assigned_operator_id', '=', operatorId),
        eb('c.assigned_operator_id', 'is', null),
      ]),
    )
    .where('m.sender', '=', 'customer')
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('c.agent_read_message_id', sql<number>`0`)))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findConversation(
  db: Db,
  id: string,
): Promise<ConversationRecord | undefined> {
  return conversations(db).where('c.id', '=', id).executeTakeFirst();
}

export type MessageRecord = MessageWithOwner;

/** Messages with their conversation's owner: what presentMessages needs. */
function messages(db: Db) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_conversations as cv', 'cv.id', 'm.conversation_id')
    .selectAll('m')
    .select(['cv.member_id', 'cv.guest_id']);
}

/** The last messages of conversations (the inbox's preview), by conversation id. */
export async function lastMessages(
  db: Db,
  conversationIds: string[],
): Promise<Map<string, MessageRecord>> {
  if (conversationIds.length === 0) return new Map();
  const newest = db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', 'in', conversationIds)
    .groupBy('conversation_id');
  const rows = await messages(db).where('m.id', 'in', newest).execute();
  return new Map(rows.map((r) => [r.conversation_id, r]));
}

/** A page of a thread, newest first: `limit` messages before message id `before`. */
export async function threadPage(
  db: Db,
  conversationId: string,
  before: number | undefined,
  limit: number,
): Promise<{ rows: MessageRecord[]; hasOlder: boolean }> {
  let query = messages(db).where('m.conversation_id', '=', conversationId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  const rows = await query
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

/** The newest message of a conversation (the read mark moves to it). */
export async function newestMessageId(db: Db, conversationId: string): Promise<number | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

export async function setReadMark(db: Db, conversationId: string, messageId: number) {
  await db
    .updateTable('chat_conversations')
    .set({ agent_read_message_id: messageId })
    .where('id', '=', conversationId)
    .where((eb) =>
      eb.or([eb('agent_read_message_id', 'is', null), eb('agent_read_message_id', '<', messageId)]),
    )
    .execute();
}

export async function setAssignee(db: Db, conversationId: string, operatorId: number | null) {
  await db
    .updateTable('chat_conversations')
    .set({ assigned_operator_id: operatorId })
    .where('id', '=', conversationId)
    .execute();
}

export interface NoteRecord {
  id: number;
  operator: string;
  text: string;
  created_at: string;
}

export async function notesOf(db: Db, conversationId: string): Promise<NoteRecord[]> {
  return db
    .selectFrom('chat_notes as n')
    .innerJoin('operators as op', 'op.id', 'n.operator_id')
    .select(['n.id', 'op.username as operator', 'n.text', 'n.created_at'])
    .where('n.conversation_id', '=', conversationId)
    .orderBy('n.id', 'asc')
    .execute();
}

export async function insertNote(
  db: Db,
  note: { conversationId: string; operatorId: number; text: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('chat_notes')
    .values({
      conversation_id: note.conversationId,
      operator_id: note.operatorId,
      text: note.text,
      created_at: note.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Operators a conversation may be assigned to: active support agents and admins. */
export async function agents(db: Db): Promise<{ id: number; username: string }[]> {
  return db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('status', '=', 'active')
    .where('role', 'in', ['support', 'admin'])
    .orderBy('username')
    .execute();
}

export async function isAgent(db: Db, operatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('id')
    .where('id', '=', operatorId)
    .where('status', '=', 'active')
    .where('role', 'in', ['support', 'admin'])
    .executeTakeFirst();
  return row !== undefined;
}

export interface TemplateRecord {
  id: number;
  name: string;
  message: string;
  created_by: string;
  created_at: string;
}

function templates(db: Db) {
  return db
    .selectFrom('chat_templates as t')
    .innerJoin('operators as op', 'op.id', 't.created_by')
    .select(['t.id', 't.name', 't.message', 'op.username as created_by', 't.created_at']);
}

export async function listTemplates(db: Db): Promise<TemplateRecord[]> {
  return templates(db).orderBy('t.name').orderBy('t.id').execute();
}

export async function findTemplate(db: Db, id: number): Promise<TemplateRecord | undefined> {
  return templates(db).where('t.id', '=', id).executeTakeFirst();
}

export async function insertTemplate(
  db: Db,
  template: { name: string; message: string; operatorId: number; at: string },
): Promise<number> {
  const row = await db
    .insertInto('chat_templates')
    .values({
      name: template.name,
      message: template.message,
      created_by: template.operatorId,
      created_at: template.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('chat_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The member's wallet beside the thread: cash, holds and the open promotion condition. */
export async function walletOf(db: Db, memberId: number) {
  const [accounts, grant, member] = await Promise.all([
    db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('promotion_grants')
      .select(['name_json', 'source_code'])
      .where('member_id', '=', memberId)
      .where('status', '=', 'open')
      .orderBy('started_at', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('members')
      .select(['member_no', 'name', 'username', 'status'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  const sum = (kind: string) =>
    accounts.filter((a) => a.kind === kind).reduce((total, a) => total + Number(a.balance), 0);
  return {
    member,
    cash: sum('member_cash'),
    held: sum('member_hold'),
    grant: grant ?? null,
  };
}
