import type { ChatMessage } from '@wallet/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  ChatController,
  type ChatApi,
  type ChatCaller,
  type ChatSocketLike,
} from './chat-controller';

const GUEST = 'g.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
const FRESH = 'g.CCCCCCCCCCCCCCCCCCCCCC.DDDDDDDDDDDDDDDDDDDDDD';

function serverMessage(n: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `m${n}`,
    sender: n % 2 ? 'agent' : 'customer',
    message: { message_type: 'text', payload: `message ${n}` },
    userId: null,
    guestId: GUEST,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
    session_id: 's1',
    ...over,
  };
}

/** A server holding `stored` messages (oldest first), answering newest first like the API. */
function fakeServer(count: number) {
  const stored = Array.from({ length: count }, (_, i) => serverMessage(i + 1));
  let next = count + 1;
  const api = {
    config: vi.fn(async () => ({ PREFIX: 'wallet-chat-', guestId: FRESH })),
    member: vi.fn(async () => null),
    history: vi.fn(async (_caller: ChatCaller, page: { limit: number; skip: number }) =>
      [...stored].reverse().slice(page.skip, page.skip + page.limit),
    ),
    send: vi.fn(async (_caller: ChatCaller, conversation: ChatMessage) => {
      const message = serverMessage(next++, {
        ...conversation,
        _id: undefined,
        createdAt: undefined,
        session_id: 's1',
      });
      message._id = `m${next - 1}`;
      message.createdAt = new Date(Date.UTC(2025, 0, 1, 1, next)).toISOString();
      stored.push(message);
      return { _id: message._id, createdAt: message.createdAt, session_id: 's1' };
    }),
    upload: vi.fn(async (_caller, _kind, _file, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return { path: 'chatfile:0123456789abcdef0123456789abcdef' };
    }),
    markRead: vi.fn(async () => ({ message: 'OK' })),
  } satisfies ChatApi;
  return { api, stored, push: (m: ChatMessage) => stored.push(m) };
}

