// The agent inbox (issue 14, decision 0097) on SQLite and PostgreSQL: the views and statuses
// of the list with unread counts, the thread with its pages, notes and the member's wallet,
// replies (validated, self-assigning, once per client message id, delivered through the
// ChatHub), assign, close, read marks, templates, and the roles (support and admin only).
import type { ChatConversationRow, ChatMessage, ChatTemplate } from '@wallet/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { customerSays, seedConversation } from '../../../test/chat-operator-support';
import { imageFile } from '../../../test/chat-file-support';
import { multipartBody } from '../../../test/slip-support';
import { withTransaction } from '../../db/transaction';
import { setSetting } from '../settings';
import { recordStatement, setStatementStatus } from '../statement';
import { newMember } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';

const base = '/api/operator/chat';

interface ListAnswer {
  rows: ChatConversationRow[];
  total: number;
  page: number;
  unreadTotal: number;
}
interface ThreadAnswer {
  conversation: ChatConversationRow;
  messages: ChatMessage[];
  hasOlder: boolean;
  notes: { id: number; operator: string; text: string; createdAt: string }[];
  member: {
    memberNo: string;
    balance: number;
    heldTotal: number;
    recent: { kind: string }[];
    activeBonus: { code: string | null; name: Record<string, string> } | null;
  } | null;
  agents: { id: number; username: string }[];
}

async function as(t: TestApp, role: 'admin' | 'support' = 'support') {
  return t.operatorTokenAs(role);
}

async function call(
  t: TestApp,
  method: string,
  url: string,
  body?: unknown,
  role: 'admin' | 'support' = 'support',
): Promise<LightMyRequestResponse> {
  return t.call(method, url, { token: await as(t, role), ...(body !== undefined ? { body } : {}) });
}

