// The chat's state and its rules (spec sections 2, 4, 7 and 9; decision 0100), free of React
// so that tests drive it with fake timers, a fake API and a fake socket:
// - start: the config (room prefix, guest id), the first history page, then the live socket;
// - history 10 per page, newest first on the wire, kept oldest first here;
// - sends are optimistic, carry a client message id and go out 500 ms later; the echo from
//   the socket or a history page is merged by server id / client message id, never twice;
// - attachments: uploading_file (progress %) -> sending -> succeed | failed; a failed one is
//   resent (uploaded again when it never got a path) or removed;
// - live: on every (re)connect the client asks to join and catches up over REST; every 5 s
//   a disconnected socket is reconnected (the socket also retries every 500 ms itself);
// - mark-as-read: debounced 1 s, only while the panel (and the document) is visible.
import type { ChatAttachmentKind, ChatMessage } from '@wallet/contract/client';
import { chatSocket, checkChatAttachment, limits } from '@wallet/contract/client';
import { mergeEntries as mergeMessageEntries, sameMessage } from './merge';

export const CHAT_PAGE_SIZE = limits.chatHistoryPageSize;
export const SEND_DELAY_MS = limits.chatSendDelayMs;
export const REJOIN_CHECK_MS = limits.chatRejoinCheckMs;
export const MARK_READ_DEBOUNCE_MS = limits.chatMarkReadDebounceMs;
/** Catch-up after a reconnect reads at most this many pages before giving up on overlap. */
const CATCH_UP_MAX_PAGES = 5;

export type DeliveryStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';

export interface ChatEntry {
  /** Stable React key: the client message id of our own messages, else the server id. */
  key: string;
  message: ChatMessage;
  status: DeliveryStatus;
  /** 0..100 while uploading. */
  progress?: number;
  /** An attachment not uploaded yet: a resend uploads it again. */
  file?: File;
  /** A local preview (object URL) of an image being sent, until the server's link arrives. */
  previewUrl?: string;
  /** The failure's code (catalogue or client error), when failed. */
  error?: string;
}

export interface ChatCaller {
  /** The member's bearer token, or null for a visitor. */
  token: string | null;
  /** The signed guest id (visitors; members send it too so their guest chat is adopted). */
  guestId: string | null;
  userId: string | null;
  username: string | null;
  name: string | null;
}

export interface SendAnswer {
  createdAt: string;
  _id?: string;
  session_id?: string | null;
}

export interface ChatMember {
  userId: string;
  username: string | null;
  name: string | null;
}

export interface ChatApi {
  /** GET /api/chat/config: the room prefix and a freshly signed guest id. */
  config(): Promise<{ PREFIX: string; guestId: string }>;
  /** The signed-in member's profile (the spec's chat uses the profile id), or null for a visitor. */
  member(): Promise<ChatMember | null>;
  history(caller: ChatCaller, page: { limit: number; skip: number }): Promise<ChatMessage[]>;
  send(caller: ChatCaller, conversation: ChatMessage): Promise<SendAnswer>;
  upload(
    caller: ChatCaller,
    kind: ChatAttachmentKind,
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<{ path: string }>;
  markRead(caller: ChatCaller): Promise<unknown>;
}

/** The part of a Socket.IO client socket the chat uses. */
export interface ChatSocketLike {
  readonly connected: boolean;
  /** 'connect' and 'disconnect' pass no message. */
  on(
    event: 'connect' | 'disconnect' | typeof chatSocket.messaging,
    listener: (message: ChatMessage) => void,
  ): unknown;
  emit(event: typeof chatSocket.join): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (caller: ChatCaller) => Promise<ChatSocketLike>;

export interface ChatState {
  phase: 'starting' | 'ready' | 'failed';
  entries: ChatEntry[];
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  connected: boolean;
  /** Counts agent messages that arrived live (the "new messages" hint and the unread dot). */
  arrivals: number;
}

export interface ChatControllerOptions {
  api: ChatApi;
  connectSocket?: SocketFactory;
  getToken: () => string | null;
  readGuestId: () => string | null;
  writeGuestId: (guestId: string) => void;
  newId: () => string;
  /** Object URLs for image previews (absent in tests and old browsers). */
  previewUrl?: (file: File) => string | undefined;
  revokeUrl?: (url: string) => void;
}

function errorCode(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'NETWORK_ERROR';
}

const isAgent = (message: ChatMessage) => message.sender !== 'customer';

/** Merges server messages into the entries (oldest first), by server id or client id. */
export function mergeEntries(current: readonly ChatEntry[], incoming: readonly ChatMessage[]) {
  return mergeMessageEntries(current, incoming, (message, index) => ({
    key: message._id ?? message.clientMessageId ?? `m${index}`,
    message,
    status: 'succeed' as const,
  }));
}

export class ChatController {
  private state: ChatState = {
    phase: 'starting',
    entries: [],
    hasMore: true,
    loadingOlder: false,
    olderFailed: false,
    connected: false,
    arrivals: 0,
  };
  private readonly listeners = new Set<() => void>();
  private caller: ChatCaller | null = null;
  private socket: ChatSocketLike | null = null;
  private rejoinTimer: ReturnType<typeof setInterval> | null = null;
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private visible = false;
  private disposed = false;
  private startRun = 0;

