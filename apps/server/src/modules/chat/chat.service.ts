// The chat's member side and the service calls the inbox makes (issue 14, decisions 0095,
// 0096): sending (stored once per client message id, in the caller's open conversation or a
// new one), history across the caller's conversations, read marks, agents' messages, closing,
// system messages. Every stored message leaves through presentMessage; live delivery goes
// through deps.chatHub only, after the transaction that stored the message.
import { randomBytes } from 'node:crypto';
import type {
  AgentMessage,
  ChatContextPayload,
  ChatMediaPayload,
  ChatMessage,
  MemberMessage,
} from '@wallet/contract';
import { agentMessageSchema, CHAT_FILE_PATH_PATTERN, chatSocket } from '@wallet/contract';
import type { AppDeps } from '../../deps';
import type { ErrorCode } from '@wallet/contract';
import { lockKey, withTransaction } from '../../db/transaction';
import type { Db } from '../../db/database';
import { HOUR_MS, isoNow, MINUTE_MS } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { takeFromWindowOrPass } from '../../ports/shared-counter';
import { memberSummaries } from '../account';
import { operatorUsernames } from '../operator';
import { queuePush } from '../push';
import { getSetting } from '../settings';
import { describeContext } from './chat.context';
import { presentMediaPayload } from './chat.files';
import type { ChatCaller, ChatViewer } from './chat.identity';
import { originOf, ownerOf, senderKeyOf } from './chat.identity';
import * as repo from './chat.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'chatHub'>;
type SendDeps = Deps & Pick<AppDeps, 'counters'>;

/**
 * The chat's refusals (decision 0096): 403 NO_DATA while the chat is switched off, 404
 * NO_DATA for an item, file or conversation that is not the caller's, 409 NO_DATA for a reply
 * to a closed conversation, 403 UNAUTHORIZED for a visitor asking about an item, 400
 * KEY_INVALID for a malformed file path or agent message, 429 REQUEST_LIMIT past the send limit.
 */
export class ChatError extends DomainError {
  constructor(code: ErrorCode, status: number, retryAfterSeconds?: number) {
    super(code, status, retryAfterSeconds ? { details: { retryAfterSeconds } } : undefined);
  }
}

export function viewerOf(caller: ChatCaller): ChatViewer {
  return caller.kind === 'member'
    ? { kind: 'member', memberId: caller.memberId }
    : { kind: 'guest', guestId: caller.guestId };
}

/** A visitor as agents see it: the guest id's random part, never the signed id (a secret). */
export const guestLabel = (guestId: string): string => guestId.split('.').slice(0, 2).join('.');

/** A new conversation id (spec: session_id): 24 hex digits, minted here only. */
export const newConversationId = (): string => `c${randomBytes(12).toString('hex')}`;

// --- presenting --------------------------------------------------------------------------

/**
 * The payload a viewer gets: a `media` payload (stored with `filePath: 'chatfile:<id>'` and
 * `url: false`) carries signed short-lived links for this viewer (decision 0099).
 */
async function presentPayload(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  row: repo.MessageWithOwner,
  viewer: ChatViewer,
): Promise<unknown> {
  const payload = JSON.parse(row.payload) as unknown;
  if (row.message_type !== 'media') return payload;
  return presentMediaPayload(deps, payload as ChatMediaPayload, viewer);
}

