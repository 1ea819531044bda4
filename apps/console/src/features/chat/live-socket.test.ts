import { QueryClient } from '@tanstack/react-query';
import type { ChatConversationRow } from '@wallet/contract';
import { chatSocket, type ChatMessage } from '@wallet/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxLive, LIST_SETTLE_MS, REJOIN_CHECK_MS, type InboxSocketLike } from './live-socket';

/** A Socket.IO client stand-in: the test plays the server (`serverSends`) and the network. */
class FakeSocket implements InboxSocketLike {
  connected = false;
  readonly emitted: string[] = [];
  connectCalls = 0;
  disconnectCalls = 0;
  private readonly handlers = new Map<string, ((arg: unknown) => void)[]>();

  on(event: string, listener: (...args: never[]) => void): this {
    const list = this.handlers.get(event) ?? [];
    list.push(listener as (arg: unknown) => void);
    this.handlers.set(event, list);
    return this;
  }
  emit(event: string): this {
    this.emitted.push(event);
    return this;
  }
  connect(): this {
    this.connectCalls++;
    return this;
  }
  disconnect(): this {
    this.disconnectCalls++;
    this.connected = false;
    return this;
  }
  fire(event: string, arg?: unknown): void {
    for (const listener of this.handlers.get(event) ?? []) listener(arg);
  }
  /** The network comes up (or back). */
  up(): void {
    this.connected = true;
    this.fire('connect');
  }
  down(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }
  serverSends(event: string, payload: unknown): void {
    this.fire(event, payload);
  }
}

const ME = 7;

function row(id: string, over: Partial<ChatConversationRow> = {}): ChatConversationRow {
  return {
    id,
    status: 'open',
    member: { memberNo: 'M1', name: 'Member ' + id, phone: '0800000000' },
    guestLabel: null,
    assignee: null,
    lastActivityAt: '2026-11-25T10:00:00.000Z',
    lastMessagePreview: 'hello',
    unread: 0,
    createdAt: '2026-11-25T09:00:00.000Z',
    ...over,
  };
}

function message(id: string, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: id,
    clientMessageId: `client-${id}`,
    sender: 'customer',
    message: { message_type: 'text', payload: `text ${id}` },
    userId: 'M1',
    guestId: null,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: `2026-11-25T10:0${id}:00.000Z`,
    session_id: 'c1',
    ...over,
  } as ChatMessage;
}

function listOf(...rows: ChatConversationRow[]) {
  return {
    rows,
    total: rows.length,
    page: 1,
    unreadTotal: rows.reduce((sum, r) => sum + r.unread, 0),
  };
}

function threadOf(conversation: ChatConversationRow, messages: ChatMessage[]) {
  return { conversation, messages, hasOlder: false, notes: [], member: null, agents: [] };
}

type List = ReturnType<typeof listOf>;
type Thread = ReturnType<typeof threadOf>;

