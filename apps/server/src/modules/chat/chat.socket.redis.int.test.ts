// Two server processes with the Redis adapter (issue 14, decision 0098): two apps on one
// database, each listening on its own loopback port, both adapted to one throwaway Redis. A
// publish on one reaches sockets connected to the other, once.
import { chatSocket, WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import type { ChatMessage } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mintGuestId } from '../../lib/guest-id';
import { setSetting } from '../settings';
import { startTestApp, uniquePhone } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import {
  closeClients,
  connectClient,
  listenOnLoopback,
  pause,
  startTestRedis,
} from '../../../test/chat-socket-support';
import type { TestRedis } from '../../../test/chat-socket-support';

describe('chat sockets across two server processes (Redis adapter)', () => {
  let t: TestApp;
  let redis: TestRedis;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let urlOne: string;
  let urlTwo: string;

  beforeAll(async () => {
    redis = await startTestRedis();
    t = await startTestApp('sqlite');
    const chat = { ...t.config.chat, redisUrl: redis.url };
    one = await t.rebuild({ chat });
    two = await t.rebuild({ chat });
    urlOne = await listenOnLoopback(one);
    urlTwo = await listenOnLoopback(two);
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
  });
  afterEach(() => closeClients());
  afterAll(async () => {
    closeClients();
    await t?.close();
    await redis?.stop();
  });

  it('delivers a message published on one process to a member connected to the other, once', async () => {
    const token = await t.registerMember({ username: uniquePhone() });
    const room = `${t.config.chat.prefix}${await t.memberNo(token)}`;
    const onTwo = await connectClient(urlTwo, { token });
    const onOne = await connectClient(urlOne, { token });
    const message = { _id: 'm-redis', clientMessageId: 'c-redis', sender: 'agent' };

    one.deps.chatHub.toRoom(room, chatSocket.messaging, message);
    expect(await onTwo.waitFor(1)).toEqual([{ event: chatSocket.messaging, payload: message }]);
    expect(await onOne.waitFor(1)).toEqual([{ event: chatSocket.messaging, payload: message }]);

    two.deps.chatHub.toRoom(room, chatSocket.messaging, { ...message, _id: 'm-2' });
    await onOne.waitFor(2);
    await onTwo.waitFor(2);
    await pause(300);
    // Each socket got each message once: no echo from the adapter on top of the local emit.
    expect(onOne.received.map((r) => (r.payload as { _id: string })._id)).toEqual([
      'm-redis',
      'm-2',
    ]);
    expect(onTwo.received.map((r) => (r.payload as { _id: string })._id)).toEqual([
      'm-redis',
      'm-2',
    ]);
  });

  it('reaches the agents on the other process, and keeps rooms apart across processes (T9)', async () => {
    const agent = await connectClient(urlOne, { token: await t.operatorTokenAs('support') });
    const guestId = mintGuestId(t.config.chat.guestSecret);
    const guest = await connectClient(urlOne, { guestId });
    const otherGuest = await connectClient(urlTwo, {
      guestId: mintGuestId(t.config.chat.guestSecret),
    });

    two.deps.chatHub.toAgents(chatSocket.inboxMessage, { conversationId: 'x', message: {} });
    two.deps.chatHub.toRoom(`${t.config.chat.prefix}${guestId}`, chatSocket.messaging, {
      to: 'guest',
    });
    expect(await agent.waitFor(1)).toEqual([
      { event: chatSocket.inboxMessage, payload: { conversationId: 'x', message: {} } },
    ]);
    expect(await guest.waitFor(1)).toEqual([
      { event: chatSocket.messaging, payload: { to: 'guest' } },
    ]);
    await pause(300);
    expect(otherGuest.received).toEqual([]);
    expect(agent.received).toHaveLength(1);
  });

  it("a member's REST send through one process reaches her socket on the other, once", async () => {
    const token = await t.registerMember({ username: uniquePhone() });
    const phone = await connectClient(urlTwo, { token });
    const agent = await connectClient(urlTwo, { token: await t.operatorTokenAs('support') });
    const conversation = {
      sender: 'customer',
      message: { message_type: 'text', payload: 'sent through process one' },
      userId: null,
      guestId: null,
      username: null,
      name: null,
      deviceToken: null,
      session_id: null,
      clientMessageId: `redis-${process.pid}-1`,
    };
    const send = () =>
      one.inject({
        method: 'POST',
        url: '/api/chat/send-message',
        headers: { [WALLET_USER_HEADER]: WALLET_USER_VALUE, authorization: `Bearer ${token}` },
        payload: { conversation },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200); // a resend: stored and delivered once
    await phone.waitFor(1);
    await agent.waitFor(1);
    await pause(300);
    expect(phone.received.map((r) => (r.payload as ChatMessage).message.payload)).toEqual([
      'sent through process one',
    ]);
    expect(agent.received).toHaveLength(1);
  });

  it('refuses to start when REDIS_URL answers nothing (no silent local-only chat)', async () => {
    const started = Date.now();
    await expect(
      t.rebuild({ chat: { ...t.config.chat, redisUrl: 'redis://127.0.0.1:1' } }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