/** Messages as the spec's conversation objects for one viewer (one lookup per batch). */
export async function presentMessages(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  rows: readonly repo.MessageWithOwner[],
  viewer: ChatViewer,
): Promise<ChatMessage[]> {
  const members = await memberSummaries(
    deps.db,
    rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])),
  );
  const agents =
    viewer.kind === 'operator'
      ? await operatorUsernames(
          deps.db,
          rows.map((r) => r.operator_id),
        )
      : new Map<number, string>();
  const out: ChatMessage[] = [];
  for (const row of rows) {
    const member = row.member_id === null ? undefined : members.get(row.member_id);
    const guestId =
      row.guest_id === null || row.member_id !== null
        ? null
        : viewer.kind === 'guest'
          ? row.guest_id
          : viewer.kind === 'operator'
            ? guestLabel(row.guest_id)
            : null;
    out.push({
      _id: String(row.id),
      ...(row.client_message_id !== null ? { clientMessageId: row.client_message_id } : {}),
      sender: row.sender,
      message: {
        message_type: row.message_type,
        payload: await presentPayload(deps, row, viewer),
      },
      userId: member?.memberNo ?? null,
      guestId,
      username: null,
      name:
        row.sender === 'customer'
          ? (member?.name ?? null)
          : row.sender === 'agent' && row.operator_id !== null
            ? (agents.get(row.operator_id) ?? null)
            : null,
      deviceToken: null,
      createdAt: row.created_at,
      session_id: row.conversation_id,
    });
  }
  return out;
}

/** One message for one viewer: every message leaves the server through here. */
export async function presentMessage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  row: repo.MessageWithOwner,
  viewer: ChatViewer,
): Promise<ChatMessage> {
  const [message] = await presentMessages(deps, [row], viewer);
  return message!;
}

// --- publishing ---------------------------------------------------------------------------

/** The room of a conversation's customer. */
async function roomOfOwner(
  deps: Pick<AppDeps, 'db' | 'config'>,
  owner: { member_id: number | null; guest_id: string | null },
): Promise<{ room: string; viewer: ChatViewer } | undefined> {
  if (owner.member_id !== null) {
    const member = (await memberSummaries(deps.db, [owner.member_id])).get(owner.member_id);
    if (!member) return undefined;
    return {
      room: `${deps.config.chat.prefix}${member.memberNo}`,
      viewer: { kind: 'member', memberId: owner.member_id },
    };
  }
  if (owner.guest_id === null) return undefined;
  return {
    room: `${deps.config.chat.prefix}${owner.guest_id}`,
    viewer: { kind: 'guest', guestId: owner.guest_id },
  };
}

/** A stored message to its customer's room (`messaging`) and to the agents (`inbox:message`). */
async function publish(deps: Deps, row: repo.MessageWithOwner): Promise<ChatMessage> {
  const target = await roomOfOwner(deps, row);
  if (target)
    deps.chatHub.toRoom(
      target.room,
      chatSocket.messaging,
      await presentMessage(deps, row, target.viewer),
    );
  const forAgents = await presentMessage(deps, row, { kind: 'operator', operatorId: 0 });
  deps.chatHub.toAgents(chatSocket.inboxMessage, {
    conversationId: row.conversation_id,
    message: forAgents,
  });
  return forAgents;
}

// --- the member side ----------------------------------------------------------------------

/** The chat on/off setting (spec: enableChatWidget); sending is refused while it is off. */
async function assertChatOn(db: Db): Promise<void> {
  if (!(await getSetting(db, 'enableChatWidget'))) throw new ChatError('NO_DATA', 403);
}

/** A media payload names an upload of the same sender (`chatfile:<id>`); stored as such. */
async function mediaToStore(
  db: Db,
  ownerKey: string,
  payload: ChatMediaPayload,
): Promise<{ payload: ChatMediaPayload; fileId: string }> {
  if (!CHAT_FILE_PATH_PATTERN.test(payload.filePath)) throw new ChatError('KEY_INVALID', 400);
  const fileId = payload.filePath.slice('chatfile:'.length);
  const file = await repo.findFile(db, fileId);
  // Someone else's upload is as unknown as a missing one.
  if (!file || file.owner_key !== ownerKey) throw new ChatError('NO_DATA', 404);
  const name = payload.message.trim() || file.original_name;
  return {
    payload: { message: name, url: false, fileType: file.file_type, filePath: payload.filePath },
    fileId,
  };
}

