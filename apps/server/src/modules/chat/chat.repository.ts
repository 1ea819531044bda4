// The chat's rows (migration 0023, decisions 0095 and 0096): conversations, messages, and the
// upload rows a media message names. Every read that serves a caller is scoped by an owner
// (a member id, or a guest id no member has adopted).
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  ChatConversationsTable,
  ChatFilesTable,
  ChatMessagesTable,
  ChatSenderKind,
  Database,
} from '../../db/schema';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type ChatFileRow = Selectable<ChatFilesTable>;

/** A message with the owner of its conversation (what a presented message needs). */
export type MessageWithOwner = MessageRow & {
  member_id: number | null;
  guest_id: string | null;
};

/** Whose conversations: a member's, or a visitor's not adopted by any member. */
export type Owner = { memberId: number } | { guestId: string };

/** The filter of an owner's conversations (on chat_conversations, alone or joined). */
function ownedBy(owner: Owner) {
  return (eb: ExpressionBuilder<Database, 'chat_conversations'>) =>
    'memberId' in owner
      ? eb('chat_conversations.member_id', '=', owner.memberId)
      : eb.and([
          eb('chat_conversations.guest_id', '=', owner.guestId),
          eb('chat_conversations.member_id', 'is', null),
        ]);
}

export function findOpenConversation(db: Db, owner: Owner): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('status', '=', 'open')
    .where(ownedBy(owner))
    .executeTakeFirst();
}

export function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConversation(
  db: Db,
  row: Insertable<ChatConversationsTable>,
): Promise<ConversationRow> {
  return db.insertInto('chat_conversations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function touchConversation(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({ last_activity_at: at })
    .where('id', '=', id)
    .execute();
}

/** Closes an open conversation; false when it was not open. */
export async function closeConversation(
  db: Db,
  id: string,
  operatorId: number | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ status: 'closed', closed_at: at, closed_by: operatorId, last_activity_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function assignIfUnassigned(db: Db, id: string, operatorId: number): Promise<boolean> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ assigned_operator_id: operatorId })
    .where('id', '=', id)
    .where('assigned_operator_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertMessage(db: Db, row: Insertable<ChatMessagesTable>): Promise<MessageRow> {
  return db.insertInto('chat_messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The message a sender already stored under a client message id (any of its keys). */
export function findByClientId(
  db: Db,
  senderKeys: readonly string[],
  clientMessageId: string,
): Promise<MessageWithOwner | undefined> {
  return withOwner(db)
    .where('chat_messages.sender_key', 'in', [...senderKeys])
    .where('chat_messages.client_message_id', '=', clientMessageId)
    .orderBy('chat_messages.id')
    .executeTakeFirst();
}

function withOwner(db: Db) {
  return db
    .selectFrom('chat_messages')
    .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_messages.conversation_id')
    .selectAll('chat_messages')
    .select(['chat_conversations.member_id', 'chat_conversations.guest_id']);
}

export function messageWithOwner(db: Db, id: number): Promise<MessageWithOwner | undefined> {
  return withOwner(db).where('chat_messages.id', '=', id).executeTakeFirst();
}

/** The owner's messages across all their conversations, newest first. */
export function pageOfOwner(
  db: Db,
  owner: Owner,
  page: { limit: number; skip: number },
): Promise<MessageWithOwner[]> {
  return withOwner(db)
    .where(ownedBy(owner))
    .orderBy('chat_messages.id', 'desc')
    .limit(page.limit)
    .offset(page.skip)
    .execute();
}

/** The sender's messages since `since` (the per-caller send limit): how many, and the oldest. */
export async function sentSince(
  db: Db,
  senderKey: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('sender_key', '=', senderKey)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

/** The customer has read every agent and system message up to `at`. */
export async function markCustomerRead(db: Db, owner: Owner, at: string): Promise<number> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ customer_read_at: at })
    .where(ownedBy(owner))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// --- adoption (a visitor signs in: decision 0096) -------------------------------------------

export function conversationsOfGuestId(db: Db, guestId: string): Promise<ConversationRow[]> {
  return db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('guest_id', '=', guestId)
    .orderBy('created_at')
    .execute();
}

export async function adoptConversations(
  db: Db,
  ids: readonly string[],
  memberId: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('chat_conversations')
    // A member's conversation is no longer grouped by its address (decision 0121).
    .set({ member_id: memberId, origin: null })
    .where('id', 'in', [...ids])
    .where('member_id', 'is', null)
    .execute();
}

/** Moves a conversation's messages and notes into another, then removes the emptied one. */
export async function mergeConversation(db: Db, from: string, into: string): Promise<void> {
  await db
    .updateTable('chat_messages')
    .set({ conversation_id: into })
    .where('conversation_id', '=', from)
    .execute();
  await db
    .updateTable('chat_notes')
    .set({ conversation_id: into })
    .where('conversation_id', '=', from)
    .execute();
  await db.deleteFrom('chat_conversations').where('id', '=', from).execute();
}

/** Uploads of the visitor become the member's (a failed upload may be resent after sign-in). */
export async function rekeyFiles(db: Db, fromOwner: string, toOwner: string): Promise<void> {
  await db
    .updateTable('chat_files')
    .set({ owner_key: toOwner })
    .where('owner_key', '=', fromOwner)
    .execute();
}

// --- attachments (the upload side is chat.files*.ts) ---------------------------------------

export function findFile(db: Db, id: string): Promise<ChatFileRow | undefined> {
  return db.selectFrom('chat_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names the message that first carried the file (a later resend of the file keeps it). */
export async function attachFile(db: Db, id: string, messageId: number): Promise<void> {
  await db
    .updateTable('chat_files')
    .set({ message_id: messageId })
    .where('id', '=', id)
    .where('message_id', 'is', null)
    .execute();
}

export type { ChatSenderKind };