describe('the inbox live socket', () => {
  let client: QueryClient;
  let socket: FakeSocket;
  let beeps: number;
  let live: InboxLive;

  async function start(options: { token?: string } = {}) {
    live = new InboxLive({
      token: options.token ?? 'operator-token',
      me: ME,
      client,
      connect: async () => socket,
      onCustomerMessage: () => beeps++,
    });
    await live.start();
  }

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    socket = new FakeSocket();
    beeps = 0;
  });
  afterEach(() => {
    live?.stop();
    client.clear();
    vi.useRealTimers();
  });

  it('goes live on connect: joins, and catches up over REST', async () => {
    client.setQueryData(['chat', 'thread', 'c1'], threadOf(row('c1'), []));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await start();
    expect(live.status).toBe('connecting');
    socket.up();
    expect(live.status).toBe('live');
    expect(socket.emitted).toEqual([chatSocket.join]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chat'] });
  });

  it('merges a message into the open thread once, however often it arrives', async () => {
    const first = message('1');
    client.setQueryData(['chat', 'thread', 'c1'], threadOf(row('c1'), [first]));
    await start();
    socket.up();
    const second = message('2');
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c1', message: second });
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c1', message: second });
    // The same message known only by its client id (a copy without the server id yet).
    socket.serverSends(chatSocket.inboxMessage, {
      conversationId: 'c1',
      message: { ...second, _id: null },
    });
    const thread = client.getQueryData<Thread>(['chat', 'thread', 'c1'])!;
    expect(thread.messages.map((m) => m._id)).toEqual(['1', '2']);
    // One new customer message: one unread (the thread then moves the read mark).
    expect(thread.conversation.unread).toBe(1);
    expect(beeps).toBe(1);
    // Another thread's cache is untouched.
    expect(client.getQueryData(['chat', 'thread', 'c2'])).toBeUndefined();
  });

  it('moves the row up with its unread count, bumps the title total and beeps once', async () => {
    client.setQueryData(
      ['chat', 'conversations', 'all', 'open'],
      listOf(row('c2', { lastActivityAt: '2026-11-25T10:05:00.000Z' }), row('c1')),
    );
    await start();
    socket.up();
    const incoming = message('9', { createdAt: '2026-11-25T10:09:00.000Z' });
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c1', message: incoming });
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c1', message: incoming });
    const list = client.getQueryData<List>(['chat', 'conversations', 'all', 'open'])!;
    expect(list.rows.map((r) => r.id)).toEqual(['c1', 'c2']);
    expect(list.rows[0]).toMatchObject({
      unread: 1,
      lastMessagePreview: 'text 9',
      lastMessage: { type: 'text', text: 'text 9' },
    });
    expect(list.unreadTotal).toBe(1);
    expect(beeps).toBe(1);
  });

  it('does not beep or count for agents’ own replies or another agent’s conversation', async () => {
    client.setQueryData(
      ['chat', 'conversations', 'all', 'open'],
      listOf(row('c1'), row('c3', { assignee: { id: 99, username: 'other' } })),
    );
    await start();
    socket.up();
    socket.serverSends(chatSocket.inboxMessage, {
      conversationId: 'c1',
      message: message('4', { sender: 'agent' }),
    });
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c3', message: message('5') });
    const list = client.getQueryData<List>(['chat', 'conversations', 'all', 'open'])!;
    expect(list.rows.find((r) => r.id === 'c3')!.unread).toBe(1);
    expect(list.unreadTotal).toBe(0);
    expect(beeps).toBe(0);
  });

  it('refetches the lists once after a burst of events (new conversations, exact totals)', async () => {
    client.setQueryData(['chat', 'conversations', 'all', 'open'], listOf(row('c1')));
    await start();
    socket.up();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    for (const id of ['1', '2', '3'])
      socket.serverSends(chatSocket.inboxMessage, { conversationId: 'new', message: message(id) });
    expect(invalidate).not.toHaveBeenCalled();
    // A message of a conversation no list shows yet beeps (it is nobody's yet).
    expect(beeps).toBe(3);
    vi.advanceTimersByTime(LIST_SETTLE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chat', 'conversations'] });
  });

  it('moves a changed conversation between the lists and updates the open thread', async () => {
    const unassigned = ['chat', 'conversations', 'unassigned', 'open'];
    const mine = ['chat', 'conversations', 'mine', 'open'];
    const closed = ['chat', 'conversations', 'all', 'closed'];
    client.setQueryData(unassigned, listOf(row('c1'), row('c2')));
    client.setQueryData(mine, listOf());
    client.setQueryData(closed, listOf());
    client.setQueryData(['chat', 'thread', 'c1'], threadOf(row('c1'), []));
    await start();
    socket.up();

    const assigned = row('c1', { assignee: { id: ME, username: 'support' } });
    socket.serverSends(chatSocket.inboxConversation, assigned);
    expect(client.getQueryData<List>(unassigned)!.rows.map((r) => r.id)).toEqual(['c2']);
    expect(client.getQueryData<List>(unassigned)!.total).toBe(1);
    expect(client.getQueryData<List>(mine)!.rows).toEqual([assigned]);
    expect(client.getQueryData<Thread>(['chat', 'thread', 'c1'])!.conversation).toEqual(assigned);

    const closedRow = { ...assigned, status: 'closed' as const };
    socket.serverSends(chatSocket.inboxConversation, closedRow);
    expect(client.getQueryData<List>(mine)!.rows).toEqual([]);
    expect(client.getQueryData<List>(closed)!.rows).toEqual([closedRow]);
    expect(client.getQueryData<Thread>(['chat', 'thread', 'c1'])!.conversation.status).toBe(
      'closed',
    );
  });

  it('keeps a visitor address on one row: another of its conversations stays folded (0121)', async () => {
    const grouped = ['chat', 'conversations', 'all', 'open'];
    const byAddress = ['chat', 'conversations', 'all', 'open', 'addr-1'];
    const visitor = (id: string, over: Partial<ChatConversationRow> = {}) =>
      row(id, { member: null, guestLabel: id, addressGroup: 'addr-1', ...over });
    client.setQueryData(grouped, listOf(visitor('g1', { sameAddress: 3 }), row('m1')));
    client.setQueryData(byAddress, listOf(visitor('g1'), visitor('g2'), visitor('g3')));
    await start();
    socket.up();

    // An agent takes g2 (not the row the grouped list shows): the grouped list keeps one row.
    const taken = visitor('g2', { assignee: { id: ME, username: 'support' } });
    socket.serverSends(chatSocket.inboxConversation, taken);
    expect(client.getQueryData<List>(grouped)!.rows.map((r) => r.id)).toEqual(['g1', 'm1']);
    expect(
      client
        .getQueryData<List>(byAddress)!
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual(['g1', 'g2', 'g3']);
    // The row the grouped list shows keeps the list's count when it changes.
    socket.serverSends(chatSocket.inboxConversation, visitor('g1', { unread: 1 }));
    expect(client.getQueryData<List>(grouped)!.rows.find((r) => r.id === 'g1')).toMatchObject({
      sameAddress: 3,
      unread: 1,
    });
    // A conversation of another address never joins the address's own list.
    socket.serverSends(chatSocket.inboxConversation, visitor('x1', { addressGroup: 'addr-2' }));
    expect(client.getQueryData<List>(byAddress)!.rows.map((r) => r.id)).not.toContain('x1');
  });

  it('keeps the title total in step when a conversation is read or assigned away', async () => {
    const all = ['chat', 'conversations', 'all', 'open'];
    const mine = ['chat', 'conversations', 'mine', 'open'];
    client.setQueryData(all, listOf(row('c1', { unread: 2 }), row('c2', { unread: 1 })));
    client.setQueryData(mine, listOf());
    client.getQueryData<List>(mine)!.unreadTotal = 3;
    await start();
    socket.up();

    // Read: the row's 2 leave the total of every list at once (the badge and the title agree).
    socket.serverSends(chatSocket.inboxConversation, row('c1', { unread: 0 }));
    expect(client.getQueryData<List>(all)!.unreadTotal).toBe(1);
    expect(client.getQueryData<List>(mine)!.unreadTotal).toBe(1);
    // Assigned to another agent: it no longer counts for me.
    const other = { id: ME + 1, username: 'other' };
    socket.serverSends(chatSocket.inboxConversation, row('c2', { unread: 1, assignee: other }));
    expect(client.getQueryData<List>(all)!.unreadTotal).toBe(0);
  });

  it('reconnects: polling while down, connect() every 5 s, live again with a catch-up', async () => {
    await start();
    socket.up();
    socket.down();
    expect(live.status).toBe('reconnecting');
    vi.advanceTimersByTime(REJOIN_CHECK_MS - 1);
    expect(socket.connectCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(1);
    vi.advanceTimersByTime(REJOIN_CHECK_MS);
    expect(socket.connectCalls).toBe(2);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    socket.up();
    expect(live.status).toBe('live');
    expect(socket.emitted).toEqual([chatSocket.join, chatSocket.join]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chat'] });
    // Connected: the 5 s check leaves the socket alone.
    vi.advanceTimersByTime(REJOIN_CHECK_MS * 3);
    expect(socket.connectCalls).toBe(2);
  });

  it('keeps retrying after a passing connect error or a handshake the server failed', async () => {
    await start();
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(live.status).toBe('connecting');
    vi.advanceTimersByTime(REJOIN_CHECK_MS);
    expect(socket.connectCalls).toBe(1);
    socket.fire(
      'connect_error',
      Object.assign(new Error('UNAUTHORIZED'), { data: { code: 'UNAUTHORIZED', status: 500 } }),
    );
    vi.advanceTimersByTime(REJOIN_CHECK_MS);
    expect(socket.connectCalls).toBe(2);
    expect(socket.disconnectCalls).toBe(0);
  });

  it.each(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN'])(
    'stops retrying when the handshake is refused with %s',
    async (code) => {
      await start();
      socket.up();
      socket.down('io server disconnect');
      socket.fire('connect_error', Object.assign(new Error(code), { data: { code, status: 401 } }));
      expect(live.status).toBe('off');
      expect(socket.disconnectCalls).toBe(1);
      vi.advanceTimersByTime(REJOIN_CHECK_MS * 4);
      expect(socket.connectCalls).toBe(0);
    },
  );

  it('stop() closes the socket and ignores what arrives later', async () => {
    client.setQueryData(['chat', 'thread', 'c1'], threadOf(row('c1'), []));
    await start();
    socket.up();
    live.stop();
    expect(socket.disconnectCalls).toBe(1);
    expect(live.status).toBe('off');
    socket.serverSends(chatSocket.inboxMessage, { conversationId: 'c1', message: message('1') });
    expect(client.getQueryData<Thread>(['chat', 'thread', 'c1'])!.messages).toEqual([]);
    vi.advanceTimersByTime(REJOIN_CHECK_MS * 2);
    expect(socket.connectCalls).toBe(0);
    expect(beeps).toBe(0);
  });

  it('a socket that arrives after stop() is closed at once', async () => {
    let resolve!: (s: InboxSocketLike) => void;
    live = new InboxLive({
      token: 't',
      me: ME,
      client,
      connect: () => new Promise((r) => (resolve = r)),
    });
    const starting = live.start();
    live.stop();
    resolve(socket);
    await starting;
    expect(socket.disconnectCalls).toBe(1);
  });

  it('a socket that cannot be opened leaves polling on', async () => {
    live = new InboxLive({
      token: 't',
      me: ME,
      client,
      connect: () => Promise.reject(new Error('chunk failed')),
    });
    await live.start();
    expect(live.status).toBe('off');
  });
});
