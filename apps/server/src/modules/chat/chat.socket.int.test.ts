// The chat sockets (issue 14, decision 0098): the handshake's identity, server-chosen rooms
// (T9), delivery of deps.chatHub publishes, the session re-check, same-origin only.
import { chatSocket, mergeChatMessages } from '@wallet/contract';
import type { ChatMessage } from '@wallet/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { mintGuestId } from '../../lib/guest-id';
import { setSetting } from '../settings';
import { forEachDialect, uniquePhone } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import {
  closeClients,
  connectClient,
  listenOnLoopback,
  pause,
  rejoin,
} from '../../../test/chat-socket-support';

const refusedWith = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { message: (error as Error).message, data: (error as { data?: unknown }).data };
  }
  throw new Error('the handshake was accepted');
};

forEachDialect('chat sockets', (get) => {
  let t: TestApp;
  let url: string;
  let prefix: string;
  let memberToken: string;
  let memberRoom: string;
  let otherToken: string;
  let otherRoom: string;

  beforeAll(async () => {
    t = get();
    url = await listenOnLoopback(t.app);
    prefix = t.config.chat.prefix;
    memberToken = await t.registerMember({ username: uniquePhone() });
    memberRoom = `${prefix}${await t.memberNo(memberToken)}`;
    otherToken = await t.registerMember({ username: uniquePhone() });
    otherRoom = `${prefix}${await t.memberNo(otherToken)}`;
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
  });

  let clientIds = 0;
  const nextClientId = () => `sock-${process.pid}-${++clientIds}`;
  /** A visitor's text through the REST send, as the widget sends it. */
  const sendAsGuest = async (guestId: string, text: string, clientMessageId = nextClientId()) => {
    const res = await t.call('POST', '/api/chat/send-message', {
      body: {
        conversation: {
          sender: 'customer',
          message: { message_type: 'text', payload: text },
          userId: null,
          guestId,
          username: null,
          name: null,
          deviceToken: null,
          session_id: null,
          clientMessageId,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return clientMessageId;
  };
  const historyOf = async (guestId: string): Promise<ChatMessage[]> => {
    const res = await t.call('POST', '/api/chat/history', {
      body: { userId: null, guestId, limit: 10, skip: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ChatMessage[]>();
  };
  const texts = (messages: ChatMessage[]) => messages.map((m) => m.message.payload);

  it('delivers a message sent twice with one client id once, to the room and to the agents', async () => {
    const guestId = mintGuestId(t.config.chat.guestSecret);
    const visitor = await connectClient(url, { guestId });
    const agent = await connectClient(url, { token: await t.operatorTokenAs('support') });
    const clientId = await sendAsGuest(guestId, 'is my deposit stuck?');
    await sendAsGuest(guestId, 'is my deposit stuck?', clientId); // the widget's resend
    await sendAsGuest(guestId, 'second question');
    await visitor.waitFor(2);
    await agent.waitFor(2);
    await pause(300);
    expect(visitor.received.map((r) => (r.payload as ChatMessage).message.payload)).toEqual([
      'is my deposit stuck?',
      'second question',
    ]);
    expect(agent.received.map((r) => r.event)).toEqual([
      chatSocket.inboxMessage,
      chatSocket.inboxMessage,
    ]);
  });

  it('a dropped connection reconnects, catches up over REST and shows every message once', async () => {
    const guestId = mintGuestId(t.config.chat.guestSecret);
    const visitor = await connectClient(url, { guestId });
    // What the widget shows: socket events and history pages folded by mergeChatMessages.
    let shown: ChatMessage[] = [];
    visitor.socket.on(chatSocket.messaging, (message: ChatMessage) => {
      shown = mergeChatMessages(shown, [message]);
    });
    await sendAsGuest(guestId, 'one');
    await visitor.waitFor(1);

    // The network drops (the transport closes under the client).
    const dropped = new Promise((resolve) => visitor.socket.once('disconnect', resolve));
    visitor.socket.io.engine.close();
    await dropped;
    await sendAsGuest(guestId, 'two');
    await sendAsGuest(guestId, 'three');
    await pause(200);
    expect(visitor.received).toHaveLength(1);

    // Back: it reconnects, then catches up over REST; a message sent meanwhile arrives both
    // by socket and in the history page.
    const back = new Promise((resolve) => visitor.socket.once('connect', () => resolve(null)));
    visitor.socket.connect();
    await back;
    await sendAsGuest(guestId, 'four');
    await visitor.waitFor(2);
    shown = mergeChatMessages(shown, await historyOf(guestId));
    expect(texts(shown)).toEqual(['one', 'two', 'three', 'four']);
    expect(new Set(shown.map((m) => m._id)).size).toBe(4);
    // A second catch-up (the 5 s loop) changes nothing.
    shown = mergeChatMessages(shown, await historyOf(guestId));
    expect(texts(shown)).toEqual(['one', 'two', 'three', 'four']);
  });
  afterEach(() => closeClients());

  it("delivers a publish to every socket of the member's room, and to no other member", async () => {
    const phone = await connectClient(url, { token: memberToken });
    const laptop = await connectClient(url, { token: memberToken });
    const other = await connectClient(url, { token: otherToken });
    const message = { _id: 'm1', clientMessageId: 'c1', sender: 'agent' };
    t.app.deps.chatHub.toRoom(memberRoom, chatSocket.messaging, message);
    const [onPhone, onLaptop] = await Promise.all([phone.waitFor(1), laptop.waitFor(1)]);
    expect(onPhone).toEqual([{ event: chatSocket.messaging, payload: message }]);
    expect(onLaptop).toEqual([{ event: chatSocket.messaging, payload: message }]);
    await pause(200);
    expect(other.received).toEqual([]);
    t.app.deps.chatHub.toRoom(otherRoom, chatSocket.messaging, { to: 'other' });
    expect(await other.waitFor(1)).toEqual([
      { event: chatSocket.messaging, payload: { to: 'other' } },
    ]);
    await pause(200);
    // Delivered once each, not once per publish path, and not to the other member's room.
    expect(phone.received).toHaveLength(1);
    expect(laptop.received).toHaveLength(1);
  });

  it("T9: a guest receives only its own room's messages, whatever it asks to join", async () => {
    const guestId = mintGuestId(t.config.chat.guestSecret);
    const guest = await connectClient(url, { guestId });
    const otherGuestId = mintGuestId(t.config.chat.guestSecret);
    const otherGuest = await connectClient(url, { guestId: otherGuestId });
    // The client names a room: ignored, the server re-derives the guest's own.
    expect(await rejoin(guest, memberRoom)).toEqual({ ok: true });
    expect(await rejoin(guest, { room: `${prefix}${otherGuestId}` })).toEqual({ ok: true });

    t.app.deps.chatHub.toRoom(memberRoom, chatSocket.messaging, { to: 'member' });
    t.app.deps.chatHub.toRoom(`${prefix}${otherGuestId}`, chatSocket.messaging, { to: 'other' });
    t.app.deps.chatHub.toAgents(chatSocket.inboxMessage, { to: 'agents' });
    t.app.deps.chatHub.toRoom(`${prefix}${guestId}`, chatSocket.messaging, { to: 'guest' });

    expect(await guest.waitFor(1)).toEqual([
      { event: chatSocket.messaging, payload: { to: 'guest' } },
    ]);
    expect(await otherGuest.waitFor(1)).toEqual([
      { event: chatSocket.messaging, payload: { to: 'other' } },
    ]);
    await pause(200);
    expect(guest.received).toHaveLength(1);
    expect(otherGuest.received).toHaveLength(1);
  });

  it('refuses a forged or malformed guest id, a bad token and no identity at the handshake', async () => {
    const real = mintGuestId(t.config.chat.guestSecret);
    const forged = `${real.slice(0, -3)}${real.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const otherSecret = mintGuestId('x'.repeat(64));
    for (const guestId of [forged, otherSecret, 'g.short.id', 'guest-123', 42])
      expect(await refusedWith(connectClient(url, { guestId }))).toMatchObject({
        message: 'KEY_INVALID',
      });
    for (const token of ['not-a-token', 'A'.repeat(43), 7])
      expect(await refusedWith(connectClient(url, { token }))).toMatchObject({
        message: 'UNAUTHORIZED',
      });
    expect(await refusedWith(connectClient(url, {}))).toMatchObject({ message: 'UNAUTHORIZED' });
    // A token wins over a guest id: a bad token is not rescued by a good guest id.
    expect(
      await refusedWith(connectClient(url, { token: 'B'.repeat(43), guestId: real })),
    ).toMatchObject({ message: 'UNAUTHORIZED' });
  });

  it('puts support and admin operators in the agents room, and refuses other roles', async () => {
    const support = await connectClient(url, { token: await t.operatorTokenAs('support') });
    const admin = await connectClient(url, { token: await t.operatorTokenAs('admin') });
    expect(
      await refusedWith(connectClient(url, { token: await t.operatorTokenAs('cashier') })),
    ).toMatchObject({ message: 'UNAUTHORIZED', data: { status: 403 } });
    const member = await connectClient(url, { token: memberToken });

    t.app.deps.chatHub.toAgents(chatSocket.inboxMessage, { conversationId: 'c', message: {} });
    expect(await support.waitFor(1)).toEqual([
      { event: chatSocket.inboxMessage, payload: { conversationId: 'c', message: {} } },
    ]);
    expect(await admin.waitFor(1)).toHaveLength(1);
    // Agents are not in members' rooms; members are not in the agents' room.
    t.app.deps.chatHub.toRoom(memberRoom, chatSocket.messaging, { to: 'member' });
    expect(await member.waitFor(1)).toEqual([
      { event: chatSocket.messaging, payload: { to: 'member' } },
    ]);
    await pause(200);
    expect(support.received).toHaveLength(1);
  });

  it('disconnects the socket of a session signed out, at the next re-check and on join', async () => {
    const token = await t.login(
      ...(await (async () => {
        const username = uniquePhone();
        await t.registerMember({ username, password: 'password123' });
        return [username, 'password123'] as const;
      })()),
    );
    const room = `${prefix}${await t.memberNo(token)}`;
    const kept = await connectClient(url, { token });
    const alsoKept = await connectClient(url, { token });
    expect(await rejoin(alsoKept)).toEqual({ ok: true });
    const staying = await connectClient(url, { token: memberToken });

    const out = await t.call('POST', '/api/logout', { token });
    expect(out.statusCode).toBe(200);
    // `join` looks the session up at most once a second per socket.
    expect(await rejoin(alsoKept)).toEqual({ ok: true });
    await pause(1100);

    // `join` checks the session: refused, and the socket is closed.
    const disconnected = new Promise((resolve) => alsoKept.socket.once('disconnect', resolve));
    expect(await rejoin(alsoKept)).toEqual({ ok: false, message: 'UNAUTHORIZED' });
    await disconnected;

    // The periodic re-check closes the other one; the member still signed in keeps hers.
    const closed = new Promise((resolve) => kept.socket.once('disconnect', resolve));
    expect(await t.app.chatSockets.recheckSessions()).toBe(1);
    await closed;
    expect(staying.socket.connected).toBe(true);

    t.app.deps.chatHub.toRoom(room, chatSocket.messaging, { after: 'logout' });
    await pause(200);
    expect(kept.received).toEqual([]);
    expect(alsoKept.received).toEqual([]);
    // And the token no longer opens a socket.
    expect(await refusedWith(connectClient(url, { token }))).toMatchObject({
      message: 'UNAUTHORIZED',
    });
  });

  it('disconnects an agent whose role no longer handles chat, at the re-check', async () => {
    const token = await t.freshOperatorSession('support');
    const agent = await connectClient(url, { token });
    const closed = new Promise((resolve) => agent.socket.once('disconnect', resolve));
    const support = () => t.db.updateTable('operators').where('username', '=', 'support');
    await support().set({ role: 'cashier' }).execute();
    try {
      expect(await t.app.chatSockets.recheckSessions()).toBe(1);
      await closed;
    } finally {
      await support().set({ role: 'support' }).execute();
    }
  });

  it("refuses a browser whose Origin is another site's (same origin only)", async () => {
    const guestId = mintGuestId(t.config.chat.guestSecret);
    const host = new URL(url).host;
    const same = await connectClient(
      url,
      { guestId },
      { extraHeaders: { origin: `http://${host}` } },
    );
    expect(same.socket.connected).toBe(true);
    const refused = await refusedWith(
      connectClient(url, { guestId }, { extraHeaders: { origin: 'https://evil.example' } }),
    );
    expect(refused.message).not.toBe('');
  });

  it('closing the app closes its sockets under their clients (they reconnect by themselves)', async () => {
    const app = await t.rebuild();
    const base = await listenOnLoopback(app);
    const visitor = await connectClient(base, {
      guestId: mintGuestId(t.config.chat.guestSecret),
    });
    const reason = new Promise((resolve) => visitor.socket.once('disconnect', resolve));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await reason).toBe('transport close');
  });

  it('wraps a hub given to buildApp that cannot be listened to: publishes reach both', async () => {
    const heard: unknown[] = [];
    const custom = {
      toRoom: (room: string, event: string, payload: unknown) => heard.push({ room, payload }),
      toAgents: (_event: string, payload: unknown) => heard.push({ agents: payload }),
      occupied: () => Promise.resolve(false),
    };
    const app = await buildApp({ config: t.config, db: t.db, clock: t.clock, chatHub: custom });
    try {
      const base = await listenOnLoopback(app);
      const guestId = mintGuestId(t.config.chat.guestSecret);
      const visitor = await connectClient(base, { guestId });
      app.deps.chatHub.toRoom(`${prefix}${guestId}`, chatSocket.messaging, { n: 1 });
      app.deps.chatHub.toAgents(chatSocket.inboxMessage, { n: 2 });
      expect(await visitor.waitFor(1)).toEqual([
        { event: chatSocket.messaging, payload: { n: 1 } },
      ]);
      expect(heard).toEqual([
        { room: `${prefix}${guestId}`, payload: { n: 1 } },
        { agents: { n: 2 } },
      ]);
    } finally {
      await app.close();
    }
  });

  describe('recheck interval', () => {
    afterAll(() => closeClients());
    it('runs by itself (CHAT_SOCKET_RECHECK_MS) and leaves guests alone', async () => {
      const app = await t.rebuild({ chat: { ...t.config.chat, socketRecheckMs: 100 } });
      const base = await listenOnLoopback(app);
      const username = uniquePhone();
      const token = await t.registerMember({ username, password: 'password123' });
      const member = await connectClient(base, { token });
      const guest = await connectClient(base, { guestId: mintGuestId(t.config.chat.guestSecret) });
      const closed = new Promise((resolve) => member.socket.once('disconnect', resolve));
      await t.call('POST', '/api/logout', { token });
      await closed;
      await pause(300);
      expect(guest.socket.connected).toBe(true);
    });
  });
});
