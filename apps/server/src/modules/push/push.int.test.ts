// Web Push for money events (issue 29, decision 0152) on SQLite and PostgreSQL: each kind
// pushes exactly one message with the member's language, text and screen; choices turned off,
// a gone device, a session that ended, a member in a chat or a block; a push service that is
// down slows no money request and delivers later, once per device; and the member API's
// refusals (T8 bodies, T9 another member's device). Every test ends with the ledger check.
import { createECDH, randomBytes } from 'node:crypto';
import type { PushPayload } from '@wallet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createBonus, deposit } from '../../../test/bonus-support';
import { seedConversation } from '../../../test/chat-operator-support';
import { creditTestDeposit } from '../../../test/deposit-support';
import type { Member } from '../../../test/game-support';
import { activate, newMember, transfer } from '../../../test/game-support';
import { forEachDialect } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import { withdraw } from '../../../test/reliability/money-helpers';
import { withTransaction } from '../../db/transaction';
import { reconcileOnce } from '../../reconcile';
import { ledgerCheck } from '../ledger';
import { pushFlow } from './push.delivery';
import { purgeSettledPushEvents, PUSH_KEEP_MS, queuePush } from './push.service';

let devices = 0;
/** A browser's PushSubscription on the sandbox's push service (allowed outside production). */
function device(t: TestApp) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${t.config.sandbox.url}/push/send/test-${process.pid}-${++devices}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}
type Device = ReturnType<typeof device>;

const subscribe = (t: TestApp, token: string, subscription: unknown, lang = 'th') =>
  t.call('POST', '/api/push/subscriptions', { token, body: { subscription, lang } });

async function subscribed(t: TestApp, m: Member, lang: 'th' | 'la' | 'en' = 'th') {
  const d = device(t);
  const res = await subscribe(t, m.token, d, lang);
  expect([res.statusCode, res.json()]).toEqual([200, { message: 'OK' }]);
  return d;
}

/** One pass of the delivery flow; its figures. */
async function deliver(t: TestApp) {
  const report = await reconcileOnce(pushFlow(t.app.deps), t.app.deps);
  return { retry: report.retry, ...report.outcomes };
}

const pushedTo = (t: TestApp, d: Device) => t.push.to(d.endpoint) as PushPayload[];
const outbox = (t: TestApp, memberId: number) =>
  t.db.selectFrom('push_outbox').selectAll().where('member_id', '=', memberId).execute();