  constructor(private readonly options: ChatControllerOptions) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ChatState => this.state;

  private set(patch: Partial<ChatState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private merge(incoming: readonly ChatMessage[], live = false): void {
    const { entries, added } = mergeEntries(this.state.entries, incoming);
    const arrivals = live ? added.filter(isAgent).length : 0;
    this.set({ entries, arrivals: this.state.arrivals + arrivals });
    if (added.some(isAgent)) this.scheduleRead();
  }

  private update(key: string, patch: (entry: ChatEntry) => ChatEntry): void {
    this.set({
      entries: this.state.entries.map((entry) => (entry.key === key ? patch(entry) : entry)),
    });
  }

  /** Starts (or, from the header's reload, restarts) the conversation. */
  async start(): Promise<void> {
    const run = ++this.startRun;
    this.set({ phase: 'starting', olderFailed: false });
    try {
      const { api } = this.options;
      const [config, member] = await Promise.all([api.config(), api.member()]);
      if (run !== this.startRun || this.disposed) return;
      // The stored guest id is kept while the server still accepts it (decision 0095).
      const stored = this.options.readGuestId();
      const caller: ChatCaller = {
        token: this.options.getToken(),
        guestId: stored ?? config.guestId,
        userId: member?.userId ?? null,
        username: member?.username ?? null,
        name: member?.name ?? null,
      };
      let page: ChatMessage[];
      try {
        page = await api.history(caller, { limit: CHAT_PAGE_SIZE, skip: 0 });
      } catch (error) {
        if (!stored || stored === config.guestId || errorCode(error) !== 'KEY_INVALID') throw error;
        caller.guestId = config.guestId;
        page = await api.history(caller, { limit: CHAT_PAGE_SIZE, skip: 0 });
      }
      if (run !== this.startRun || this.disposed) return;
      if (caller.guestId) this.options.writeGuestId(caller.guestId);
      this.caller = caller;
      // A reload keeps what is still on its way; the server's copies replace the rest.
      const pending = this.state.entries.filter((entry) => entry.status !== 'succeed');
      const { entries } = mergeEntries(pending, page);
      this.set({ phase: 'ready', entries, hasMore: page.length >= CHAT_PAGE_SIZE });
      this.scheduleRead();
    } catch {
      if (run === this.startRun) this.set({ phase: 'failed' });
      return;
    }
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.socket || !this.options.connectSocket || !this.caller) return;
    let socket: ChatSocketLike;
    try {
      socket = await this.options.connectSocket(this.caller);
    } catch {
      // No live socket: REST still works (a reload catches up).
      return;
    }
    if (this.disposed) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    socket.on('connect', () => {
      this.set({ connected: true });
      socket.emit(chatSocket.join);
      void this.catchUp();
    });
    socket.on('disconnect', () => this.set({ connected: false }));
    socket.on(chatSocket.messaging, (message) => this.merge([message], true));
    if (socket.connected) {
      this.set({ connected: true });
      socket.emit(chatSocket.join);
    }
    this.rejoinTimer = setInterval(() => {
      if (!socket.connected) socket.connect();
    }, REJOIN_CHECK_MS);
  }

