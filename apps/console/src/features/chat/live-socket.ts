// The agent inbox's live socket (issue 14, decisions 0097 and 0098). One Socket.IO connection
// per signed-in console session while the Chat section is open; the operator's token in the
// handshake puts it in the agents' room (the server picks the room, the client names none).
// - `inbox:message` { conversationId, message }: the message is merged into the open thread's
//   cache (mergeChatMessages: each message once), the conversation's row in the cached lists
//   moves up with its unread count, and the unread total (the title badge) counts a customer
//   message at once; a new customer message beeps. The lists are then fetched again (debounced)
//   so counts and new conversations settle on the server's figures.
// - `inbox:conversation` (a summary row): the row replaces its copy in the lists it belongs to
//   (view and status), leaves the others, and the open thread's header follows it.
// - Reconnects: the socket retries every 500 ms itself; every 5 s a disconnected socket is
//   asked to connect again (the member side's rule). Each (re)connect emits `join` and
//   refetches the chat queries (the catch-up over REST). While not connected the page polls
//   every 10 s (./live.ts). A handshake refused as UNAUTHORIZED or EXPIRED_AUTH_TOKEN stops
//   retrying: the page keeps polling, and the REST calls end the session when it is over.
import type { QueryClient } from '@tanstack/react-query';
import type { ChatConversationRow } from '@wallet/contract';
import { chatPreviewOf, chatSocket, limits, mergeChatMessages } from '@wallet/contract/client';
import type { ChatMessage } from '@wallet/contract/client';
import type { routes } from '@wallet/contract/routes';
import { chatSocketOptions } from '@wallet/client/chat-socket';
import type { ApiAnswer } from '@/lib/api';
import { keys } from './api';

export const REJOIN_CHECK_MS = limits.chatRejoinCheckMs;
/** Lists are fetched again this long after the last event of a burst. */
export const LIST_SETTLE_MS = 300;
/** Handshake refusals that no retry can cure. */
const FINAL_REFUSALS = new Set(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

type ListAnswer = ApiAnswer<typeof routes.operatorChat.conversations>;
type ThreadAnswer = ApiAnswer<typeof routes.operatorChat.thread>;

/**
 * connecting: not yet connected; live: events arrive; reconnecting: lost, retrying (polling
 * meanwhile); off: refused or signed out (polling only).
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

/** What the controller needs of a Socket.IO client socket (tests pass a fake). */
export interface InboxSocketLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: typeof chatSocket.join): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type InboxSocketFactory = (token: string) => Promise<InboxSocketLike>;

/** The real socket: socket.io-client is loaded on demand (it rides in its own chunk). */
export const connectInboxSocket: InboxSocketFactory = async (token) => {
  const { io } = await import('socket.io-client');
  return io(chatSocketOptions({ token }));
};

export interface InboxLiveOptions {
  token: string;
  /** The signed-in operator's id: "mine" and what the unread total counts. */
  me: number | undefined;
  client: QueryClient;
  connect: InboxSocketFactory;
  /** A new customer message in a conversation the agent answers (the beep). */
  onCustomerMessage?: () => void;
}

interface InboxMessageEvent {
  conversationId: string;
  message: ChatMessage;
}

const THREAD = keys.thread;
const LISTS = keys.lists;
const PREVIEW_MAX = 140;
/** How many message ids are remembered to sound and count each message once. */
const SEEN_MAX = 1000;

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return (
    (!!a._id && a._id === b._id) || (!!a.clientMessageId && a.clientMessageId === b.clientMessageId)
  );
}

