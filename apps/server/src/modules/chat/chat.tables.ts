// The chat module's tables (issue 27): one row interface per table, as the
// migrations make it; schema.int.test.ts holds them to the migrated database. db/schema.ts
// composes `Database` from every module's tables file. Types only, imported from kysely,
// the contract and db/columns.ts (eslint.config.js).
import type { Generated } from 'kysely';
import type { ChatConversationStatus, ChatFileTypeColumn, ChatSenderKind } from '../../db/columns';

/** A member's or visitor's support conversation (migration 0023, decision 0095). */
export interface ChatConversationsTable {
  /** Minted by the server. */
  id: string;
  member_id: number | null;
  /** The signed guest id of a visitor (kept after a member adopts the conversation). */
  guest_id: string | null;
  status: Generated<ChatConversationStatus>;
  assigned_operator_id: number | null;
  created_at: string;
  last_activity_at: string;
  closed_at: string | null;
  closed_by: number | null;
  /** The customer read agent and system messages up to this time. */
  customer_read_at: string | null;
  /** Agents read customer messages up to this message id. */
  agent_read_message_id: number | null;
  /**
   * A visitor conversation's client address, as a keyed hash (never the address itself):
   * the inbox groups new visitor conversations from one address (decision 0121). Null for a
   * member's conversation, and cleared when a member adopts it.
   */
  origin: string | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: string;
  sender: ChatSenderKind;
  /** `member:<id>`, `guest:<guest id>`, `operator:<id>` or `system`. */
  sender_key: string;
  operator_id: number | null;
  /** Unique per sender_key: a resend is stored once. */
  client_message_id: string | null;
  message_type: string;
  /** The payload as JSON text. */
  payload: string;
  created_at: string;
}

export interface ChatFilesTable {
  /** 32 hex digits: the `chatfile:<id>` path an upload answers. */
  id: string;
  /** As chat_messages.sender_key. */
  owner_key: string;
  store_key: string;
  thumb_store_key: string | null;
  /** What the bytes are: png, jpg, gif, mp4, mov. */
  kind: string;
  file_type: ChatFileTypeColumn;
  bytes: number;
  /** The thumbnail's bytes (null without one): the store's cap counts both (decision 0121). */
  thumb_bytes: number | null;
  original_name: string;
  /** The message that names the file; null until sent (orphans are swept). */
  message_id: number | null;
  created_at: string;
}

export interface ChatNotesTable {
  id: Generated<number>;
  conversation_id: string;
  operator_id: number;
  text: string;
  created_at: string;
}

export interface ChatTemplatesTable {
  id: Generated<number>;
  name: string;
  /** An agent message ({ message_type, payload }) as JSON text. */
  message: string;
  created_by: number;
  created_at: string;
}
