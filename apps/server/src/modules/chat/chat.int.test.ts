// The member and visitor side of the chat (issue 14, decisions 0095, 0096), on SQLite and
// PostgreSQL: config, send, history, read; identities and scoping (T9), the send limit
// (T10), client message ids, closed conversations, adoption, "ask about this", media paths,
// and the service calls the inbox makes.
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ChatMessage } from '@wallet/contract';
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import { withTransaction } from '../../db/transaction';
import { mintGuestId, verifyGuestId } from '../../lib/guest-id';
import { forEachDialect, uniquePhone } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { setSetting } from '../settings';
import { recordStatement, setStatementStatus } from '../statement';
import {
  closeConversation,
  contextStatus,
  postAgentMessage,
  postSystemMessage,
  resolveChatCaller,
  socketCaller,
} from './index';

/** What the test app's default hub (adapters/local-chat-hub.ts) tells its listeners. */
interface ChatHubEvent {
  room: string | null;
  event: string;
  payload: unknown;
}
type Listenable = { listen(listener: (published: ChatHubEvent) => void): () => void };

interface SendAnswer {
  createdAt: string;
  _id: string;
  session_id: string;
}

const text = (payload: string) => ({ message_type: 'text', payload });

/** A conversation object as the widget sends it (ids in it are ignored by the server). */
function conversation(
  message: unknown,
  extra: { guestId?: string | null; userId?: string | null; clientMessageId?: string } = {},
) {
  return {
    sender: 'customer',
    message,
    userId: extra.userId ?? null,
    guestId: extra.guestId ?? null,
    username: null,
    name: null,
    deviceToken: null,
    session_id: null,
    ...(extra.clientMessageId ? { clientMessageId: extra.clientMessageId } : {}),
  };
}

let cmid = 0;
const nextClientId = () => `cm-${process.pid}-${++cmid}`;