/** The list's one-line preview for a text (others wait for the list's refetch). */
function previewOf(message: ChatMessage): string | null {
  if (message.message.message_type !== 'text' || typeof message.message.payload !== 'string')
    return null;
  const flat = message.message.payload.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

const byActivity = (a: ChatConversationRow, b: ChatConversationRow) =>
  a.lastActivityAt === b.lastActivityAt
    ? b.id.localeCompare(a.id)
    : a.lastActivityAt < b.lastActivityAt
      ? 1
      : -1;

export class InboxLive {
  private socket: InboxSocketLike | null = null;
  private statusNow: LiveStatus = 'connecting';
  private stopped = false;
  private refused = false;
  private rejoinTimer: ReturnType<typeof setInterval> | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly seen = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: InboxLiveOptions) {}

  get status(): LiveStatus {
    return this.statusNow;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(status: LiveStatus): void {
    if (this.statusNow === status) return;
    this.statusNow = status;
    for (const listener of this.listeners) listener();
  }

  async start(): Promise<void> {
    let socket: InboxSocketLike;
    try {
      socket = await this.options.connect(this.options.token);
    } catch {
      // No socket library or no connection: polling keeps the inbox current.
      if (!this.stopped) this.setStatus('off');
      return;
    }
    if (this.stopped) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    const on = socket.on.bind(socket) as (event: string, listener: (arg: never) => void) => void;
    on('connect', () => this.connected());
    on('disconnect', () => {
      if (!this.stopped && !this.refused) this.setStatus('reconnecting');
    });
    on('connect_error', (error: { message?: string; data?: { code?: string; status?: number } }) =>
      this.connectError(error),
    );
    on(chatSocket.inboxMessage, (event: InboxMessageEvent) => this.onMessage(event));
    on(chatSocket.inboxConversation, (row: ChatConversationRow) => this.onConversation(row));
    if (socket.connected) this.connected();
    this.rejoinTimer = setInterval(() => {
      if (!this.stopped && !this.refused && !socket.connected) socket.connect();
    }, REJOIN_CHECK_MS);
  }

  /** Sign-out, idle timeout, leaving the Chat section: the socket closes for good. */
  stop(): void {
    this.stopped = true;
    if (this.rejoinTimer) clearInterval(this.rejoinTimer);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.rejoinTimer = null;
    this.settleTimer = null;
    this.socket?.disconnect();
    this.socket = null;
    this.setStatus('off');
  }

  private connected(): void {
    if (this.stopped || !this.socket) return;
    this.setStatus('live');
    this.socket.emit(chatSocket.join);
    // What happened while not connected comes over REST (merged, so nothing shows twice).
    void this.options.client.invalidateQueries({ queryKey: keys.all });
  }

  private connectError(error: {
    message?: string;
    data?: { code?: string; status?: number };
  }): void {
    if (this.stopped) return;
    const code = error?.data?.code ?? error?.message ?? '';
    // The server answers a handshake it could not check (its own failure) with status 500:
    // that one is retried.
    const status = error?.data?.status;
    if (FINAL_REFUSALS.has(code) && (status === undefined || status < 500)) {
      this.refused = true;
      if (this.rejoinTimer) clearInterval(this.rejoinTimer);
      this.rejoinTimer = null;
      this.socket?.disconnect();
      this.setStatus('off');
      return;
    }
    this.setStatus(this.statusNow === 'live' ? 'reconnecting' : this.statusNow);
  }

  /** Whether the unread total (and the beep) counts this conversation for this agent. */
  private counts(row: Pick<ChatConversationRow, 'status' | 'assignee'>): boolean {
    return row.status === 'open' && (row.assignee === null || row.assignee.id === this.options.me);
  }

  private onMessage(event: InboxMessageEvent): void {
    if (this.stopped || !event || typeof event.conversationId !== 'string' || !event.message)
      return;
    const { conversationId, message } = event;
    const { client } = this.options;
    const key = message._id ?? (message.clientMessageId ? `c:${message.clientMessageId}` : null);
    const fresh = key === null || !this.seen.has(key);
    if (key !== null) {
      this.seen.add(key);
      if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value!);
    }
    const customer = message.sender === 'customer';

    let alreadyShown = false;
    client.setQueryData<ThreadAnswer>(THREAD(conversationId), (old) => {
      if (!old) return old;
      alreadyShown = old.messages.some((m) => sameMessage(m, message));
      const bump = customer && fresh && !alreadyShown;
      return {
        ...old,
        messages: mergeChatMessages(old.messages, [message]),
        conversation: bump
          ? { ...old.conversation, unread: old.conversation.unread + 1 }
          : old.conversation,
      };
    });
    const isNew = fresh && !alreadyShown;

    let known: ChatConversationRow | undefined;
    for (const query of client.getQueryCache().findAll({ queryKey: LISTS })) {
      client.setQueryData<ListAnswer>(query.queryKey, (old) => {
        const row = old?.rows.find((r) => r.id === conversationId);
        if (!old || !row) return old;
        known ??= row;
        if (!isNew) return old;
        const preview = previewOf(message);
        const next: ChatConversationRow = {
          ...row,
          lastActivityAt: message.createdAt ?? row.lastActivityAt,
          ...(preview !== null ? { lastMessagePreview: preview } : {}),
          // Any kind: the list words it in the console's language (issue 26).
          lastMessage: chatPreviewOf(message.message.message_type, message.message.payload),
          unread: customer ? row.unread + 1 : row.unread,
        };
        return {
          ...old,
          rows: old.rows.map((r) => (r.id === conversationId ? next : r)).sort(byActivity),
          unreadTotal: old.unreadTotal + (customer && this.counts(row) ? 1 : 0),
        };
      });
    }
    // A conversation no list shows yet (a new one) raises the total after the refetch.
    this.settleLists();
    if (customer && isNew && (!known || this.counts(known))) this.options.onCustomerMessage?.();
  }

  private onConversation(row: ChatConversationRow): void {
    if (this.stopped || !row || typeof row.id !== 'string') return;
    const { client, me } = this.options;
    // The title's total moves with the row it counts (read, assigned away, closed), so it
    // never says more than the badges between now and the lists' refetch.
    let before: ChatConversationRow | undefined;
    for (const query of client.getQueryCache().findAll({ queryKey: LISTS }))
      before ??= client.getQueryData<ListAnswer>(query.queryKey)?.rows.find((r) => r.id === row.id);
    const counted = (r: ChatConversationRow) => (this.counts(r) ? r.unread : 0);
    const delta = before ? counted(row) - counted(before) : 0;
    client.setQueryData<ThreadAnswer>(THREAD(row.id), (old) =>
      old ? { ...old, conversation: row } : old,
    );
    for (const query of client.getQueryCache().findAll({ queryKey: LISTS })) {
      const [, , view, status, address] = query.queryKey as [
        string,
        string,
        string?,
        string?,
        string?,
      ];
      const fits =
        row.status === status &&
        (view === 'all' ||
          (view === 'mine' && row.assignee !== null && row.assignee.id === me) ||
          (view === 'unassigned' && row.assignee === null)) &&
        (address === undefined || row.addressGroup === address);
      client.setQueryData<ListAnswer>(query.queryKey, (old) => {
        if (!old) return old;
        const had = old.rows.find((r) => r.id === row.id);
        // A grouped list shows one row per visitor address (decision 0121): a conversation
        // whose address another row stands for stays folded into it until the refetch.
        const folded =
          address === undefined &&
          row.addressGroup !== undefined &&
          old.rows.some((r) => r.id !== row.id && r.addressGroup === row.addressGroup);
        if (!had && (!fits || folded))
          return { ...old, unreadTotal: Math.max(0, old.unreadTotal + delta) };
        const rows = old.rows.filter((r) => r.id !== row.id);
        // The group's count is the list's, not the row's: keep what the list said.
        if (fits)
          rows.push(
            had?.sameAddress !== undefined ? { ...row, sameAddress: had.sameAddress } : row,
          );
        rows.sort(byActivity);
        return {
          ...old,
          rows,
          total: old.total + (fits ? 1 : 0) - (had ? 1 : 0),
          unreadTotal: Math.max(0, old.unreadTotal + delta),
        };
      });
    }
    this.settleLists();
  }

  /** The lists (and the unread total) fetched again once a burst of events is over. */
  private settleLists(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (!this.stopped) void this.options.client.invalidateQueries({ queryKey: LISTS });
    }, LIST_SETTLE_MS);
  }
}