  /** After a (re)connect: read the newest pages until they overlap what is shown. */
  async catchUp(): Promise<void> {
    const caller = this.caller;
    if (!caller) return;
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      let messages: ChatMessage[];
      try {
        messages = await this.options.api.history(caller, {
          limit: CHAT_PAGE_SIZE,
          skip: page * CHAT_PAGE_SIZE,
        });
      } catch {
        return;
      }
      const known = messages.filter((m) =>
        this.state.entries.some((entry) => sameMessage(entry.message, m)),
      );
      this.merge(messages, true);
      if (known.length > 0 || messages.length < CHAT_PAGE_SIZE) return;
    }
  }

  /** The next 10 older messages (the member scrolled to the top). */
  async loadOlder(): Promise<void> {
    const caller = this.caller;
    if (!caller || this.state.loadingOlder || !this.state.hasMore) return;
    this.set({ loadingOlder: true, olderFailed: false });
    const skip = this.state.entries.filter((entry) => entry.message._id).length;
    try {
      const page = await this.options.api.history(caller, { limit: CHAT_PAGE_SIZE, skip });
      const { entries } = mergeEntries(this.state.entries, page);
      this.set({ entries, loadingOlder: false, hasMore: page.length >= CHAT_PAGE_SIZE });
    } catch {
      this.set({ loadingOlder: false, olderFailed: true });
    }
  }

  private compose(messageType: string, payload: unknown, clientMessageId: string): ChatMessage {
    const caller = this.caller;
    return {
      clientMessageId,
      sender: 'customer',
      message: { message_type: messageType, payload },
      userId: caller?.userId ?? null,
      guestId: caller?.guestId ?? null,
      username: caller?.username ?? null,
      name: caller?.name ?? null,
      deviceToken: null,
      session_id: null,
    };
  }

  private add(entry: ChatEntry): void {
    this.set({ entries: [...this.state.entries, entry] });
  }

  /** Sends a text; whitespace-only or over-long text is never sent (returns false). */
  sendText(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || trimmed.length > limits.chatMessageMaxLength) return false;
    return this.sendKind('text', trimmed);
  }

  /** A postback button's click. */
  sendPostback(title: string, payload: string): boolean {
    return this.sendKind('postback', { title, payload });
  }

  /** "Ask about this": a statement row, a slip or a withdrawal, as a card the agent sees. */
  sendContext(kind: string, ref: string): boolean {
    return this.sendKind('context', { kind, ref });
  }

  private sendKind(messageType: string, payload: unknown): boolean {
    if (this.state.phase !== 'ready') return false;
    const id = this.options.newId();
    this.add({ key: id, message: this.compose(messageType, payload, id), status: 'sending' });
    this.deliver(id);
    return true;
  }

  /** Checks and sends an attachment; answers the check's failure, if any. */
  sendFile(file: File): ReturnType<typeof checkChatAttachment> {
    const check = checkChatAttachment(file);
    if (!check.ok || this.state.phase !== 'ready') return check;
    const id = this.options.newId();
    const previewUrl = check.kind === 'image' ? this.options.previewUrl?.(file) : undefined;
    this.add({
      key: id,
      message: this.compose(
        'media',
        { message: file.name, url: false, fileType: check.kind, filePath: '' },
        id,
      ),
      status: 'uploading_file',
      progress: 0,
      file,
      ...(previewUrl ? { previewUrl } : {}),
    });
    void this.upload(id);
    return check;
  }

  private entry(key: string): ChatEntry | undefined {
    return this.state.entries.find((entry) => entry.key === key);
  }

