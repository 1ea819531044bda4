// An agent's reply and close (decision 0097). The stored message goes to the member's room
// (`messaging`) and to the agents (`inbox:message`, `inbox:conversation`) through the ChatHub
// port. A resend with the same client message id is stored and delivered once.
import type { AgentMessage, ChatMessage } from '@wallet/contract';
import { chatSocket } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { agentView, conversationRow } from './chat.operator';
import { ChatOperatorError } from './chat.operator.errors';
import * as repo from './chat.operator.repository';

/** 409 NO_DATA: the conversation is closed (the member's next message opens a new one). */
export class ConversationClosedError extends DomainError {
  constructor() {
    super('NO_DATA', 409);
  }
}

/** The (sender_key, client_message_id) index refused a second row: a resend raced the first. */
function isDuplicateClientId(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return constraint === 'chat_messages_client_id_idx';
  return (
    typeof code === 'string' &&
    code.startsWith('SQLITE_CONSTRAINT') &&
    typeof message === 'string' &&
    message.includes('chat_messages.client_message_id')
  );
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'chatHub'>;

async function openConversation(db: Db, id: string): Promise<repo.ConversationRecord> {
  const record = await repo.findConversation(db, id);
  if (!record) throw new ChatOperatorError('NO_DATA');
  if (record.status !== 'open') throw new ConversationClosedError();
  return record;
}

function roomOf(deps: Deps, conversation: repo.ConversationRecord): string | null {
  const who = conversation.member_no ?? conversation.guest_id;
  return who === null ? null : `${deps.config.chat.prefix}${who}`;
}

async function publish(deps: Deps, conversationId: string, messageId: number): Promise<void> {
  const conversation = await repo.findConversation(deps.db, conversationId);
  const stored = await repo.findMessage(deps.db, messageId);
  if (!conversation || !stored) return;
  const message = agentView(stored, conversation);
  const room = roomOf(deps, conversation);
  if (room !== null)
    deps.chatHub.toRoom(room, chatSocket.messaging, { ...message, guestId: conversation.guest_id });
  deps.chatHub.toAgents(chatSocket.inboxMessage, { conversationId, message });
  const last = await repo.lastMessages(deps.db, [conversationId]);
  deps.chatHub.toAgents(
    chatSocket.inboxConversation,
    conversationRow(conversation, last.get(conversationId)),
  );
}

/**
 * Stores an agent's reply (first reply self-assigns an unassigned conversation) and
 * delivers it. Answers the message as agents see it, and whether this call assigned it.
 */
export async function postAgentReply(
  deps: Deps,
  operator: OperatorAuth,
  conversationId: string,
  clientMessageId: string,
  message: AgentMessage,
): Promise<{ message: ChatMessage; selfAssigned: boolean; duplicate: boolean }> {
  const senderKey = `operator:${operator.operatorId}`;
  const outcome = await withTransaction(deps.db, async (trx) => {
    const existing = await trx
      .selectFrom('chat_messages')
      .select(['id', 'conversation_id'])
      .where('sender_key', '=', senderKey)
      .where('client_message_id', '=', clientMessageId)
      .executeTakeFirst();
    if (existing) return { id: Number(existing.id), selfAssigned: false, duplicate: true };
    await openConversation(trx, conversationId);
    const selfAssigned = await repo.claimIfUnassigned(trx, conversationId, operator.operatorId);
    const at = isoNow(deps.clock);
    const row = await trx
      .insertInto('chat_messages')
      .values({
        conversation_id: conversationId,
        sender: 'agent',
        sender_key: senderKey,
        operator_id: operator.operatorId,
        client_message_id: clientMessageId,
        message_type: message.message_type,
        payload: JSON.stringify(message.payload),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chat_conversations')
      .set({ last_activity_at: at })
      .where('id', '=', conversationId)
      .execute();
    return { id: Number(row.id), selfAssigned, duplicate: false };
  }).catch(async (error: unknown) => {
    // Two sends of one client message id at once: the other one stored it.
    if (!isDuplicateClientId(error)) throw error;
    const row = await deps.db
      .selectFrom('chat_messages')
      .select('id')
      .where('sender_key', '=', senderKey)
      .where('client_message_id', '=', clientMessageId)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), selfAssigned: false, duplicate: true };
  });
  const stored = await repo.findMessage(deps.db, outcome.id);
  const conversation = stored && (await repo.findConversation(deps.db, stored.conversation_id));
  if (!stored || !conversation || conversation.id !== conversationId)
    throw new ChatOperatorError('NO_DATA');
  if (!outcome.duplicate) await publish(deps, conversationId, outcome.id);
  return {
    message: agentView(stored, conversation),
    selfAssigned: outcome.selfAssigned,
    duplicate: outcome.duplicate,
  };
}

/** Closes an open conversation with a system message the member sees. */
export async function closeByAgent(
  deps: Deps,
  operator: OperatorAuth,
  conversationId: string,
): Promise<void> {
  const messageId = await withTransaction(deps.db, async (trx) => {
    await openConversation(trx, conversationId);
    const at = isoNow(deps.clock);
    await trx
      .updateTable('chat_conversations')
      .set({
        status: 'closed',
        closed_at: at,
        closed_by: operator.operatorId,
        last_activity_at: at,
      })
      .where('id', '=', conversationId)
      .execute();
    const row = await trx
      .insertInto('chat_messages')
      .values({
        conversation_id: conversationId,
        sender: 'system',
        sender_key: 'system',
        operator_id: operator.operatorId,
        client_message_id: null,
        message_type: 'system',
        payload: JSON.stringify({ event: 'closed', by: operator.username }),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  await publish(deps, conversationId, messageId);
}