forEachDialect('push notifications', (get) => {
  afterEach(async () => {
    const t = get();
    t.push.down = false;
    t.push.delayMs = 0;
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  describe('each kind: one message, in the member language, opening the right screen', () => {
    it('a deposit credited (th), on every device of the member', async () => {
      const t = get();
      const m = await newMember(t);
      const phone = await subscribed(t, m, 'th');
      const tablet = await subscribed(t, m, 'th');
      const ref = await creditTestDeposit(t, m.memberId, 123_450);
      expect(await deliver(t)).toMatchObject({ delivered: 2, sent: 1 });
      const expected = {
        title: 'ฝากเงินสำเร็จ',
        body: 'ยอด 1,234.50 บาท เข้ากระเป๋าแล้ว',
        url: '/user/statement',
        tag: `deposit:${ref}`,
        lang: 'th',
      };
      expect(pushedTo(t, phone)).toEqual([expected]);
      expect(pushedTo(t, tablet)).toEqual([expected]);
      // Settled: another pass sends nothing again.
      await deliver(t);
      expect(pushedTo(t, phone)).toHaveLength(1);
      expect(await outbox(t, m.memberId)).toMatchObject([
        { status: 'sent', sent_count: 2, next_attempt_at: null },
      ]);
    });

    it('a withdrawal paid (en) and one rejected with its reason (la)', async () => {
      const t = get();
      const m = await newMember(t, 8000);
      const d = await subscribed(t, m, 'en');
      const paid = await withdraw(t, m.token, 100, undefined, '/api/wallet/withdraw');
      const paidRef = paid.json<{ reference: string; status: string }>();
      expect(paidRef.status).toBe('PAID');
      await deliver(t);
      expect(pushedTo(t, d)).toEqual([
        {
          title: 'Withdrawal paid',
          body: '100.00 THB was sent to your bank account.',
          url: '/user/statement',
          tag: `withdrawal:${paidRef.reference}`,
          lang: 'en',
        },
      ]);

      // The member switches to Lao; an operator rejects a withdrawal that waits.
      const prefs = await t.call('PUT', '/api/push/preferences', {
        token: m.token,
        body: {
          lang: 'la',
          preferences: {
            deposit_credited: true,
            withdrawal_paid: true,
            withdrawal_rejected: true,
            support_reply: true,
            bonus_turnover_met: true,
          },
        },
      });
      expect(prefs.json()).toMatchObject({ lang: 'la', devices: 1 });
      const waiting = await withdraw(t, m.token, 6000, undefined, '/api/wallet/withdraw');
      const { reference, status } = waiting.json<{ reference: string; status: string }>();
      expect(status).toBe('WAITING');
      const rejected = await t.call('POST', `/api/operator/withdrawals/${reference}`, {
        token: await t.operatorTokenAs('cashier'),
        body: { decision: 'reject', reason: 'ຊື່ບັນຊີບໍ່ກົງ' },
      });
      expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
      await deliver(t);
      expect(pushedTo(t, d).slice(1)).toEqual([
        {
          title: 'ການຖອນເງິນຖືກປະຕິເສດ',
          body: '6,000.00 ບາດ ກັບເຂົ້າກະເປົາແລ້ວ ເຫດຜົນ: ຊື່ບັນຊີບໍ່ກົງ',
          url: '/user/statement',
          tag: `withdrawal:${reference}`,
          lang: 'la',
        },
      ]);
    });

    it('a bonus turnover met (en), read from the provider', async () => {
      const t = get();
      const code = await createBonus(t);
      const m = await newMember(t);
      expect((await deposit(t, m, 100_000)).statusCode).toBe(200);
      expect(
        (await t.call('GET', `/api/bonus/activate/${code}`, { token: m.token })).statusCode,
      ).toBe(200);
      const d = await subscribed(t, m, 'en');
      const pg = await activate(t, m, 'PG');
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1000 });
      for (let i = 0; i < 3; i++) t.games.bet('PG', pg, 100_000, 100_000, t.clock.now());
      await t.call('GET', '/api/bonus/turnover', { token: m.token });
      const grant = await t.db
        .selectFrom('promotion_grants')
        .select(['id', 'status'])
        .where('member_id', '=', m.memberId)
        .executeTakeFirstOrThrow();
      expect(grant.status).toBe('met');
      await deliver(t);
      expect(pushedTo(t, d)).toEqual([
        {
          title: 'Turnover met',
          body: `The turnover of your bonus name ${code} en is met.`,
          url: '/user/bonus',
          tag: `bonus:${grant.id}`,
          lang: 'en',
        },
      ]);
    });

    it('a support reply only while the member has no chat open', async () => {
      const t = get();
      const m = await newMember(t);
      const d = await subscribed(t, m, 'th');
      // The default in-process hub (adapters/local-chat-hub.ts): its `present` rooms are open chats.
      const hub = t.app.deps.chatHub as unknown as { present: Set<string> };
      const room = `${t.config.chat.prefix}${m.memberNo}`;
      const conversation = await seedConversation(t, { memberId: m.memberId });
      const support = await t.operatorTokenAs('support');
      const say = (n: number) =>
        t.call('POST', `/api/operator/chat/conversations/${conversation.id}/messages`, {
          token: support,
          body: {
            clientMessageId: `r-${m.memberNo}-${n}`,
            message: { message_type: 'text', payload: `answer ${n}` },
          },
        });
      // The chat is open on a device: the reply arrives there, nothing is pushed.
      hub.present.add(room);
      expect((await say(1)).statusCode).toBe(200);
      expect(await deliver(t)).toMatchObject({ in_chat: 1 });
      hub.present.delete(room);
      expect((await say(2)).statusCode).toBe(200);
      expect(await deliver(t)).toMatchObject({ delivered: 1 });
      const pushed = pushedTo(t, d);
      expect(pushed).toEqual([
        {
          title: 'ข้อความใหม่จากฝ่ายบริการ',
          body: 'ฝ่ายบริการตอบกลับคุณแล้ว แตะเพื่ออ่าน',
          url: '/user/contact',
          tag: expect.stringMatching(/^chat:\d+$/),
          lang: 'th',
        },
      ]);
      // The text never quotes the message.
      expect(JSON.stringify(pushed)).not.toContain('answer');
    });
  });

  describe('what is not pushed', () => {
    it('a kind turned off: nothing', async () => {
      const t = get();
      const m = await newMember(t);
      const d = await subscribed(t, m);
      const off = await t.call('PUT', '/api/push/preferences', {
        token: m.token,
        body: {
          preferences: {
            deposit_credited: false,
            withdrawal_paid: true,
            withdrawal_rejected: true,
            support_reply: true,
            bonus_turnover_met: true,
          },
        },
      });
      expect(off.json()).toMatchObject({ lang: 'th', preferences: { deposit_credited: false } });
      await creditTestDeposit(t, m.memberId, 10_000);
      expect(await deliver(t)).toMatchObject({ off: 1 });
      expect(pushedTo(t, d)).toEqual([]);
      expect(await outbox(t, m.memberId)).toMatchObject([{ status: 'skipped' }]);
    });

    it('a member with no device: no outbox row at all', async () => {
      const t = get();
      const m = await newMember(t);
      await creditTestDeposit(t, m.memberId, 10_000);
      expect(await outbox(t, m.memberId)).toEqual([]);
    });

    it('nothing promotional during a time-out; money events still', async () => {
      const t = get();
      const m = await newMember(t);
      const d = await subscribed(t, m, 'en');
      const out = await t.call('POST', '/api/protection/time-out', {
        token: m.token,
        body: { duration: '24h' },
      });
      expect(out.statusCode).toBe(200);
      await withTransaction(t.db, (trx) =>
        queuePush(trx, t.clock, {
          memberId: m.memberId,
          kind: 'bonus_turnover_met',
          tag: `bonus:test-${m.memberNo}`,
          params: { name: { th: 'x', en: 'x' } },
        }),
      );
      await creditTestDeposit(t, m.memberId, 10_000);
      expect(await deliver(t)).toMatchObject({ protected: 1, delivered: 1 });
      expect(pushedTo(t, d).map((p) => p.title)).toEqual(['Deposit credited']);
    });

    it('a device the push service calls gone (410) is removed', async () => {
      const t = get();
      const m = await newMember(t);
      const d = await subscribed(t, m);
      t.push.gone.add(d.endpoint);
      await creditTestDeposit(t, m.memberId, 10_000);
      expect(await deliver(t)).toMatchObject({ gone: 1, no_device: 1 });
      expect(
        await t.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('endpoint', '=', d.endpoint)
          .execute(),
      ).toEqual([]);
    });

    it('logout: the device of that session is removed; the other session still receives', async () => {
      const t = get();
      const m = await newMember(t);
      const kept = await subscribed(t, m);
      const second = await t.login(m.phone, 'password123');
      const gone = device(t);
      expect((await subscribe(t, second, gone)).statusCode).toBe(200);
      expect((await t.call('POST', '/api/logout', { token: second })).statusCode).toBe(200);
      await creditTestDeposit(t, m.memberId, 10_000);
      expect(await deliver(t)).toMatchObject({ session_ended: 1, delivered: 1 });
      expect(pushedTo(t, gone)).toEqual([]);
      expect(pushedTo(t, kept)).toHaveLength(1);
      const left = await t.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('member_id', '=', m.memberId)
        .execute();
      expect(left).toEqual([{ endpoint: kept.endpoint }]);
      // The client also removes its device at logout when it can (DELETE with its endpoint).
      const removed = await t.call('DELETE', '/api/push/subscriptions', {
        token: m.token,
        body: { endpoint: kept.endpoint },
      });
      expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'OK' }]);
      expect(
        (await t.call('GET', '/api/push/preferences', { token: m.token })).json(),
      ).toMatchObject({
        devices: 0,
      });
    });
  });

  it('housekeeping deletes events settled over 30 days ago with their deliveries, never a pending one', async () => {
    const t = get();
    const m = await newMember(t);
    await subscribed(t, m);
    const sentRef = await creditTestDeposit(t, m.memberId, 10_000);
    expect(await deliver(t)).toMatchObject({ delivered: 1 });
    // A second event stays pending: the push service is down.
    t.push.down = true;
    const pendingRef = await creditTestDeposit(t, m.memberId, 20_000);
    expect(await deliver(t)).toMatchObject({ retry: 1 });
    const deliveries = () =>
      t.db
        .selectFrom('push_deliveries')
        .innerJoin('push_outbox', 'push_outbox.id', 'push_deliveries.outbox_id')
        .select('push_outbox.tag')
        .where('push_outbox.member_id', '=', m.memberId)
        .execute();
    expect(await deliveries()).toEqual([{ tag: `deposit:${sentRef}` }]);

    // The file's other members' events are settled too: only this member's rows are read.
    await purgeSettledPushEvents(t.db, t.clock);
    expect((await outbox(t, m.memberId)).map((r) => r.tag).sort()).toEqual(
      [`deposit:${sentRef}`, `deposit:${pendingRef}`].sort(),
    );
    t.clock.advance(PUSH_KEEP_MS + 60_000);
    expect(await purgeSettledPushEvents(t.db, t.clock)).toBeGreaterThanOrEqual(1);
    expect((await outbox(t, m.memberId)).map((r) => [r.tag, r.status])).toEqual([
      [`deposit:${pendingRef}`, 'pending'],
    ]);
    expect(await deliveries()).toEqual([]);
  });

  it('push service down: the money request is not slowed; delivery later, once per device', async () => {
    const t = get();
    const m = await newMember(t);
    const d = await subscribed(t, m);
    t.push.down = true;
    t.push.delayMs = 2000;
    const calls = t.push.calls;
    const started = performance.now();
    const ref = await creditTestDeposit(t, m.memberId, 50_000);
    const tookMs = performance.now() - started;
    expect(tookMs).toBeLessThan(1000);
    expect(t.push.calls).toBe(calls);
    // The service is down: the row stays due after the backoff.
    t.push.delayMs = 0;
    expect(await deliver(t)).toMatchObject({ retry: 1 });
    const [row] = await outbox(t, m.memberId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('memory push service set to fail');
    expect(row!.next_attempt_at! > t.clock.now().toISOString()).toBe(true);
    // Back up: the next due pass delivers it once; later passes send nothing.
    t.push.down = false;
    t.clock.advance(60_000);
    expect(await deliver(t)).toMatchObject({ delivered: 1 });
    t.clock.advance(60_000);
    await deliver(t);
    expect(pushedTo(t, d).map((p) => p.tag)).toEqual([`deposit:${ref}`]);
  });

  describe('the member API', () => {
    it('GET /api/push/config: the public VAPID key, no sign-in', async () => {
      const t = get();
      const res = await t.call('GET', '/api/push/config');
      expect(res.json()).toEqual({
        publicKey: t.config.push.vapidPublicKey,
        kinds: [
          'deposit_credited',
          'withdrawal_paid',
          'withdrawal_rejected',
          'support_reply',
          'bonus_turnover_met',
        ],
      });
    });

    it('T9: another member cannot remove my device; every call needs a member', async () => {
      const t = get();
      const me = await newMember(t);
      const other = await newMember(t);
      const d = await subscribed(t, me);
      const res = await t.call('DELETE', '/api/push/subscriptions', {
        token: other.token,
        body: { endpoint: d.endpoint },
      });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'NO_DATA' }]);
      expect(
        (await t.call('GET', '/api/push/preferences', { token: me.token })).json(),
      ).toMatchObject({
        devices: 1,
      });
      for (const [method, body] of [
        ['POST', { subscription: device(t), lang: 'th' }],
        ['DELETE', { endpoint: d.endpoint }],
        ['GET', undefined],
        ['PUT', { preferences: {} }],
      ] as const) {
        const url =
          method === 'GET' || method === 'PUT'
            ? '/api/push/preferences'
            : '/api/push/subscriptions';
        const anonymous = await t.call(method, url, body === undefined ? {} : { body });
        expect(anonymous.statusCode).toBe(401);
      }
      const operator = await t.call('GET', '/api/push/preferences', {
        token: await t.operatorToken(),
      });
      // An operator's token is not a member's.
      expect(operator.statusCode).toBe(403);
    });

    it('T8: bad bodies answer catalogue codes and store nothing', async () => {
      const t = get();
      const m = await newMember(t);
      const good = device(t);
      const cases: [unknown, string][] = [
        [{ lang: 'th' }, 'KEY_MISSING'],
        [{ subscription: { endpoint: good.endpoint }, lang: 'th' }, 'KEY_MISSING'],
        [{ subscription: good, lang: 'de' }, 'KEY_INVALID'],
        [{ subscription: { ...good, endpoint: 'not a url' }, lang: 'th' }, 'KEY_INVALID'],
        [
          { subscription: { ...good, keys: { ...good.keys, p256dh: 'short' } }, lang: 'th' },
          'KEY_INVALID',
        ],
        [{ subscription: good, lang: 'th', memberId: 1 }, 'KEY_INVALID'],
        // Only push services' origins: no request to an address of the member's choosing.
        [
          { subscription: { ...good, endpoint: 'http://169.254.169.254/latest' }, lang: 'th' },
          'KEY_INVALID',
        ],
        [
          { subscription: { ...good, endpoint: 'https://evil.example/push' }, lang: 'th' },
          'KEY_INVALID',
        ],
        [
          { subscription: { ...good, endpoint: `ftp://127.0.0.1:3100/x` }, lang: 'th' },
          'KEY_INVALID',
        ],
      ];
      // What a browser's PushSubscription.toJSON() gives, expirationTime included, is taken.
      const raw = await t.call('POST', '/api/push/subscriptions', {
        token: m.token,
        body: { subscription: { ...good, expirationTime: null }, lang: 'th' },
      });
      expect([raw.statusCode, raw.json()]).toEqual([200, { message: 'OK' }]);
      const removed = await t.call('DELETE', '/api/push/subscriptions', {
        token: m.token,
        body: { endpoint: good.endpoint },
      });
      expect(removed.statusCode).toBe(200);
      for (const [body, code] of cases) {
        const res = await t.call('POST', '/api/push/subscriptions', { token: m.token, body });
        expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([
          400,
          { message: code },
        ]);
      }
      const prefCases: [unknown, string][] = [
        [{ preferences: { deposit_credited: true } }, 'KEY_MISSING'],
        [
          {
            preferences: {
              deposit_credited: 'yes',
              withdrawal_paid: true,
              withdrawal_rejected: true,
              support_reply: true,
              bonus_turnover_met: true,
            },
          },
          'KEY_INVALID',
        ],
        [
          {
            preferences: {
              deposit_credited: true,
              withdrawal_paid: true,
              withdrawal_rejected: true,
              support_reply: true,
              bonus_turnover_met: true,
              marketing: true,
            },
          },
          'KEY_INVALID',
        ],
      ];
      for (const [body, code] of prefCases) {
        const res = await t.call('PUT', '/api/push/preferences', { token: m.token, body });
        expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([
          400,
          { message: code },
        ]);
      }
      const del = await t.call('DELETE', '/api/push/subscriptions', { token: m.token, body: {} });
      expect([del.statusCode, del.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      expect(
        await t.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('member_id', '=', m.memberId)
          .execute(),
      ).toEqual([]);
    });
  });
});