  private async upload(key: string): Promise<void> {
    const entry = this.entry(key);
    const file = entry?.file;
    const caller = this.caller;
    if (!entry || !file || !caller) return;
    const payload = entry.message.message.payload as { fileType: ChatAttachmentKind };
    this.update(key, (e) => ({ ...e, status: 'uploading_file', progress: 0, error: undefined }));
    try {
      const { path } = await this.options.api.upload(caller, payload.fileType, file, (fraction) =>
        this.update(key, (e) =>
          e.status === 'uploading_file' ? { ...e, progress: Math.round(fraction * 100) } : e,
        ),
      );
      if (!this.entry(key)) return; // removed meanwhile
      this.update(key, (e) => {
        const { file: _uploaded, ...rest } = e;
        return {
          ...rest,
          status: 'sending',
          progress: 100,
          message: {
            ...e.message,
            message: {
              ...e.message.message,
              payload: { ...(e.message.message.payload as object), filePath: path },
            },
          },
        };
      });
      this.deliver(key);
    } catch (error) {
      this.update(key, (e) => ({ ...e, status: 'failed', error: errorCode(error) }));
    }
  }

  /** The spec's 500 ms delay, then the send call. */
  private deliver(key: string): void {
    const timer = setTimeout(() => {
      this.sendTimers.delete(key);
      void this.post(key);
    }, SEND_DELAY_MS);
    this.sendTimers.set(key, timer);
  }

  private async post(key: string): Promise<void> {
    const entry = this.entry(key);
    const caller = this.caller;
    if (!entry || !caller) return;
    try {
      const answer = await this.options.api.send(caller, entry.message);
      this.update(key, (e) => ({
        ...e,
        status: 'succeed',
        message: {
          ...e.message,
          ...(answer._id ? { _id: answer._id } : {}),
          createdAt: answer.createdAt,
          session_id: answer.session_id ?? e.message.session_id,
        },
      }));
      // The server answers a context message with the item's title, status and amount:
      // read it back (the socket's echo may bring it first; merging keeps one copy).
      if (entry.message.message.message_type === 'context') void this.catchUp();
    } catch (error) {
      this.update(key, (e) => ({ ...e, status: 'failed', error: errorCode(error) }));
    }
  }

  /** Resends a failed message (uploads its file first when it never got a path). */
  resend(key: string): void {
    const entry = this.entry(key);
    if (!entry || entry.status !== 'failed') return;
    if (entry.file) {
      void this.upload(key);
      return;
    }
    this.update(key, (e) => ({ ...e, status: 'sending', error: undefined }));
    this.deliver(key);
  }

  /** Removes a failed message from the list (it was never stored). */
  remove(key: string): void {
    const entry = this.entry(key);
    if (!entry || entry.status === 'succeed') return;
    const timer = this.sendTimers.get(key);
    if (timer) clearTimeout(timer);
    this.sendTimers.delete(key);
    if (entry.previewUrl) this.options.revokeUrl?.(entry.previewUrl);
    this.set({ entries: this.state.entries.filter((e) => e.key !== key) });
  }

  /** The panel (and the document) is visible: unread agent messages get marked read. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.scheduleRead();
    else if (this.readTimer) {
      clearTimeout(this.readTimer);
      this.readTimer = null;
    }
  }

  private scheduleRead(): void {
    if (!this.visible || !this.caller || this.state.phase !== 'ready') return;
    if (!this.state.entries.some((entry) => isAgent(entry.message))) return;
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      const caller = this.caller;
      if (this.visible && caller) void this.options.api.markRead(caller).catch(() => undefined);
    }, MARK_READ_DEBOUNCE_MS);
  }

  dispose(): void {
    this.disposed = true;
    if (this.rejoinTimer) clearInterval(this.rejoinTimer);
    if (this.readTimer) clearTimeout(this.readTimer);
    this.sendTimers.forEach((timer) => clearTimeout(timer));
    this.sendTimers.clear();
    this.socket?.disconnect();
    this.socket = null;
    for (const entry of this.state.entries) {
      if (entry.previewUrl) this.options.revokeUrl?.(entry.previewUrl);
    }
    this.listeners.clear();
  }
}