async function ok<T>(res: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

const list = (t: TestApp, view: string, status = 'open') =>
  ok<ListAnswer>(call(t, 'GET', `${base}/conversations?view=${view}&status=${status}`));

const threadOf = (t: TestApp, id: string, query = '') =>
  ok<ThreadAnswer>(call(t, 'GET', `${base}/conversations/${id}${query}`));

const text = (payload: string) => ({ message_type: 'text', payload });
let replies = 0;
const reply = (t: TestApp, id: string, message: unknown, clientMessageId = `r-${++replies}`) =>
  call(t, 'POST', `${base}/conversations/${id}/messages`, { clientMessageId, message });

async function operatorId(t: TestApp, username: string): Promise<number> {
  const row = await t.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One publish of the test app's in-process ChatHub (adapters/local-chat-hub.ts). */
interface ChatHubEvent {
  room: string | null;
  event: string;
  payload: unknown;
}

/** What the ChatHub published while `fn` ran. */
async function published(t: TestApp, fn: () => Promise<unknown>): Promise<ChatHubEvent[]> {
  const hub = t.app.deps.chatHub as unknown as {
    listen(listener: (event: ChatHubEvent) => void): () => void;
  };
  const events: ChatHubEvent[] = [];
  const stop = hub.listen((event) => events.push(event));
  try {
    await fn();
  } finally {
    stop();
  }
  return events;
}

forEachDialect('chat agent inbox', (getApp) => {
  it('lists by view and status, newest activity first, with unread counts and previews', async () => {
    const t = getApp();
    const m = await newMember(t);
    const memberConv = await seedConversation(t, { memberId: m.memberId }, ['my deposit', 'hi?']);
    const guestConv = await seedConversation(t, {}, ['guest question']);
    const all = await list(t, 'all');
    const ids = all.rows.map((r) => r.id);
    // The guest wrote last: first.
    expect(ids.indexOf(guestConv.id)).toBeLessThan(ids.indexOf(memberConv.id));
    const memberRow = all.rows.find((r) => r.id === memberConv.id)!;
    expect(memberRow).toMatchObject({
      status: 'open',
      member: { memberNo: m.memberNo, phone: m.phone },
      guestLabel: null,
      assignee: null,
      unread: 2,
      lastMessagePreview: 'hi?',
      // As data too: the console words other kinds in its language (issue 26).
      lastMessage: { type: 'text', text: 'hi?' },
    });
    const guestRow = all.rows.find((r) => r.id === guestConv.id)!;
    expect(guestRow.member).toBeNull();
    expect(guestRow.guestLabel).toMatch(/^[A-Za-z0-9_-]{8}$/);
    // A visitor's guest id is their credential: never in an agent's answer.
    expect(JSON.stringify(all)).not.toContain(guestConv.guestId!);
    expect(all.unreadTotal).toBeGreaterThanOrEqual(3);

    expect((await list(t, 'unassigned')).rows.map((r) => r.id)).toContain(memberConv.id);
    expect((await list(t, 'mine')).rows.map((r) => r.id)).not.toContain(memberConv.id);

    // Support's first reply takes it: mine now, no longer unassigned; admin's "mine" differs.
    await ok(reply(t, memberConv.id, text('Looking into it')));
    expect((await list(t, 'mine')).rows.map((r) => r.id)).toContain(memberConv.id);
    expect((await list(t, 'unassigned')).rows.map((r) => r.id)).not.toContain(memberConv.id);
    const adminMine = await ok<ListAnswer>(
      call(t, 'GET', `${base}/conversations?view=mine`, undefined, 'admin'),
    );
    expect(adminMine.rows.map((r) => r.id)).not.toContain(memberConv.id);

    // Closed ones are under closed only.
    await ok(call(t, 'POST', `${base}/conversations/${guestConv.id}/close`, {}));
    expect((await list(t, 'all')).rows.map((r) => r.id)).not.toContain(guestConv.id);
    expect((await list(t, 'all', 'closed')).rows.map((r) => r.id)).toContain(guestConv.id);
  });

  it('opens a thread with older pages, notes, the wallet and the agents; marks it read', async () => {
    const t = getApp();
    const m = await newMember(t, 250);
    const conv = await seedConversation(
      t,
      { memberId: m.memberId },
      Array.from({ length: 7 }, (_, i) => `message ${i + 1}`),
    );
    const first = await threadOf(t, conv.id, '?limit=5');
    expect(first.messages.map((x) => x.message.payload)).toEqual([
      'message 3',
      'message 4',
      'message 5',
      'message 6',
      'message 7',
    ]);
    expect(first.hasOlder).toBe(true);
    expect(first.messages[0]).toMatchObject({
      sender: 'customer',
      userId: m.memberNo,
      guestId: null,
      session_id: conv.id,
    });
    const older = await threadOf(t, conv.id, `?limit=5&before=${first.messages[0]!._id}`);
    expect(older.messages.map((x) => x.message.payload)).toEqual(['message 1', 'message 2']);
    expect(older.hasOlder).toBe(false);
    expect(first.member).toMatchObject({
      memberNo: m.memberNo,
      balance: 250,
      heldTotal: 0,
      activeBonus: null,
    });
    // An open promotion condition: its name in every language, as the grant stored it, so
    // the console shows its own language's (issue 26).
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('promotion_grants')
      .values({
        member_id: m.memberId,
        kind: 'bonus',
        source_code: 'WELCOME',
        name_json: JSON.stringify({ th: 'โบนัสต้อนรับ', la: 'ໂບນັດຕ້ອນຮັບ', en: 'Welcome bonus' }),
        currency: 'BAHT',
        credited: 10_000,
        base: 20_000,
        required: 60_000,
        weights_json: JSON.stringify({ slot: 100, sport: 50, lotto: 0 }),
        percent_fail: 10,
        deposit_ref: null,
        ledger_tx_id: null,
        status: 'open',
        started_at: at,
        ended_at: null,
        updated_at: at,
      })
      .execute();
    expect((await threadOf(t, conv.id)).member?.activeBonus).toEqual({
      code: 'WELCOME',
      name: { th: 'โบนัสต้อนรับ', la: 'ໂບນັດຕ້ອນຮັບ', en: 'Welcome bonus' },
    });
    expect(first.agents.map((a) => a.username).sort()).toEqual(['admin', 'support']);
    expect(first.conversation.unread).toBe(7);

    // A private note, then the read mark moves to the newest message.
    const note = await ok<{ id: number; operator: string; text: string }>(
      call(t, 'POST', `${base}/conversations/${conv.id}/notes`, { text: 'VIP, be quick' }),
    );
    expect(note).toMatchObject({ operator: 'support', text: 'VIP, be quick' });
    const read = await ok<ChatConversationRow>(
      call(t, 'PUT', `${base}/conversations/${conv.id}/read`, {}),
    );
    expect(read.unread).toBe(0);
    await customerSays(t, { id: conv.id, senderKey: conv.senderKey }, ['still there?']);
    const again = await threadOf(t, conv.id);
    expect(again.conversation.unread).toBe(1);
    expect(again.notes.map((n) => n.text)).toEqual(['VIP, be quick']);

    // A visitor's thread has no member; an unknown id is 404 NO_DATA.
    const guest = await seedConversation(t, {});
    expect((await threadOf(t, guest.id)).member).toBeNull();
    const missing = await call(t, 'GET', `${base}/conversations/nope`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'NO_DATA' });
    const badBefore = await call(t, 'GET', `${base}/conversations/${conv.id}?before=abc`);
    expect(badBefore.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('replies with every agent kind, validated; a resend is stored and delivered once', async () => {
    const t = getApp();
    const m = await newMember(t);
    const conv = await seedConversation(t, { memberId: m.memberId });
    const kinds = [
      text('Hello https://example.com'),
      {
        message_type: 'buttons',
        payload: {
          text: 'Pick',
          buttons: [
            { title: 'Site', type: 'web', payload: 'https://example.com' },
            { title: 'Call', type: 'call', payload: '+66 2 123 4567' },
            { title: 'Deposit', type: 'postback', payload: 'DEPOSIT' },
          ],
        },
      },
      {
        message_type: 'quick_replies',
        payload: {
          text: 'Yes?',
          quick_replies: [{ title: 'Yes', type: 'postback', payload: 'Y' }],
        },
      },
      { message_type: 'generic', payload: { cards: [{ title: 'Bonus', subtitle: '100%' }] } },
    ];
    for (const message of kinds) {
      const answer = await ok<ChatMessage>(reply(t, conv.id, message));
      expect(answer).toMatchObject({ sender: 'agent', name: 'support', message });
    }

    // Refused before anything is stored: a script link, a made-up kind, blank text, a member-only kind.
    const refused = [
      {
        message_type: 'buttons',
        payload: {
          text: 'x',
          buttons: [{ title: 'x', type: 'web', payload: 'javascript:alert(1)' }],
        },
      },
      { message_type: 'html', payload: '<b>x</b>' },
      text('   '),
      { message_type: 'context', payload: { kind: 'slip', ref: 'SL1' } },
      { message_type: 'text', payload: 'x'.repeat(2001) },
    ];
    for (const message of refused) {
      const res = await reply(t, conv.id, message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(['KEY_INVALID', 'KEY_MISSING']).toContain(res.json<{ message: string }>().message);
    }

    // The same client message id twice: one row, one delivery, the same answer.
    const events = await published(t, async () => {
      const a = await ok<ChatMessage>(reply(t, conv.id, text('once'), 'dup-1'));
      const b = await ok<ChatMessage>(reply(t, conv.id, text('once'), 'dup-1'));
      expect(b._id).toBe(a._id);
    });
    const stored = await t.db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation_id', '=', conv.id)
      .where('client_message_id', '=', 'dup-1')
      .execute();
    expect(stored).toHaveLength(1);
    const toMember = events.filter((e) => e.room !== null && e.event === 'messaging');
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.room).toBe(`${t.config.chat.prefix}${m.memberNo}`);
    expect(events.filter((e) => e.room === null && e.event === 'inbox:message')).toHaveLength(1);

    const thread = await threadOf(t, conv.id);
    expect(thread.messages.filter((x) => x.sender === 'agent')).toHaveLength(kinds.length + 1);
    expect(thread.conversation.assignee?.username).toBe('support');
  });

  it('assigns to agents only, closes with a system message, and refuses replies after', async () => {
    const t = getApp();
    const conv = await seedConversation(t, {});
    const adminId = await operatorId(t, 'admin');
    const assigned = await ok<ChatConversationRow>(
      call(t, 'PUT', `${base}/conversations/${conv.id}/assignee`, { operatorId: adminId }),
    );
    expect(assigned.assignee).toEqual({ id: adminId, username: 'admin' });
    // A reply by support does not take it from admin.
    await ok(reply(t, conv.id, text('I can help too')));
    expect((await threadOf(t, conv.id)).conversation.assignee?.username).toBe('admin');
    for (const role of ['cashier', 'marketing'] as const) {
      const res = await call(t, 'PUT', `${base}/conversations/${conv.id}/assignee`, {
        operatorId: await operatorId(t, role),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    }
    const unassigned = await ok<ChatConversationRow>(
      call(t, 'PUT', `${base}/conversations/${conv.id}/assignee`, { operatorId: null }),
    );
    expect(unassigned.assignee).toBeNull();

    const events = await published(t, async () => {
      const closed = await ok<ChatConversationRow>(
        call(t, 'POST', `${base}/conversations/${conv.id}/close`, {}),
      );
      expect(closed.status).toBe('closed');
    });
    expect(events.find((e) => e.event === 'messaging')?.room).toBe(
      `${t.config.chat.prefix}${conv.guestId}`,
    );
    const thread = await threadOf(t, conv.id);
    expect(thread.messages.at(-1)).toMatchObject({
      sender: 'system',
      message: { message_type: 'system', payload: { event: 'closed' } },
    });
    const late = await reply(t, conv.id, text('are you there?'));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'NO_DATA' });
    const twice = await call(t, 'POST', `${base}/conversations/${conv.id}/close`, {});
    expect(twice.statusCode).toBe(409);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['target', 'before_json', 'after_json'])
      .where('action', '=', 'POST /api/operator/chat/conversations/:conversationId/close')
      .where('outcome', '=', 'ok')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(`chat:${conv.id}`);
  });

  it('keeps reply templates validated as agent messages', async () => {
    const t = getApp();
    const good = {
      name: 'Deposit help',
      message: {
        message_type: 'buttons',
        payload: {
          text: 'Need help with a deposit?',
          buttons: [{ title: 'How to', type: 'web', payload: 'https://example.com/howto' }],
        },
      },
    };
    const created = await ok<ChatTemplate>(call(t, 'POST', `${base}/templates`, good));
    expect(created).toMatchObject({ ...good, createdBy: 'support' });
    for (const bad of [
      { name: 'x', message: { message_type: 'text', payload: '' } },
      {
        name: 'x',
        message: {
          message_type: 'buttons',
          payload: { text: 'x', buttons: [{ title: 'x', type: 'call', payload: 'javascript:1' }] },
        },
      },
      { name: 'x', message: { message_type: 'generic', payload: { cards: [] } } },
      { name: '', message: good.message },
      { name: 'x', message: '{"message_type":"text","payload":"raw json"}' },
    ]) {
      const res = await call(t, 'POST', `${base}/templates`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const templates = await ok<ChatTemplate[]>(call(t, 'GET', `${base}/templates`));
    expect(templates.map((x) => x.id)).toContain(created.id);
    await ok(call(t, 'DELETE', `${base}/templates/${created.id}`));
    const gone = await call(t, 'DELETE', `${base}/templates/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'NO_DATA' });
  });

  it("shows a member's REST messages, and an 'ask about this' card with the item's status now", async () => {
    const t = getApp();
    await setSetting(t.db, t.clock, 'enableChatWidget', true);
    const m = await newMember(t);
    const ref = `WD${process.pid}${Date.now()}`;
    await withTransaction(t.db, (trx) =>
      recordStatement(trx, t.clock, {
        memberId: m.memberId,
        reference: ref,
        type: 'withdraw',
        status: 'PENDING',
        from: 'WALLET',
        to: 'KBANK',
        amount: 150_050,
      }),
    );
    let n = 0;
    const send = async (message: unknown) => {
      const res = await t.call('POST', '/api/chat/send-message', {
        token: m.token,
        body: {
          conversation: {
            sender: 'customer',
            clientMessageId: `inbox-${process.pid}-${++n}`,
            message,
            userId: null,
            guestId: null,
            username: null,
            name: null,
            deviceToken: null,
            session_id: null,
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ session_id: string }>().session_id;
    };
    const id = await send({ message_type: 'text', payload: 'Where is my withdrawal?' });
    await send({ message_type: 'context', payload: { kind: 'withdrawal', ref } });
    await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, ref, 'SUCCESS'));

    const row = (await list(t, 'unassigned')).rows.find((r) => r.id === id);
    expect(row).toMatchObject({ member: { memberNo: m.memberNo }, unread: 2 });
    expect(row!.lastMessagePreview).toBe(`[withdrawal] ${ref}`);
    const thread = await threadOf(t, id);
    expect(thread.messages.map((x) => x.message.message_type)).toEqual(['text', 'context']);
    expect(thread.messages[1]!.message.payload).toMatchObject({
      kind: 'withdrawal',
      ref,
      amount: 1500.5,
      status: 'SUCCESS',
      statusWhenAsked: 'PENDING',
    });
    // The reply reaches the member's own history.
    await ok(reply(t, id, text('It was paid a moment ago')));
    const history = await t.call('POST', '/api/chat/history', {
      token: m.token,
      body: { userId: null, guestId: null, limit: 10, skip: 0 },
    });
    expect(history.json<ChatMessage[]>()[0]).toMatchObject({
      sender: 'agent',
      message: { message_type: 'text', payload: 'It was paid a moment ago' },
    });
  });

  it('uploads an attachment an agent then sends; members and other roles cannot use it', async () => {
    const t = getApp();
    const conv = await seedConversation(t, {});
    const upload = async (token: string, data: Buffer, filename = 'help.png') => {
      const body = multipartBody([{ name: 'file', filename, contentType: 'image/png', data }]);
      return t.app.inject({
        method: 'POST',
        url: `${base}/upload`,
        headers: {
          'x-wallet-user': 'member',
          'content-type': body.contentType,
          authorization: `Bearer ${token}`,
        },
        payload: body.payload,
      });
    };
    const png = await imageFile('png');
    const res = await upload(await as(t), png);
    expect(res.statusCode, res.body).toBe(200);
    const { path } = res.json<{ path: string }>();
    expect(path).toMatch(/^chatfile:[0-9a-f]{32}$/);
    const sent = await ok<ChatMessage>(
      reply(t, conv.id, {
        message_type: 'media',
        payload: { message: 'help.png', url: false, fileType: 'image', filePath: path },
      }),
    );
    // Agents get signed links, never the upload id.
    expect(sent.message.payload).toMatchObject({ url: true, fileType: 'image' });
    expect(JSON.stringify(sent)).not.toContain(path);
    // Not an image by its bytes: refused whatever its name.
    const fake = await upload(await as(t), Buffer.from('<script>x</script>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ message: 'KEY_INVALID' });
    const cashier = await upload(await t.operatorTokenAs('cashier'), png);
    expect(cashier.statusCode).toBe(403);
    const m = await newMember(t);
    expect((await upload(m.token, png)).statusCode).toBe(403);
  });

  it('is for support and admin only: cashier, marketing, members and nobody are refused', async () => {
    const t = getApp();
    const conv = await seedConversation(t, {});
    const m = await newMember(t);
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/conversations`],
      ['GET', `${base}/conversations/${conv.id}`],
      [
        'POST',
        `${base}/conversations/${conv.id}/messages`,
        { clientMessageId: 'x', message: text('x') },
      ],
      ['PUT', `${base}/conversations/${conv.id}/assignee`, { operatorId: null }],
      ['POST', `${base}/conversations/${conv.id}/close`, {}],
      ['POST', `${base}/conversations/${conv.id}/notes`, { text: 'x' }],
      ['PUT', `${base}/conversations/${conv.id}/read`, {}],
      ['GET', `${base}/templates`],
      ['POST', `${base}/templates`, { name: 'x', message: text('x') }],
      ['DELETE', `${base}/templates/1`],
    ];
    for (const [method, url, body] of calls) {
      for (const role of ['cashier', 'marketing'] as const) {
        const res = await t.call(method, url, {
          token: await t.operatorTokenAs(role),
          ...(body !== undefined ? { body } : {}),
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
      }
      const member = await t.call(method, url, {
        token: m.token,
        ...(body !== undefined ? { body } : {}),
      });
      // A member's token is a refused role here (decision 0086), not a missing sign-in.
      expect(member.statusCode, `member ${method} ${url}`).toBe(403);
      expect(member.json()).toEqual({ message: 'UNAUTHORIZED' });
      const nobody = await t.call(method, url, body !== undefined ? { body } : {});
      expect(nobody.statusCode, `nobody ${method} ${url}`).toBe(401);
      expect(nobody.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    // Nothing changed on the conversation.
    const after = await threadOf(t, conv.id);
    expect(after.conversation).toMatchObject({ status: 'open', assignee: null });
    expect(after.notes).toEqual([]);
    expect(after.messages.filter((x) => x.sender !== 'customer')).toEqual([]);
  });
});