export interface SendInput {
  message: MemberMessage;
  clientMessageId?: string | undefined;
  /** A signed guest id the member sent along (its earlier messages count as theirs). */
  guestId?: string | null | undefined;
  /** The client's address: a visitor's new conversations are limited and grouped by it. */
  ip?: string | undefined;
  /** Told when the shared counters fail (the visitor's message then goes through). */
  onCounterError?: ((error: unknown) => void) | undefined;
}

export interface SendAnswer {
  createdAt: string;
  _id: string;
  session_id: string;
}

/**
 * A member or visitor sends a message (spec: POST /api/chat/send-message). A repeat of a
 * client message id answers the first message and publishes nothing; past the per-caller
 * limit, 429 REQUEST_LIMIT. The message goes to the caller's open conversation, or a new
 * one when none is open (the last was closed by an agent).
 */
export async function sendCustomerMessage(
  deps: SendDeps,
  caller: ChatCaller,
  input: SendInput,
): Promise<SendAnswer> {
  await assertChatOn(deps.db);
  // A visitor's first message opens a conversation in the agents' inbox: per address, a few
  // an hour (guest ids cost nothing to mint; decision 0121). Counted before the message is
  // stored; a visitor who has an open conversation is not counted again.
  if (caller.kind === 'guest' && !(await repo.findOpenConversation(deps.db, ownerOf(caller)))) {
    // Shared counters down: let it through (the per-caller send limit, in the database,
    // still holds), as the per-IP limits do (decision 0103).
    const wait = await takeFromWindowOrPass(
      deps.counters,
      `chat-visitor-conversation:ip:${input.ip ?? ''}`,
      deps.config.chat.guestConversationsPerIpPerHour,
      HOUR_MS,
      input.onCounterError ?? (() => undefined),
    );
    if (wait !== undefined) throw new ChatError('REQUEST_LIMIT', 429, wait);
  }
  const senderKey = senderKeyOf(caller);
  const { message } = input;
  let stored: { type: string; payload: unknown; fileId?: string };
  if (message.message_type === 'context') {
    if (caller.kind !== 'member') throw new ChatError('UNAUTHORIZED', 403);
    const item: ChatContextPayload | undefined = await describeContext(
      deps,
      caller.memberId,
      message.payload,
    );
    if (!item) throw new ChatError('NO_DATA', 404);
    stored = { type: 'context', payload: item };
  } else if (message.message_type === 'media') {
    const media = await mediaToStore(deps.db, senderKey, message.payload);
    stored = { type: 'media', payload: media.payload, fileId: media.fileId };
  } else {
    stored = { type: message.message_type, payload: message.payload };
  }
  // Keys this caller's earlier messages may carry: a member also owns what it sent as the
  // visitor it was (a resend after signing in is still the same message).
  const keys =
    caller.kind === 'member' && input.guestId ? [senderKey, `guest:${input.guestId}`] : [senderKey];
  const { row, fresh } = await withTransaction(deps.db, async (trx) => {
    await lockKey(trx, `chat:caller:${senderKey}`);
    if (input.clientMessageId !== undefined) {
      const first = await repo.findByClientId(trx, keys, input.clientMessageId);
      if (first) return { row: first, fresh: false };
    }
    const now = deps.clock.now();
    const since = new Date(now.getTime() - MINUTE_MS).toISOString();
    const sent = await repo.sentSince(trx, senderKey, since);
    if (sent.count >= deps.config.chat.sendsPerMin) {
      const freeAt = sent.oldest ? Date.parse(sent.oldest) + MINUTE_MS : now.getTime();
      throw new ChatError(
        'REQUEST_LIMIT',
        429,
        Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
      );
    }
    const at = now.toISOString();
    const owner = ownerOf(caller);
    let open = await repo.findOpenConversation(trx, owner);
    if (open) {
      // An agent closing it holds this lock: once we hold it, open means open.
      await lockKey(trx, `chat:conversation:${open.id}`);
      open = await repo.findOpenConversation(trx, owner);
    }
    const conversation =
      open ??
      (await repo.insertConversation(trx, {
        id: newConversationId(),
        member_id: caller.kind === 'member' ? caller.memberId : null,
        guest_id: caller.kind === 'guest' ? caller.guestId : null,
        origin: caller.kind === 'guest' && input.ip ? originOf(deps, input.ip) : null,
        created_at: at,
        last_activity_at: at,
      }));
    const inserted = await repo.insertMessage(trx, {
      conversation_id: conversation.id,
      sender: 'customer',
      sender_key: senderKey,
      operator_id: null,
      client_message_id: input.clientMessageId ?? null,
      message_type: stored.type,
      payload: JSON.stringify(stored.payload),
      created_at: at,
    });
    await repo.touchConversation(trx, conversation.id, at);
    if (stored.fileId) await repo.attachFile(trx, stored.fileId, inserted.id);
    return {
      row: { ...inserted, member_id: conversation.member_id, guest_id: conversation.guest_id },
      fresh: true,
    };
  });
  if (fresh) await publish(deps, row);
  return { createdAt: row.created_at, _id: String(row.id), session_id: row.conversation_id };
}

