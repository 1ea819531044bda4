// Conversations for the agent inbox's tests and audit fixtures (decision 0097): a member's or
// a visitor's open conversation with customer text messages, written as the member REST
// endpoints store them (migration 0023).
import { randomBytes } from 'node:crypto';
import { mintGuestId } from '../src/lib/guest-id';
import type { TestApp } from './helpers';

let counter = 0;

export interface SeededConversation {
  id: string;
  messageIds: number[];
}

/** Adds customer text messages to a conversation, one millisecond apart. */
export async function customerSays(
  t: TestApp,
  conversation: { id: string; senderKey: string },
  texts: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const text of texts) {
    const at = new Date(t.clock.now().getTime() + ++counter).toISOString();
    const row = await t.db
      .insertInto('chat_messages')
      .values({
        conversation_id: conversation.id,
        sender: 'customer',
        sender_key: conversation.senderKey,
        operator_id: null,
        client_message_id: `seed-${process.pid}-${counter}`,
        message_type: 'text',
        payload: JSON.stringify(text),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('chat_conversations')
      .set({ last_activity_at: at })
      .where('id', '=', conversation.id)
      .execute();
    ids.push(Number(row.id));
  }
  return ids;
}

/** An open conversation of a member (by id) or of a new visitor, with customer messages. */
export async function seedConversation(
  t: TestApp,
  owner: { memberId: number } | { guestId?: string },
  texts: string[] = ['hello'],
): Promise<SeededConversation & { senderKey: string; guestId: string | null }> {
  const id = `conv-${randomBytes(8).toString('hex')}`;
  const at = t.clock.now().toISOString();
  const guestId =
    'memberId' in owner ? null : (owner.guestId ?? mintGuestId(t.config.chat.guestSecret));
  await t.db
    .insertInto('chat_conversations')
    .values({
      id,
      member_id: 'memberId' in owner ? owner.memberId : null,
      guest_id: guestId,
      status: 'open',
      assigned_operator_id: null,
      created_at: at,
      last_activity_at: at,
      closed_at: null,
      closed_by: null,
      customer_read_at: null,
      agent_read_message_id: null,
    })
    .execute();
  const senderKey = 'memberId' in owner ? `member:${owner.memberId}` : `guest:${guestId}`;
  const messageIds = await customerSays(t, { id, senderKey }, texts);
  return { id, messageIds, senderKey, guestId };
}