forEachDialect('chat: member and visitor REST', (get) => {
  let events: ChatHubEvent[] = [];

  beforeAll(async () => {
    const t = get();
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
    (t.app.deps.chatHub as unknown as Listenable).listen((e) => events.push(e));
  });
  beforeEach(() => {
    events = [];
  });

  const guest = async (t: TestApp): Promise<string> => {
    const res = await t.call('GET', '/api/chat/config');
    return res.json<{ guestId: string }>().guestId;
  };
  const send = (
    t: TestApp,
    who: { token?: string; guestId?: string },
    message: unknown,
    extra: { clientMessageId?: string; userId?: string | null } = {},
  ) =>
    t.call('POST', '/api/chat/send-message', {
      ...(who.token ? { token: who.token } : {}),
      body: {
        conversation: conversation(message, {
          guestId: who.guestId ?? null,
          clientMessageId: extra.clientMessageId ?? nextClientId(),
          userId: extra.userId ?? null,
        }),
      },
    });
  const historyOf = async (
    t: TestApp,
    who: { token?: string; guestId?: string },
    page: { limit?: number; skip?: number; userId?: string | null } = {},
  ): Promise<ChatMessage[]> => {
    const res = await t.call('POST', '/api/chat/history', {
      ...(who.token ? { token: who.token } : {}),
      body: {
        userId: page.userId ?? null,
        guestId: who.guestId ?? null,
        limit: page.limit ?? 10,
        skip: page.skip ?? 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ChatMessage[]>();
  };
  const member = async (t: TestApp) => {
    const token = await t.registerMember({ username: uniquePhone() });
    const memberNo = await t.memberNo(token);
    const row = await t.db
      .selectFrom('members')
      .select('id')
      .where('member_no', '=', memberNo)
      .executeTakeFirstOrThrow();
    return { token, memberNo, id: row.id };
  };
  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SendAnswer>();
  };
  const messagesIn = (t: TestApp, conversationId: string) =>
    t.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .execute();

  it('config answers the prefix and a newly signed guest id, even with the chat off', async () => {
    const t = get();
    await setSetting(t.db, t.clock, 'enableChatWidget', false);
    try {
      const a = await t.call('GET', '/api/chat/config');
      const b = await t.call('GET', '/api/chat/config');
      expect(a.statusCode).toBe(200);
      const first = a.json<{ PREFIX: string; guestId: string }>();
      expect(first.PREFIX).toBe('wallet-chat-');
      expect(verifyGuestId(t.config.chat.guestSecret, first.guestId)).toBe(true);
      expect(b.json<{ guestId: string }>().guestId).not.toBe(first.guestId);
    } finally {
      await setSetting(t.db, t.clock, 'enableChatWidget', true);
    }
  });

  it('a visitor sends and reads back; the message goes to its room and to the agents', async () => {
    const t = get();
    const guestId = await guest(t);
    const answer = ok(await send(t, { guestId }, text('  hello, my deposit is stuck  ')));
    expect(answer.session_id).toMatch(/^c[0-9a-f]{24}$/);
    expect(Date.parse(answer.createdAt)).not.toBeNaN();

    const [message, ...rest] = await historyOf(t, { guestId });
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      _id: answer._id,
      sender: 'customer',
      message: { message_type: 'text', payload: 'hello, my deposit is stuck' },
      userId: null,
      guestId,
      session_id: answer.session_id,
      createdAt: answer.createdAt,
    });

    const toRoom = events.filter((e) => e.room === `wallet-chat-${guestId}`);
    expect(toRoom).toHaveLength(1);
    expect(toRoom[0]!.event).toBe('messaging');
    expect(toRoom[0]!.payload).toMatchObject({ _id: answer._id, guestId });
    const toAgents = events.filter((e) => e.room === null);
    expect(toAgents).toHaveLength(1);
    expect(toAgents[0]!.event).toBe('inbox:message');
    const forAgents = toAgents[0]!.payload as { conversationId: string; message: ChatMessage };
    expect(forAgents.conversationId).toBe(answer.session_id);
    // Agents never get the signed guest id (it is the visitor's key to its history).
    expect(forAgents.message.guestId).toBe(guestId.split('.').slice(0, 2).join('.'));
    expect(JSON.stringify(forAgents)).not.toContain(guestId);
  });

  it('a member sends in their own room; the answer names the member', async () => {
    const t = get();
    const m = await member(t);
    const answer = ok(await send(t, { token: m.token }, text('hi')));
    const [message] = await historyOf(t, { token: m.token });
    expect(message).toMatchObject({
      _id: answer._id,
      userId: m.memberNo,
      guestId: null,
      name: 'Test Member',
    });
    expect(events.find((e) => e.event === 'messaging')?.room).toBe(`wallet-chat-${m.memberNo}`);
  });

  it('refuses callers without an identity, forged, malformed or foreign guest ids, bad tokens', async () => {
    const t = get();
    const noOne = await t.call('POST', '/api/chat/history', {
      body: { userId: null, guestId: null, limit: 10, skip: 0 },
    });
    expect(noOne.statusCode).toBe(401);
    expect(noOne.json()).toEqual({ message: 'UNAUTHORIZED' });

    const real = await guest(t);
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    const otherKey = mintGuestId('another-secret-of-at-least-32-characters!!');
    const madeUp = `g.${'a'.repeat(22)}.${'b'.repeat(22)}`;
    for (const guestId of [forged, otherKey, madeUp, 'guest-12345', real.toUpperCase()]) {
      const res = await send(t, { guestId }, text('intruder'));
      expect(res.statusCode, guestId).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
      const read = await t.call('POST', '/api/chat/history', {
        body: { userId: null, guestId, limit: 10, skip: 0 },
      });
      expect(read.statusCode).toBe(400);
    }

    // A token that is not a valid member session never falls back to the guest id.
    const badToken = await send(t, { token: 'x'.repeat(43), guestId: real }, text('intruder'));
    expect(badToken.statusCode).toBe(401);
    const operator = await send(t, { token: await t.operatorTokenAs('support') }, text('intruder'));
    expect(operator.statusCode).toBe(403);
    expect(operator.json()).toEqual({ message: 'UNAUTHORIZED' });
    expect(
      await t.db
        .selectFrom('chat_messages')
        .select('id')
        .where('payload', '=', '"intruder"')
        .execute(),
    ).toHaveLength(0);
  });

  it('refuses a deactivated member, even with a valid guest id', async () => {
    const t = get();
    const m = await member(t);
    const guestId = await guest(t);
    await t.db.updateTable('members').set({ status: 'inactive' }).where('id', '=', m.id).execute();
    const res = await send(t, { token: m.token, guestId }, text('still here?'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    await expect(resolveChatCaller(t.app.deps, `Bearer ${m.token}`, guestId)).rejects.toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
  });

  it('T9: every caller reads only its own conversations, whatever ids the body names', async () => {
    const t = get();
    const a = await member(t);
    const b = await member(t);
    const g1 = await guest(t);
    const g2 = await guest(t);
    ok(await send(t, { token: a.token }, text('from A')));
    ok(await send(t, { token: b.token }, text('from B')));
    ok(await send(t, { guestId: g1 }, text('from G1')));

    const payloads = (list: ChatMessage[]) => list.map((m) => m.message.payload);
    // Body userId / guestId of someone else are never used for scope.
    expect(payloads(await historyOf(t, { token: b.token }, { userId: a.memberNo }))).toEqual([
      'from B',
    ]);
    expect(payloads(await historyOf(t, { guestId: g2 }, { userId: a.memberNo }))).toEqual([]);
    expect(payloads(await historyOf(t, { guestId: g1 }))).toEqual(['from G1']);
    // A send naming someone else (userId, sender) is stored as the caller's own.
    const spoof = await t.call('POST', '/api/chat/send-message', {
      body: {
        conversation: {
          ...conversation(text('spoofed'), { guestId: g2, userId: a.memberNo }),
          sender: 'agent',
          name: 'Support',
        },
      },
    });
    expect(spoof.statusCode).toBe(200);
    expect(await historyOf(t, { guestId: g2 })).toMatchObject([
      { sender: 'customer', userId: null, name: null, message: { payload: 'spoofed' } },
    ]);
    expect(payloads(await historyOf(t, { token: a.token }))).toEqual(['from A']);
    // A guest cannot name a member room: a member number is not a signed guest id.
    const asMember = await t.call('POST', '/api/chat/history', {
      body: { userId: a.memberNo, guestId: a.memberNo, limit: 10, skip: 0 },
    });
    expect(asMember.statusCode).toBe(400);

    // Reading marks only the caller's conversations.
    const read = await t.call('PUT', '/api/chat/read-customer/', {
      body: { userId: a.memberNo, guestId: g2 },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ message: 'OK' });
    const readOfA = await t.db
      .selectFrom('chat_conversations')
      .select('customer_read_at')
      .where('member_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(readOfA.customer_read_at).toBeNull();
    const mine = await t.call('PUT', '/api/chat/read-customer/', {
      token: a.token,
      body: { userId: null, guestId: null },
    });
    expect(mine.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('chat_conversations')
      .select('customer_read_at')
      .where('member_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(after.customer_read_at).not.toBeNull();
  });

  it('pages history newest first across conversations, with limit and skip', async () => {
    const t = get();
    const guestId = await guest(t);
    for (let i = 1; i <= 12; i++) ok(await send(t, { guestId }, text(`m${i}`)));
    const first = await historyOf(t, { guestId }, { limit: 10, skip: 0 });
    expect(first.map((m) => m.message.payload)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${12 - i}`),
    );
    const second = await historyOf(t, { guestId }, { limit: 10, skip: 10 });
    expect(second.map((m) => m.message.payload)).toEqual(['m2', 'm1']);
    const tooMany = await t.call('POST', '/api/chat/history', {
      body: { userId: null, guestId, limit: 51, skip: 0 },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses empty, whitespace-only and 2,001-character texts, and kinds members may not send', async () => {
    const t = get();
    const guestId = await guest(t);
    const before = await t.db.selectFrom('chat_messages').select('id').execute();
    for (const message of [
      text(''),
      text(' \n\t  '),
      text('x'.repeat(2001)),
      { message_type: 'buttons', payload: { text: 'x', buttons: [] } },
      { message_type: 'system', payload: { event: 'closed' } },
      { message_type: 'text', payload: 'x', extra: 1 },
    ]) {
      const res = await send(t, { guestId }, message);
      expect(res.statusCode, JSON.stringify(message).slice(0, 60)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('KEY_INVALID');
    }
    expect(await t.db.selectFrom('chat_messages').select('id').execute()).toHaveLength(
      before.length,
    );
    expect(events).toEqual([]);
    ok(await send(t, { guestId }, text('x'.repeat(2000))));
  });

  it('stores a repeated client message id once and publishes it once', async () => {
    const t = get();
    const guestId = await guest(t);
    const clientMessageId = nextClientId();
    const first = ok(await send(t, { guestId }, text('once'), { clientMessageId }));
    const again = ok(await send(t, { guestId }, text('once'), { clientMessageId }));
    expect(again).toEqual(first);
    expect(await messagesIn(t, first.session_id)).toHaveLength(1);
    expect(events.filter((e) => e.event === 'messaging')).toHaveLength(1);
    // Another sender may use the same client id: ids are unique per sender.
    const other = await guest(t);
    const theirs = ok(await send(t, { guestId: other }, text('mine'), { clientMessageId }));
    expect(theirs._id).not.toBe(first._id);
  });

  it('parallel sends of a new caller open one conversation; a parallel resend is stored once', async () => {
    const t = get();
    const guestId = await guest(t);
    const clientMessageId = nextClientId();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(t, { guestId }, text(`p${i}`))),
      ...Array.from({ length: 4 }, () => send(t, { guestId }, text('same'), { clientMessageId })),
    ]);
    const sent = answers.map(ok);
    expect(new Set(sent.map((a) => a.session_id)).size).toBe(1);
    expect(new Set(sent.slice(6).map((a) => a._id)).size).toBe(1);
    expect(await messagesIn(t, sent[0]!.session_id)).toHaveLength(7);
    expect(events.filter((e) => e.event === 'messaging')).toHaveLength(7);
  });

  it('refuses sends while the chat is switched off (403 NO_DATA); reading still works', async () => {
    const t = get();
    const guestId = await guest(t);
    await setSetting(t.db, t.clock, 'enableChatWidget', false);
    try {
      const res = await send(t, { guestId }, text('anyone?'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'NO_DATA' });
      expect(await historyOf(t, { guestId })).toEqual([]);
    } finally {
      await setSetting(t.db, t.clock, 'enableChatWidget', true);
    }
  });

  it('after an agent closes a conversation the next message opens a new one', async () => {
    const t = get();
    const m = await member(t);
    const first = ok(await send(t, { token: m.token }, text('question')));
    ok(await send(t, { token: m.token }, text('more')));
    events = [];
    const closed = await closeConversation(t.app.deps, { id: first.session_id, operatorId: 1 });
    expect(closed.closed).toBe(true);
    expect(closed.message?.message).toEqual({
      message_type: 'system',
      payload: { event: 'closed' },
    });
    expect(events.find((e) => e.event === 'messaging')?.payload).toMatchObject({
      sender: 'system',
      session_id: first.session_id,
    });
    expect(await closeConversation(t.app.deps, { id: first.session_id, operatorId: 1 })).toEqual({
      closed: false,
      message: null,
    });

    const next = ok(await send(t, { token: m.token }, text('new question')));
    expect(next.session_id).not.toBe(first.session_id);
    const list = await historyOf(t, { token: m.token });
    expect(list.map((x) => [x.sender, x.session_id])).toEqual([
      ['customer', next.session_id],
      ['system', first.session_id],
      ['customer', first.session_id],
      ['customer', first.session_id],
    ]);
    const rows = await t.db
      .selectFrom('chat_conversations')
      .select(['id', 'status'])
      .where('member_id', '=', m.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['closed', 'open']);
  });

  it('a visitor who signs in keeps the conversation (adopted once); another member cannot take it', async () => {
    const t = get();
    const guestId = await guest(t);
    const clientMessageId = nextClientId();
    const asGuest = ok(await send(t, { guestId }, text('before sign-in'), { clientMessageId }));
    ok(await send(t, { guestId }, text('still a visitor')));
    const m = await member(t);

    // History with the guest id adopts; a second call finds nothing more to do.
    const adopted = await historyOf(t, { token: m.token, guestId });
    expect(adopted.map((x) => [x.message.payload, x.userId, x.session_id])).toEqual([
      ['still a visitor', m.memberNo, asGuest.session_id],
      ['before sign-in', m.memberNo, asGuest.session_id],
    ]);
    expect(await historyOf(t, { token: m.token, guestId })).toEqual(adopted);
    // The conversation continues: the member's next message is in the same session.
    const signedIn = ok(await send(t, { token: m.token, guestId }, text('signed in now')));
    expect(signedIn.session_id).toBe(asGuest.session_id);
    // A resend of the visitor's message after signing in is still stored once.
    const resent = ok(
      await send(t, { token: m.token, guestId }, text('before sign-in'), { clientMessageId }),
    );
    expect(resent._id).toBe(asGuest._id);
    // The visitor id alone no longer reads the member's conversation.
    expect(await historyOf(t, { guestId })).toEqual([]);

    // Another member presenting the same guest id gets nothing of it.
    const other = await member(t);
    expect(await historyOf(t, { token: other.token, guestId })).toEqual([]);
    const theirs = ok(await send(t, { token: other.token, guestId }, text('mine')));
    expect(theirs.session_id).not.toBe(asGuest.session_id);
    const otherResend = ok(
      await send(t, { token: other.token, guestId }, text('x'), { clientMessageId }),
    );
    expect(otherResend._id).not.toBe(asGuest._id);
    expect((await historyOf(t, { token: m.token })).map((x) => x.message.payload)).toEqual([
      'signed in now',
      'still a visitor',
      'before sign-in',
    ]);
  });

  it('the socket handshake: the same identities and rooms, and adoption', async () => {
    const t = get();
    const guestId = await guest(t);
    const asked = ok(await send(t, { guestId }, text('from the socket visitor')));
    expect(await socketCaller(t.app.deps, { guestId })).toEqual({
      caller: { kind: 'guest', guestId },
      room: `wallet-chat-${guestId}`,
    });
    await expect(socketCaller(t.app.deps, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      socketCaller(t.app.deps, { guestId: `${guestId.slice(0, -2)}xx` }),
    ).rejects.toMatchObject({ code: 'KEY_INVALID', statusCode: 400 });
    await expect(
      socketCaller(t.app.deps, { token: await t.operatorTokenAs('support') }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', statusCode: 403 });
    const m = await member(t);
    const joined = await socketCaller(t.app.deps, { token: m.token, guestId });
    expect(joined.room).toBe(`wallet-chat-${m.memberNo}`);
    expect(joined.caller).toMatchObject({ kind: 'member', memberId: m.id, memberNo: m.memberNo });
    const conv = await t.db
      .selectFrom('chat_conversations')
      .select('member_id')
      .where('id', '=', asked.session_id)
      .executeTakeFirstOrThrow();
    expect(conv.member_id).toBe(m.id);
  });

  it('adoption merges a visitor conversation into the member’s open one', async () => {
    const t = get();
    const m = await member(t);
    const own = ok(await send(t, { token: m.token }, text('member first')));
    const guestId = await guest(t);
    const visitor = ok(await send(t, { guestId }, text('visitor later')));
    await t.db
      .insertInto('chat_notes')
      .values({
        conversation_id: visitor.session_id,
        operator_id: 1,
        text: 'note on the visitor',
        created_at: new Date().toISOString(),
      })
      .execute();
    const list = await historyOf(t, { token: m.token, guestId });
    expect(list.map((x) => [x.message.payload, x.session_id])).toEqual([
      ['visitor later', own.session_id],
      ['member first', own.session_id],
    ]);
    const open = await t.db
      .selectFrom('chat_conversations')
      .select('id')
      .where('member_id', '=', m.id)
      .where('status', '=', 'open')
      .execute();
    expect(open.map((c) => c.id)).toEqual([own.session_id]);
    const notes = await t.db
      .selectFrom('chat_notes')
      .select('conversation_id')
      .where('text', '=', 'note on the visitor')
      .execute();
    expect(notes).toEqual([{ conversation_id: own.session_id }]);
  });

  it('T10: sends per caller per minute are limited (429 REQUEST_LIMIT); repeats are not counted', async () => {
    const t = get();
    const limited = await t.rebuild({ chat: { ...t.config.chat, sendsPerMin: 3 } });
    const sendOn = (guestId: string, payload: string, clientMessageId = nextClientId()) =>
      limited.inject({
        method: 'POST',
        url: '/api/chat/send-message',
        headers: { [WALLET_USER_HEADER]: WALLET_USER_VALUE },
        payload: { conversation: conversation(text(payload), { guestId, clientMessageId }) },
      });
    const guestId = await guest(t);
    const firstId = nextClientId();
    expect((await sendOn(guestId, 'one', firstId)).statusCode).toBe(200);
    expect((await sendOn(guestId, 'two')).statusCode).toBe(200);
    expect((await sendOn(guestId, 'three')).statusCode).toBe(200);
    const refused = await sendOn(guestId, 'four');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'REQUEST_LIMIT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A resend of a stored message still answers (it stores nothing).
    expect((await sendOn(guestId, 'one', firstId)).statusCode).toBe(200);
    // Another caller is not affected.
    expect((await sendOn(await guest(t), 'other')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await sendOn(guestId, 'four')).statusCode).toBe(200);
  });
});

forEachDialect('chat: ask about this, media, and the inbox service', (get) => {
  let events: ChatHubEvent[] = [];

  beforeAll(async () => {
    const t = get();
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
    (t.app.deps.chatHub as unknown as Listenable).listen((e) => events.push(e));
  });
  beforeEach(() => {
    events = [];
  });

  const guest = async (t: TestApp) =>
    (await t.call('GET', '/api/chat/config')).json<{ guestId: string }>().guestId;
  const member = async (t: TestApp) => {
    const token = await t.registerMember({ username: uniquePhone() });
    const memberNo = await t.memberNo(token);
    const { id } = await t.db
      .selectFrom('members')
      .select('id')
      .where('member_no', '=', memberNo)
      .executeTakeFirstOrThrow();
    return { token, memberNo, id };
  };
  const send = (t: TestApp, who: { token?: string; guestId?: string }, message: unknown) =>
    t.call('POST', '/api/chat/send-message', {
      ...(who.token ? { token: who.token } : {}),
      body: {
        conversation: conversation(message, {
          guestId: who.guestId ?? null,
          clientMessageId: nextClientId(),
        }),
      },
    });
  const statementRow = (
    t: TestApp,
    memberId: number,
    reference: string,
    type: 'deposit' | 'withdraw',
  ) =>
    withTransaction(t.db, (trx) =>
      recordStatement(trx, t.clock, {
        memberId,
        reference,
        type,
        status: 'PENDING',
        from: type === 'withdraw' ? 'WALLET' : 'SCB',
        to: type === 'withdraw' ? 'KBANK' : 'WALLET',
        amount: 150_050,
      }),
    );

  it('stores a statement item or withdrawal of the member with its status; refuses anyone else’s', async () => {
    const t = get();
    const a = await member(t);
    const b = await member(t);
    const ref = `WD${process.pid}${Date.now()}`;
    await statementRow(t, a.id, ref, 'withdraw');
    const dep = `QR${process.pid}${Date.now()}`;
    await statementRow(t, a.id, dep, 'deposit');

    const asked = await send(
      t,
      { token: a.token },
      {
        message_type: 'context',
        payload: { kind: 'withdrawal', ref },
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const stored = events.find((e) => e.room === null)!.payload as { message: ChatMessage };
    expect(stored.message.message).toEqual({
      message_type: 'context',
      // Data, not an English sentence (issue 26): the reader's language names the sides.
      payload: {
        kind: 'withdrawal',
        ref,
        status: 'PENDING',
        amount: 1500.5,
        createdAt: expect.any(String) as string,
        type: 'withdraw',
        from: { kind: 'wallet', code: 'WALLET' },
        to: {
          kind: 'bank',
          code: 'KBANK',
          name: { th: 'ธนาคารกสิกรไทย', la: 'ທະນາຄານກະສິກອນໄທ', en: 'Kasikornbank' },
        },
      },
    });
    const statementAsk = await send(
      t,
      { token: a.token },
      {
        message_type: 'context',
        payload: { kind: 'statement', ref: dep },
      },
    );
    expect(statementAsk.statusCode).toBe(200);
    const deposit = (
      events.filter((e) => e.room === null).at(-1)!.payload as { message: ChatMessage }
    ).message.message.payload;
    expect(deposit).toMatchObject({
      kind: 'statement',
      type: 'deposit',
      // A QR reference: the gateway side is a QR one, named as its bank where it is one.
      from: { kind: 'qr', code: 'SCB', name: { en: 'Siam Commercial Bank' } },
      to: { kind: 'wallet', code: 'WALLET' },
    });
    expect(deposit).not.toHaveProperty('title');

    // Not the member's, not a withdrawal, or from a visitor: refused, nothing stored.
    for (const [who, payload, status] of [
      [{ token: b.token }, { kind: 'withdrawal', ref }, 404],
      [{ token: b.token }, { kind: 'statement', ref }, 404],
      [{ token: a.token }, { kind: 'withdrawal', ref: dep }, 404],
      [{ token: a.token }, { kind: 'slip', ref }, 404],
      [{ guestId: await guest(t) }, { kind: 'statement', ref }, 403],
    ] as const) {
      const res = await send(t, who, { message_type: 'context', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
    }

    // The inbox reads the item's status as it is now.
    expect(await contextStatus(t.app.deps, a.id, { kind: 'withdrawal', ref })).toBe('PENDING');
    await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, ref, 'SUCCESS'));
    expect(await contextStatus(t.app.deps, a.id, { kind: 'withdrawal', ref })).toBe('SUCCESS');
    expect(await contextStatus(t.app.deps, b.id, { kind: 'withdrawal', ref })).toBeUndefined();
  });

  it("asks about a slip of the member's (by our reference or the bank's)", async () => {
    const t = get();
    const a = await member(t);
    const b = await member(t);
    const now = new Date().toISOString();
    const ref = `SL${String(Date.now()).padStart(20, '0')}`;
    await t.db
      .insertInto('slips')
      .values({
        ref,
        member_id: a.id,
        idempotency_key: `chat-test-${ref}`,
        file_key: `chat-test-${ref}`,
        file_sha256: '0'.repeat(64),
        file_bytes: 1,
        status: 'failed',
        reason: 'SLIP_REFNO_DUPLICATED',
        // The mini-QR's 3-digit bank and the code the bank verified.
        sending_bank: '002',
        sender_bank: 'BBL',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const mine = await send(
      t,
      { token: a.token },
      {
        message_type: 'context',
        payload: { kind: 'slip', ref },
      },
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const stored = events.find((e) => e.room === null)!.payload as { message: ChatMessage };
    expect(stored.message.message.payload).toMatchObject({
      kind: 'slip',
      ref,
      // The slip list's own (lower-case) status; the renderers read it with itemState.
      status: 'failed',
      amount: 0,
      sender: { kind: 'bank', code: 'BBL', name: { th: expect.stringContaining('กรุงเทพ') } },
    });
    expect(stored.message.message.payload).not.toHaveProperty('title');
    const theirs = await send(
      t,
      { token: b.token },
      {
        message_type: 'context',
        payload: { kind: 'slip', ref },
      },
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'NO_DATA' });
  });

  it("a media message names the sender's own upload; anyone else's or a made-up path is refused", async () => {
    const t = get();
    const g1 = await guest(t);
    const g2 = await guest(t);
    const fileId = 'ab'.repeat(16);
    await t.db
      .insertInto('chat_files')
      .values({
        id: fileId,
        owner_key: `guest:${g1}`,
        store_key: 'store-key',
        thumb_store_key: null,
        kind: 'png',
        file_type: 'image',
        bytes: 10,
        original_name: 'photo.png',
        message_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const media = (filePath: string) => ({
      message_type: 'media',
      payload: { message: 'receipt.png', url: false, fileType: 'video', filePath },
    });
    const sent = await send(t, { guestId: g1 }, media(`chatfile:${fileId}`));
    expect(sent.statusCode, sent.body).toBe(200);
    const file = await t.db
      .selectFrom('chat_files')
      .select('message_id')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(String(file.message_id)).toBe(sent.json<SendAnswer>()._id);
    const [shown] = await (
      await t.call('POST', '/api/chat/history', {
        body: { userId: null, guestId: g1, limit: 1, skip: 0 },
      })
    ).json<ChatMessage[]>();
    // The file type is the stored upload's, not the client's claim; the path is a signed
    // link for this viewer (decision 0099; the row has no thumbnail).
    expect(shown!.message).toEqual({
      message_type: 'media',
      payload: {
        message: 'receipt.png',
        url: true,
        fileType: 'image',
        filePath: expect.stringMatching(
          new RegExp(`^/static/chat/${fileId}\\?expires=\\d+&viewer=guest&sig=`),
        ),
      },
    });

    const stolen = await send(t, { guestId: g2 }, media(`chatfile:${fileId}`));
    expect(stolen.statusCode).toBe(404);
    const madeUp = await send(t, { guestId: g1 }, media('/etc/passwd'));
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual({ message: 'KEY_INVALID' });
    const unknown = await send(t, { guestId: g1 }, media(`chatfile:${'cd'.repeat(16)}`));
    expect(unknown.statusCode).toBe(404);
  });

  it("the inbox's calls: an agent reply (self-assign, once per client id), system messages", async () => {
    const t = get();
    const g = await guest(t);
    const asked = (await send(t, { guestId: g }, text('help'))).json<SendAnswer>();
    events = [];
    const reply = await postAgentMessage(t.app.deps, {
      conversationId: asked.session_id,
      operatorId: 1,
      message: { message_type: 'text', payload: ' on it ' },
      clientMessageId: 'agent-1',
    });
    expect(reply).toMatchObject({ assigned: true, duplicate: false });
    expect(reply.message).toMatchObject({
      sender: 'agent',
      message: { message_type: 'text', payload: 'on it' },
      session_id: asked.session_id,
      name: 'admin',
    });
    const toGuest = events.find((e) => e.room === `wallet-chat-${g}`);
    expect(toGuest?.event).toBe('messaging');
    // The customer is not told the agent's sign-in name.
    expect((toGuest?.payload as ChatMessage).name).toBeNull();

    const again = await postAgentMessage(t.app.deps, {
      conversationId: asked.session_id,
      operatorId: 1,
      message: { message_type: 'text', payload: 'on it' },
      clientMessageId: 'agent-1',
    });
    expect(again).toMatchObject({ duplicate: true, assigned: false });
    expect(again.message._id).toBe(reply.message._id);
    const second = await postAgentMessage(t.app.deps, {
      conversationId: asked.session_id,
      operatorId: 1,
      message: {
        message_type: 'buttons',
        payload: { text: 'pick', buttons: [{ title: 'Call', type: 'call', payload: '+66 2 123' }] },
      },
    });
    expect(second.assigned).toBe(false);

    await expect(
      postAgentMessage(t.app.deps, {
        conversationId: asked.session_id,
        operatorId: 1,
        message: {
          message_type: 'buttons',
          payload: {
            text: 'x',
            buttons: [{ title: 'x', type: 'web', payload: 'javascript:alert(1)' }],
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'KEY_INVALID', statusCode: 400 });
    await expect(
      postAgentMessage(t.app.deps, {
        conversationId: 'cnope',
        operatorId: 1,
        message: { message_type: 'text', payload: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'NO_DATA', statusCode: 404 });

    const assignedNote = await postSystemMessage(t.app.deps, {
      conversationId: asked.session_id,
      event: 'assigned',
      by: 'Support team',
    });
    expect(assignedNote.message).toEqual({
      message_type: 'system',
      payload: { event: 'assigned', by: 'Support team' },
    });
    await closeConversation(t.app.deps, { id: asked.session_id, operatorId: 1 });
    await expect(
      postAgentMessage(t.app.deps, {
        conversationId: asked.session_id,
        operatorId: 1,
        message: { message_type: 'text', payload: 'late' },
      }),
    ).rejects.toMatchObject({ code: 'NO_DATA', statusCode: 409 });
    const seen = await t.call('POST', '/api/chat/history', {
      body: { userId: null, guestId: g, limit: 10, skip: 0 },
    });
    expect(seen.json<ChatMessage[]>().map((m) => m.sender)).toEqual([
      'system',
      'system',
      'agent',
      'agent',
      'customer',
    ]);
  });
});