/** The caller's messages across their conversations, newest first (spec: 10 per page). */
export async function history(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  caller: ChatCaller,
  page: { limit: number; skip: number },
): Promise<ChatMessage[]> {
  const rows = await repo.pageOfOwner(deps.db, ownerOf(caller), page);
  return presentMessages(deps, rows, viewerOf(caller));
}

/** The caller has read every agent and system message so far (spec: read-customer). */
export async function markRead(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  caller: ChatCaller,
): Promise<{ message: string }> {
  await repo.markCustomerRead(deps.db, ownerOf(caller), isoNow(deps.clock));
  return { message: 'OK' };
}

// --- the agent side (the inbox calls these through index.ts) -------------------------------

export interface AgentMessageInput {
  conversationId: string;
  operatorId: number;
  /** Validated again here with agentMessageSchema (a template is never trusted as stored). */
  message: AgentMessage | unknown;
  clientMessageId?: string | undefined;
}

export interface AgentMessageAnswer {
  /** As agents see it. */
  message: ChatMessage;
  /** The reply assigned the conversation to the replying agent (self-assign on first reply). */
  assigned: boolean;
  /** A repeat of the client message id: nothing new was stored or published. */
  duplicate: boolean;
}

/**
 * An agent's reply: stored in the conversation (404 NO_DATA when there is none, 409 NO_DATA
 * when it is closed), assigned to the agent when nobody holds it, published to the
 * customer's room and to the agents.
 */
export async function postAgentMessage(
  deps: Deps,
  input: AgentMessageInput,
): Promise<AgentMessageAnswer> {
  const parsed = agentMessageSchema.safeParse(input.message);
  if (!parsed.success) throw new ChatError('KEY_INVALID', 400);
  const message = parsed.data;
  const senderKey = `operator:${input.operatorId}`;
  let payload: unknown = message.payload;
  let fileId: string | undefined;
  if (message.message_type === 'media') {
    const media = await mediaToStore(deps.db, senderKey, message.payload);
    payload = media.payload;
    fileId = media.fileId;
  }
  const result = await withTransaction(deps.db, async (trx) => {
    await lockKey(trx, `chat:conversation:${input.conversationId}`);
    if (input.clientMessageId !== undefined) {
      const first = await repo.findByClientId(trx, [senderKey], input.clientMessageId);
      if (first) return { row: first, assigned: false, duplicate: true };
    }
    const conversation = await repo.findConversation(trx, input.conversationId);
    if (!conversation) throw new ChatError('NO_DATA', 404);
    if (conversation.status !== 'open') throw new ChatError('NO_DATA', 409);
    const at = isoNow(deps.clock);
    const inserted = await repo.insertMessage(trx, {
      conversation_id: conversation.id,
      sender: 'agent',
      sender_key: senderKey,
      operator_id: input.operatorId,
      client_message_id: input.clientMessageId ?? null,
      message_type: message.message_type,
      payload: JSON.stringify(payload),
      created_at: at,
    });
    await repo.touchConversation(trx, conversation.id, at);
    if (fileId) await repo.attachFile(trx, fileId, inserted.id);
    const assigned = await repo.assignIfUnassigned(trx, conversation.id, input.operatorId);
    // A member with no chat open hears of the reply on their devices (decision 0152).
    if (conversation.member_id !== null) {
      const target = await roomOfOwner({ ...deps, db: trx }, conversation);
      if (target)
        await queuePush(trx, deps.clock, {
          memberId: conversation.member_id,
          kind: 'support_reply',
          tag: `chat:${inserted.id}`,
          params: {},
          presenceRoom: target.room,
        });
    }
    return {
      row: { ...inserted, member_id: conversation.member_id, guest_id: conversation.guest_id },
      assigned,
      duplicate: false,
    };
  });
  const forAgents = result.duplicate
    ? await presentMessage(deps, result.row, { kind: 'operator', operatorId: input.operatorId })
    : await publish(deps, result.row);
  return { message: forAgents, assigned: result.assigned, duplicate: result.duplicate };
}