class FakeSocket implements ChatSocketLike {
  connected = true;
  connects = 0;
  joins = 0;
  private handlers = new Map<string, ((arg: ChatMessage) => void)[]>();
  on(event: string, listener: (arg: ChatMessage) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  emit(event: 'join') {
    if (event === 'join') this.joins += 1;
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  fire(event: string, arg?: ChatMessage) {
    for (const handler of this.handlers.get(event) ?? []) handler(arg as ChatMessage);
  }
}

function controller(api: ChatApi, socket?: FakeSocket, stored: string | null = null) {
  let guest = stored;
  let id = 0;
  const chat = new ChatController({
    api,
    getToken: () => null,
    readGuestId: () => guest,
    writeGuestId: (value) => (guest = value),
    newId: () => `c${++id}`,
    ...(socket ? { connectSocket: async () => socket } : {}),
  });
  return { chat, guest: () => guest };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (chat: ChatController) => chat.getState().entries.map((e) => e.message._id ?? e.key);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chat controller: starting and history', () => {
  it('starts with the newest 10, oldest first, and pages back 10 at a time until the start', async () => {
    const server = fakeServer(23);
    const { chat, guest } = controller(server.api);
    await chat.start();
    expect(chat.getState().phase).toBe('ready');
    expect(ids(chat)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 14}`));
    expect(guest()).toBe(FRESH);
    expect(server.api.history).toHaveBeenLastCalledWith(expect.anything(), { limit: 10, skip: 0 });

    await chat.loadOlder();
    expect(server.api.history).toHaveBeenLastCalledWith(expect.anything(), {
      limit: 10,
      skip: 10,
    });
    expect(chat.getState().entries).toHaveLength(20);
    expect(chat.getState().hasMore).toBe(true);
    await chat.loadOlder();
    expect(chat.getState().entries).toHaveLength(23);
    expect(ids(chat)[0]).toBe('m1');
    expect(chat.getState().hasMore).toBe(false);
  });

  it('keeps the stored guest id while the server accepts it, and takes the fresh one when not', async () => {
    const server = fakeServer(0);
    const kept = controller(server.api, undefined, GUEST);
    await kept.chat.start();
    expect(kept.guest()).toBe(GUEST);
    expect(server.api.history.mock.calls[0]![0].guestId).toBe(GUEST);

    server.api.history.mockImplementationOnce(async () => {
      throw new ApiError('KEY_INVALID', 400);
    });
    const forged = controller(server.api, undefined, 'g.forged.forged');
    await forged.chat.start();
    expect(forged.chat.getState().phase).toBe('ready');
    expect(forged.guest()).toBe(FRESH);
  });

  it("fails ('Cannot start chatting') when the config cannot be read", async () => {
    const server = fakeServer(0);
    server.api.config.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 0));
    const { chat } = controller(server.api);
    await chat.start();
    expect(chat.getState().phase).toBe('failed');
  });
});

describe('chat controller: sending', () => {
  it('never sends empty or whitespace-only text, nor more than 2000 characters', async () => {
    const server = fakeServer(0);
    const { chat } = controller(server.api);
    await chat.start();
    expect(chat.sendText('')).toBe(false);
    expect(chat.sendText('  \n\t ')).toBe(false);
    expect(chat.sendText('x'.repeat(2001))).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.api.send).not.toHaveBeenCalled();
    expect(chat.getState().entries).toHaveLength(0);
  });

  it('shows the message at once, sends it 500 ms later with a client message id, then marks it sent', async () => {
    const server = fakeServer(0);
    const { chat } = controller(server.api);
    await chat.start();
    chat.sendText('  hello  ');
    expect(chat.getState().entries[0]).toMatchObject({ status: 'sending', key: 'c1' });
    await vi.advanceTimersByTimeAsync(499);
    expect(server.api.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.api.send).toHaveBeenCalledTimes(1);
    expect(server.api.send.mock.calls[0]![1]).toMatchObject({
      clientMessageId: 'c1',
      sender: 'customer',
      message: { message_type: 'text', payload: 'hello' },
    });
    expect(chat.getState().entries[0]).toMatchObject({
      status: 'succeed',
      message: { _id: 'm1', session_id: 's1' },
    });
  });

  it("the socket's echo and a later history page never show the message twice", async () => {
    const server = fakeServer(0);
    const socket = new FakeSocket();
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    chat.sendText('hello');
    await vi.advanceTimersByTimeAsync(500);
    const stored = server.stored[0]!;
    socket.fire('messaging', stored);
    socket.fire('messaging', { ...stored });
    await chat.catchUp();
    expect(chat.getState().entries).toHaveLength(1);
    expect(chat.getState().entries[0]!.key).toBe('c1');
  });

  it('an echo arriving before the send answer is merged into the pending message', async () => {
    const server = fakeServer(0);
    const socket = new FakeSocket();
    let answer!: () => void;
    server.api.send.mockImplementationOnce(async (_caller, conversation) => {
      const echo = serverMessage(9, { ...conversation, _id: 'm9', session_id: 's1' });
      socket.fire('messaging', echo);
      await new Promise<void>((resolve) => (answer = resolve));
      return { _id: 'm9', createdAt: echo.createdAt!, session_id: 's1' };
    });
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    chat.sendText('hello');
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries).toHaveLength(1);
    answer();
    await flush();
    expect(chat.getState().entries).toHaveLength(1);
    expect(chat.getState().entries[0]).toMatchObject({ status: 'succeed', key: 'c1' });
  });

  it('a failed text shows failed and can be resent (same client id) or removed', async () => {
    const server = fakeServer(0);
    server.api.send.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 0));
    const { chat } = controller(server.api);
    await chat.start();
    chat.sendText('first');
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries[0]).toMatchObject({ status: 'failed', error: 'NETWORK_ERROR' });
    chat.resend('c1');
    expect(chat.getState().entries[0]!.status).toBe('sending');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.api.send).toHaveBeenCalledTimes(2);
    expect(server.api.send.mock.calls[1]![1].clientMessageId).toBe('c1');
    expect(chat.getState().entries[0]!.status).toBe('succeed');

    server.api.send.mockRejectedValueOnce(new ApiError('REQUEST_LIMIT', 429));
    chat.sendText('second');
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries[1]!.status).toBe('failed');
    chat.remove('c2');
    expect(chat.getState().entries).toHaveLength(1);
  });

  it('a sent context message is read back with the title, status and amount the server stored', async () => {
    const server = fakeServer(0);
    const { chat } = controller(server.api);
    await chat.start();
    server.api.send.mockImplementationOnce(async (_caller, conversation) => {
      const stored = serverMessage(1, {
        ...conversation,
        sender: 'customer',
        message: {
          message_type: 'context',
          payload: {
            kind: 'slip',
            ref: 'S1',
            title: 'Slip X',
            status: 'processing',
            amount: 150,
            createdAt: 'x',
          },
        },
      });
      server.push(stored);
      return { _id: stored._id!, createdAt: stored.createdAt!, session_id: 's1' };
    });
    chat.sendContext('slip', 'S1');
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries).toHaveLength(1);
    expect(chat.getState().entries[0]!.message.message.payload).toMatchObject({
      title: 'Slip X',
      amount: 150,
    });
  });

  it('postback and context messages go out with their payloads', async () => {
    const server = fakeServer(0);
    const { chat } = controller(server.api);
    await chat.start();
    chat.sendPostback('Yes', 'CONFIRM');
    chat.sendContext('slip', 'slip-1');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.api.send.mock.calls.map((call) => call[1].message)).toEqual([
      { message_type: 'postback', payload: { title: 'Yes', payload: 'CONFIRM' } },
      { message_type: 'context', payload: { kind: 'slip', ref: 'slip-1' } },
    ]);
  });
});

describe('chat controller: attachments', () => {
  const png = () => new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' });

  it('refuses an unsupported or too large file before uploading', async () => {
    const server = fakeServer(0);
    const { chat } = controller(server.api);
    await chat.start();
    expect(chat.sendFile(new File(['x'], 'notes', { type: '' }))).toEqual({
      ok: false,
      error: 'notSupported',
    });
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(chat.sendFile(big)).toEqual({ ok: false, error: 'tooLarge', limitMb: 20 });
    expect(server.api.upload).not.toHaveBeenCalled();
  });

  it('uploading_file with progress, then sending with the path, then succeed', async () => {
    const server = fakeServer(0);
    let finish!: () => void;
    const progress: number[] = [];
    server.api.upload.mockImplementationOnce(async (_caller, _kind, _file, onProgress) => {
      onProgress(0.25);
      progress.push(chatRef.getState().entries[0]!.progress!);
      await new Promise<void>((resolve) => (finish = resolve));
      return { path: 'chatfile:0123456789abcdef0123456789abcdef' };
    });
    const { chat } = controller(server.api);
    const chatRef = chat;
    await chat.start();
    chat.sendFile(png());
    expect(chat.getState().entries[0]!.status).toBe('uploading_file');
    await flush();
    expect(progress).toEqual([25]);
    expect(server.api.upload.mock.calls[0]![1]).toBe('image');
    expect(server.api.upload.mock.calls[0]![0].guestId).toBe(FRESH);
    finish();
    await flush();
    expect(chat.getState().entries[0]!.status).toBe('sending');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.api.send.mock.calls[0]![1].message).toEqual({
      message_type: 'media',
      payload: {
        message: 'photo.png',
        url: false,
        fileType: 'image',
        filePath: 'chatfile:0123456789abcdef0123456789abcdef',
      },
    });
    expect(chat.getState().entries[0]!.status).toBe('succeed');
  });

  it('a failed upload is resent (uploaded again) or removed', async () => {
    const server = fakeServer(0);
    server.api.upload.mockRejectedValueOnce(new ApiError('TIMEOUT', 0));
    const { chat } = controller(server.api);
    await chat.start();
    chat.sendFile(png());
    await flush();
    expect(chat.getState().entries[0]).toMatchObject({ status: 'failed', error: 'TIMEOUT' });
    chat.resend('c1');
    await flush();
    expect(server.api.upload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries[0]!.status).toBe('succeed');

    server.api.upload.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 0));
    chat.sendFile(png());
    await flush();
    chat.remove('c2');
    expect(chat.getState().entries).toHaveLength(1);
  });

  it('an attachment whose send failed after the upload is resent without uploading again', async () => {
    const server = fakeServer(0);
    server.api.send.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 0));
    const { chat } = controller(server.api);
    await chat.start();
    chat.sendFile(png());
    await vi.advanceTimersByTimeAsync(500);
    expect(chat.getState().entries[0]!.status).toBe('failed');
    chat.resend('c1');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.api.upload).toHaveBeenCalledTimes(1);
    expect(chat.getState().entries[0]!.status).toBe('succeed');
  });
});

describe('chat controller: live', () => {
  it('joins on connect, reconnects every 5 s while disconnected and catches up what it missed', async () => {
    const server = fakeServer(3);
    const socket = new FakeSocket();
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    expect(socket.joins).toBe(1);
    expect(chat.getState().connected).toBe(true);

    socket.connected = false;
    socket.fire('disconnect');
    expect(chat.getState().connected).toBe(false);
    await vi.advanceTimersByTimeAsync(4999);
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connects).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.connects).toBe(2);

    // Two agent messages were sent while the socket was away.
    server.push(serverMessage(5));
    server.push(serverMessage(7));
    socket.connected = true;
    socket.fire('connect');
    await flush();
    expect(socket.joins).toBe(2);
    expect(ids(chat)).toEqual(['m1', 'm2', 'm3', 'm5', 'm7']);
    expect(chat.getState().arrivals).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.connects).toBe(2);
  });

  it('counts agent messages that arrive live (the new-messages hint), not our own', async () => {
    const server = fakeServer(0);
    const socket = new FakeSocket();
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    socket.fire('messaging', serverMessage(1));
    socket.fire('messaging', serverMessage(2));
    expect(chat.getState().arrivals).toBe(1);
  });

  it('marks as read 1 s after the last agent message, only while visible', async () => {
    const server = fakeServer(2);
    const socket = new FakeSocket();
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.api.markRead).not.toHaveBeenCalled();

    chat.setVisible(true);
    await vi.advanceTimersByTimeAsync(600);
    socket.fire('messaging', serverMessage(3));
    await vi.advanceTimersByTimeAsync(999);
    expect(server.api.markRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.api.markRead).toHaveBeenCalledTimes(1);

    socket.fire('messaging', serverMessage(5));
    chat.setVisible(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.api.markRead).toHaveBeenCalledTimes(1);
  });

  it('stops its timers and the socket when disposed', async () => {
    const server = fakeServer(0);
    const socket = new FakeSocket();
    const { chat } = controller(server.api, socket);
    await chat.start();
    await flush();
    chat.dispose();
    expect(socket.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.connects).toBe(0);
  });
});