export type SystemEvent = 'closed' | 'assigned' | 'reopened';

async function insertSystemMessage(
  trx: Db,
  deps: Pick<AppDeps, 'clock'>,
  conversation: repo.ConversationRow,
  event: SystemEvent,
  operatorId: number | null,
  by: string | undefined,
): Promise<repo.MessageWithOwner> {
  const at = isoNow(deps.clock);
  const inserted = await repo.insertMessage(trx, {
    conversation_id: conversation.id,
    sender: 'system',
    sender_key: 'system',
    operator_id: operatorId,
    client_message_id: null,
    message_type: 'system',
    payload: JSON.stringify(by === undefined ? { event } : { event, by }),
    created_at: at,
  });
  await repo.touchConversation(trx, conversation.id, at);
  return { ...inserted, member_id: conversation.member_id, guest_id: conversation.guest_id };
}

/**
 * A `system` message in a conversation (e.g. `assigned`), published like any other. `by` is
 * shown to the customer as written: a display name, never an operator's sign-in name.
 */
export async function postSystemMessage(
  deps: Deps,
  input: { conversationId: string; event: SystemEvent; operatorId?: number; by?: string },
): Promise<ChatMessage> {
  const row = await withTransaction(deps.db, async (trx) => {
    await lockKey(trx, `chat:conversation:${input.conversationId}`);
    const conversation = await repo.findConversation(trx, input.conversationId);
    if (!conversation) throw new ChatError('NO_DATA', 404);
    return insertSystemMessage(
      trx,
      deps,
      conversation,
      input.event,
      input.operatorId ?? null,
      input.by,
    );
  });
  return publish(deps, row);
}

/**
 * An agent closes a conversation: status closed and a `system` `closed` message, published to
 * the customer and the agents; the customer's next message opens a new conversation (a new
 * session_id). Closing a closed conversation changes nothing (`closed: false`).
 */
export async function closeConversation(
  deps: Deps,
  input: { id: string; operatorId: number },
): Promise<{ closed: boolean; message: ChatMessage | null }> {
  const row = await withTransaction(deps.db, async (trx) => {
    await lockKey(trx, `chat:conversation:${input.id}`);
    const conversation = await repo.findConversation(trx, input.id);
    if (!conversation) throw new ChatError('NO_DATA', 404);
    const at = isoNow(deps.clock);
    if (!(await repo.closeConversation(trx, conversation.id, input.operatorId, at))) return null;
    return insertSystemMessage(trx, deps, conversation, 'closed', input.operatorId, undefined);
  });
  if (!row) return { closed: false, message: null };
  return { closed: true, message: await publish(deps, row) };
}
