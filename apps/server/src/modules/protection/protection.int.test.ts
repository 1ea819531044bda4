// Player protection (issue 28, decisions 0139 and 0140): every rule through the HTTP API (and
// the one deposit credit every outside payment goes through), each ending with the ledger
// check; the T3 races at a limit's edge and during a time-out; fast-check properties over
// member actions and clock moves; T9 for the new endpoints.
import {
  protectionChangeKinds,
  readProtectionChange,
  WALLET_USER_HEADER,
  WALLET_USER_VALUE,
} from '@wallet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditTestDeposit, encryptGiftLink } from '../../../test/deposit-support';
import { activate, transfer } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect, reconcilePass } from '../../../test/helpers';
import { phoneOf } from '../../../test/reliability/deposit-races';
import { balances, newKey, newMember, withdraw } from '../../../test/reliability/money-helpers';
import type { Member } from '../../../test/reliability/money-helpers';
import { ledgerCheck } from '../ledger';
import { payoutFlow } from '../withdrawals';
import { PERIOD_MS } from './protection.rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An outside payment arriving now (as a paid QR, redeemed gift link or verified slip). */
const arrive = (t: TestApp, m: Member, satang: number) => creditTestDeposit(t, m.id, satang);

const call = (t: TestApp, m: Member, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: m.token, ...(body === undefined ? {} : { body }) });
const setLimit = (t: TestApp, m: Member, kind: string, period: string, amount: number | null) =>
  call(t, m, 'PUT', '/api/protection/limits', { kind, period, amount });
const stateOf = async (t: TestApp, m: Member) => {
  const res = await call(t, m, 'GET', '/api/protection');
  if (res.statusCode !== 200) throw new Error(`state: ${res.statusCode} ${res.body}`);
  return res.json<{
    limits: {
      kind: string;
      period: string;
      amount: number | null;
      used: number;
      pending: unknown;
    }[];
    block: { kind: string; endsAt: string } | null;
    returns: { returnedAmount: number; cause: string; withdrawalRef: string }[];
    marketingConsent: boolean;
    realityCheckMinutes: number;
    session: { startedAt: string; netResult: number } | null;
    netDeposits: { lifetime: number; months: { month: string; amount: number }[] };
    depositCredited: boolean;
  }>();
};
const qr = (t: TestApp, m: Member, amount: number) =>
  t.call('POST', '/api/qrcode/KBANK', {
    token: m.token,
    headers: { 'idempotency-key': newKey() },
    body: { amount },
  });
const clean = async (t: TestApp) => expect((await ledgerCheck(t.db)).violations).toEqual([]);

forEachDialect('player protection', (get) => {
  describe('limits', () => {
    it('a deposit limit refuses a QR that does not fit, with retryAt and what remains', async () => {
      const t = get();
      const m = await newMember(t);
      expect((await setLimit(t, m, 'deposit', 'day', 1000)).statusCode).toBe(200);
      const at = t.clock.now().getTime();
      // The member app offers a limit until the first credited deposit (decision 0147).
      expect((await stateOf(t, m)).depositCredited).toBe(false);
      await arrive(t, m, 60_000);
      expect((await stateOf(t, m)).depositCredited).toBe(true);
      const refused = await qr(t, m, 500);
      expect(refused.statusCode).toBe(403);
      const body = refused.json<{ message: string; retryAt: string; remaining: number }>();
      expect(body.message).toBe('DEPOSIT_LIMIT_REACHED');
      expect(body.remaining).toBe(400);
      expect(Date.parse(body.retryAt)).toBeGreaterThanOrEqual(at + DAY);
      expect(Date.parse(body.retryAt)).toBeLessThan(at + DAY + 60_000);
      expect((await qr(t, m, 400)).statusCode).toBe(200);
      // The lowest applicable limit wins: a week limit under the day's room.
      expect((await setLimit(t, m, 'deposit', 'week', 700)).statusCode).toBe(200);
      const week = await qr(t, m, 200);
      expect(week.json()).toMatchObject({ message: 'DEPOSIT_LIMIT_REACHED', remaining: 100 });
      await clean(t);
    });

    it('a decrease applies at once; a raise or removal waits 24 h and a confirmation', async () => {
      const t = get();
      const m = await newMember(t);
      await setLimit(t, m, 'deposit', 'month', 5000);
      await setLimit(t, m, 'deposit', 'month', 3000);
      let limit = (await stateOf(t, m)).limits[0]!;
      expect(limit).toMatchObject({ amount: 3000, pending: null });
      await setLimit(t, m, 'deposit', 'month', 8000);
      limit = (await stateOf(t, m)).limits[0]!;
      expect(limit).toMatchObject({ amount: 3000, pending: { amount: 8000 } });
      const early = await call(t, m, 'POST', '/api/protection/limits/confirm', {
        kind: 'deposit',
        period: 'month',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ message: 'LIMIT_COOLING_OFF' });
      t.clock.advance(DAY - 60_000);
      const stillEarly = await call(t, m, 'POST', '/api/protection/limits/confirm', {
        kind: 'deposit',
        period: 'month',
      });
      expect(stillEarly.json()).toMatchObject({ message: 'LIMIT_COOLING_OFF' });
      t.clock.advance(61_000);
      const confirmed = await call(t, m, 'POST', '/api/protection/limits/confirm', {
        kind: 'deposit',
        period: 'month',
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await stateOf(t, m)).limits[0]).toMatchObject({ amount: 8000, pending: null });
      // Removal waits too.
      await setLimit(t, m, 'deposit', 'month', null);
      expect((await stateOf(t, m)).limits[0]).toMatchObject({
        amount: 8000,
        pending: { amount: null },
      });
      t.clock.advance(DAY);
      await call(t, m, 'POST', '/api/protection/limits/confirm', {
        kind: 'deposit',
        period: 'month',
      });
      expect((await stateOf(t, m)).limits[0]).toMatchObject({ amount: null, pending: null });
      await clean(t);
    });

    it('a loss limit caps net money into games within the window', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      await activate(t, { ...m, memberId: m.id, phone: '' }, 'PG');
      await setLimit(t, m, 'loss', 'day', 300);
      const g = { ...m, memberId: m.id, phone: '' };
      expect((await transfer(t, g, { from: 'WALLET', to: 'PG', amount: 200 })).statusCode).toBe(
        200,
      );
      const refused = await transfer(t, g, { from: 'WALLET', to: 'PG', amount: 200 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'LOSS_LIMIT_REACHED', remaining: 100 });
      // Money back from the game makes room again.
      expect((await transfer(t, g, { from: 'PG', to: 'WALLET', amount: 150 })).statusCode).toBe(
        200,
      );
      expect((await transfer(t, g, { from: 'WALLET', to: 'PG', amount: 200 })).statusCode).toBe(
        200,
      );
      await clean(t);
    });
  });

  describe('time-out and self-exclusion', () => {
    it('a time-out refuses deposits, games and launches but not withdrawals or reads', async () => {
      const t = get();
      const m = await newMember(t, 500);
      const g = { ...m, memberId: m.id, phone: '' };
      await activate(t, g, 'PG');
      expect((await transfer(t, g, { from: 'WALLET', to: 'PG', amount: 100 })).statusCode).toBe(
        200,
      );
      const taken = await call(t, m, 'POST', '/api/protection/time-out', { duration: '7d' });
      expect(taken.statusCode).toBe(200);
      const endsAt = taken.json<{ block: { endsAt: string } }>().block.endsAt;
      const refusedQr = await qr(t, m, 100);
      expect([refusedQr.statusCode, refusedQr.json()]).toEqual([
        403,
        { message: 'TIME_OUT_ACTIVE', retryAt: endsAt },
      ]);
      const refusedIn = await transfer(t, g, { from: 'WALLET', to: 'PG', amount: 10 });
      expect(refusedIn.json()).toMatchObject({ message: 'TIME_OUT_ACTIVE' });
      const launch = await call(t, m, 'GET', '/api/wallet/launch/PG');
      expect(launch.json()).toMatchObject({ message: 'TIME_OUT_ACTIVE' });
      // Still allowed: money back from the game, a withdrawal, the statement, the wallet.
      expect((await transfer(t, g, { from: 'PG', to: 'WALLET', amount: 100 })).statusCode).toBe(
        200,
      );
      expect((await withdraw(t, m.token, 100)).statusCode).toBe(200);
      expect((await call(t, m, 'POST', '/api/statement', { page: 1, limit: 10 })).statusCode).toBe(
        200,
      );
      expect((await call(t, m, 'GET', '/api/wallet')).statusCode).toBe(200);
      // Never shorter; a longer one extends it.
      const shorter = await call(t, m, 'POST', '/api/protection/time-out', { duration: '24h' });
      expect(shorter.json()).toMatchObject({
        message: 'PROTECTION_ALREADY_LONGER',
        retryAt: endsAt,
      });
      t.clock.advance(7 * DAY + 1000);
      const phone = await phoneOf(t.db, m.id);
      const again = { ...m, token: await t.login(phone, 'password123') };
      expect((await qr(t, again, 100)).statusCode).toBe(200);
      await clean(t);
    });

    it('a self-exclusion ends marketing consent, refuses bonuses and is never shortened', async () => {
      const t = get();
      const m = await newMember(t);
      const res = await call(t, m, 'POST', '/api/protection/self-exclusion', { duration: '6m' });
      expect(res.statusCode).toBe(200);
      const state = await stateOf(t, m);
      expect(state.marketingConsent).toBe(false);
      expect(state.block).toMatchObject({ kind: 'self_exclusion' });
      const timeOut = await call(t, m, 'POST', '/api/protection/time-out', { duration: '6w' });
      expect(timeOut.json()).toMatchObject({ message: 'PROTECTION_ALREADY_LONGER' });
      const bonus = await call(t, m, 'GET', '/api/promotion/activate/ANYCODE1');
      expect(bonus.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
      const spin = await t.call('POST', '/api/spinwheel/spin', {
        token: m.token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(spin.json()).toMatchObject({ message: 'SELF_EXCLUDED' });
      await clean(t);
    });
  });

  describe('a deposit that arrives beyond a limit (decision 0140)', () => {
    it('is credited, the excess is paid back to the registered account and shown', async () => {
      const t = get();
      const m = await newMember(t);
      await setLimit(t, m, 'deposit', 'day', 100);
      await arrive(t, m, 30_000);
      expect(await balances(t.db, m.id)).toMatchObject({ cash: 10_000 });
      const state = await stateOf(t, m);
      expect(state.returns).toEqual([
        expect.objectContaining({ returnedAmount: 200, cause: 'deposit_limit' }),
      ]);
      await reconcilePass(payoutFlow(t.app.deps), t.app.deps);
      const row = await t.db
        .selectFrom('withdrawals')
        .select(['status', 'amount'])
        .where('ref', '=', state.returns[0]!.withdrawalRef)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'PAID', amount: 20_000 });
      // During an exclusion all of it goes back.
      await call(t, m, 'POST', '/api/protection/self-exclusion', { duration: '1y' });
      await arrive(t, m, 5_000);
      expect((await stateOf(t, m)).returns[0]).toMatchObject({
        returnedAmount: 50,
        cause: 'self_exclusion',
      });
      expect(await balances(t.db, m.id)).toMatchObject({ cash: 10_000 });
      await clean(t);
    });
  });

  describe('T3 races', () => {
    it('20 simultaneous gift links at a limit edge: exactly what fits is accepted', async () => {
      const t = get();
      const m = await newMember(t);
      const app = await t.rebuild({
        deposits: { ...t.config.deposits, giftLinkMaxFailures: 1000 },
      });
      await setLimit(t, m, 'deposit', 'day', 1000);
      const phone = await phoneOf(t.db, m.id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/api/wallet/truelink',
            headers: {
              [WALLET_USER_HEADER]: WALLET_USER_VALUE,
              authorization: `Bearer ${m.token}`,
              'idempotency-key': `race-${m.id}-${i}-${Date.now()}`,
            },
            payload: { link: encryptGiftLink(t.gifts.issue(phone, 10_000).link) },
          }),
        ),
      );
      const codes = answers.map((a) => a.json<{ message: string }>().message).sort();
      expect(codes.filter((c) => c === 'SUCCESS')).toHaveLength(10);
      expect(codes.filter((c) => c === 'DEPOSIT_LIMIT_REACHED')).toHaveLength(10);
      expect(await balances(t.db, m.id)).toMatchObject({ cash: 100_000 });
      await clean(t);
    });

    it('20 simultaneous arriving deposits at a limit edge: only what fits stays', async () => {
      const t = get();
      const m = await newMember(t);
      await setLimit(t, m, 'deposit', 'week', 1000);
      await Promise.all(Array.from({ length: 20 }, () => arrive(t, m, 7_000)));
      const returned = (await stateOf(t, m)).returns.reduce((s, r) => s + r.returnedAmount, 0);
      expect(20 * 70 - returned).toBe(1000);
      const { cash, hold } = await balances(t.db, m.id);
      expect(cash).toBe(100_000);
      expect(hold).toBe(40_000);
      await clean(t);
    });

    it('20 simultaneous transfers into a game during a time-out are all refused', async () => {
      const t = get();
      const m = await newMember(t, 2000);
      const g = { ...m, memberId: m.id, phone: '' };
      await activate(t, g, 'PG');
      await call(t, m, 'POST', '/api/protection/time-out', { duration: '7d' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => transfer(t, g, { from: 'WALLET', to: 'PG', amount: 50 })),
      );
      expect(answers.map((a) => a.json<{ message: string }>().message)).toEqual(
        Array(20).fill('TIME_OUT_ACTIVE'),
      );
      expect(await balances(t.db, m.id)).toMatchObject({ cash: 200_000 });
      await clean(t);
    });
  });

  describe('properties', () => {
    it('no sequence of deposits and clock moves keeps more than the lowest limit in any window', async () => {
      const t = get();
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            day: fc.integer({ min: 1, max: 50 }),
            week: fc.integer({ min: 1, max: 150 }),
          }),
          fc.array(
            fc.oneof(
              fc.record({ deposit: fc.integer({ min: 1, max: 40 }) }),
              fc.record({ hours: fc.integer({ min: 1, max: 60 }) }),
            ),
            { minLength: 3, maxLength: 12 },
          ),
          async (limits, steps) => {
            const m = await newMember(t);
            await setLimit(t, m, 'deposit', 'day', limits.day);
            await setLimit(t, m, 'deposit', 'week', limits.week);
            const kept: { at: number; amount: number }[] = [];
            for (const step of steps) {
              if ('hours' in step) {
                t.clock.advance(step.hours * HOUR);
                continue;
              }
              // Read from the database: the clock moves past any session's expiry.
              const ref = await arrive(t, m, step.deposit * 100);
              const returned = await t.db
                .selectFrom('protection_returns')
                .select('returned_amount')
                .where('deposit_ref', '=', ref)
                .executeTakeFirst();
              const back = returned ? Number(returned.returned_amount) / 100 : 0;
              kept.push({ at: t.clock.now().getTime(), amount: step.deposit - back });
              const now = t.clock.now().getTime();
              for (const [period, limit] of [
                ['day', limits.day],
                ['week', limits.week],
              ] as const) {
                const inWindow = kept
                  .filter((k) => k.at > now - PERIOD_MS[period])
                  .reduce((s, k) => s + k.amount, 0);
                expect(inWindow).toBeLessThanOrEqual(limit);
              }
            }
          },
        ),
        { numRuns: 8 },
      );
      await clean(t);
    });

    it('a raise can never be confirmed before 24 h; an exclusion end never moves earlier', async () => {
      const t = get();
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 48 * 60 }),
          fc.array(fc.constantFrom('24h', '7d', '30d', '6w', '6m', '1y'), {
            minLength: 1,
            maxLength: 5,
          }),
          async (minutes, blocks) => {
            const m = await newMember(t);
            await setLimit(t, m, 'loss', 'day', 10);
            await setLimit(t, m, 'loss', 'day', 20);
            t.clock.advance(minutes * 60_000);
            const res = await call(t, m, 'POST', '/api/protection/limits/confirm', {
              kind: 'loss',
              period: 'day',
            });
            expect(res.statusCode).toBe(minutes >= 24 * 60 ? 200 : 409);
            let end = 0;
            for (const d of blocks) {
              const path = d === '6m' || d === '1y' ? 'self-exclusion' : 'time-out';
              await call(t, m, 'POST', `/api/protection/${path}`, { duration: d });
              const block = (await stateOf(t, m)).block!;
              expect(Date.parse(block.endsAt)).toBeGreaterThanOrEqual(end);
              end = Date.parse(block.endsAt);
            }
          },
        ),
        { numRuns: 8 },
      );
    });
  });

  describe('history', () => {
    it('every kind of change reads back as a kind of the contract, with the operator by name', async () => {
      const t = get();
      const m = await newMember(t);
      await setLimit(t, m, 'loss', 'week', 500);
      await setLimit(t, m, 'loss', 'week', 900);
      t.clock.advance(DAY + 1000);
      await call(t, m, 'POST', '/api/protection/limits/confirm', { kind: 'loss', period: 'week' });
      await call(t, m, 'PUT', '/api/protection/reality-check', { minutes: 30 });
      await call(t, m, 'POST', '/api/protection/time-out', { duration: '24h' });
      const support = await t.operatorTokenAs('support');
      const applied = await t.call(
        'POST',
        `/api/operator/members/${m.memberNo}/protection/self-exclusion`,
        { token: support, body: { duration: '6m', reason: 'asked by phone' } },
      );
      expect(applied.statusCode).toBe(200);
      const read = await t.call('GET', `/api/operator/members/${m.memberNo}/protection`, {
        token: support,
      });
      const history = read.json<{
        history: { change: string; actor: string; operator: string | null; new: unknown }[];
      }>().history;
      const kinds = history.map((h) => readProtectionChange(h.change)?.kind);
      expect([...kinds].sort()).toEqual([...protectionChangeKinds].sort());
      expect(history.at(-2)).toMatchObject({
        change: 'limit:loss:week:pending',
        operator: null,
        new: { amount: 500, pending: 900 },
      });
      const byOperator = history.filter((h) => h.operator !== null);
      expect(byOperator.map((h) => h.change)).toEqual(['marketing_consent', 'self_exclusion']);
      expect(byOperator.every((h) => h.operator === 'support' && /^operator:/.test(h.actor))).toBe(
        true,
      );
      await clean(t);
    });
  });

  describe('T9 authorization', () => {
    it("a member's calls name no other member: another's number or id in the query or body reaches only the caller", async () => {
      const t = get();
      const a = await newMember(t);
      const b = await newMember(t);
      const historyOf = async (m: Member) =>
        (
          await t.db
            .selectFrom('protection_history')
            .select('change')
            .where('member_id', '=', m.id)
            .execute()
        ).map((r) => r.change);
      const query = `?memberNo=${b.memberNo}&memberId=${b.id}&member_id=${b.id}`;
      const calls: [string, string, unknown][] = [
        ['PUT', '/api/protection/limits', { kind: 'deposit', period: 'day', amount: 50 }],
        ['PUT', '/api/protection/limits', { kind: 'deposit', period: 'day', amount: 80 }],
        ['POST', '/api/protection/limits/confirm', { kind: 'deposit', period: 'day' }],
        ['PUT', '/api/protection/reality-check', { minutes: 30 }],
        ['POST', '/api/protection/time-out', { duration: '24h' }],
        ['POST', '/api/protection/self-exclusion', { duration: '6m' }],
      ];
      for (const [method, url, body] of calls) {
        // In the query: ignored (the member comes from the session).
        const viaQuery = await t.call(method, `${url}${query}`, { token: a.token, body });
        expect(viaQuery.statusCode, `${method} ${url}`).toBeLessThan(500);
        // In the body: refused as an unknown field.
        for (const extra of [{ memberNo: b.memberNo }, { memberId: b.id }])
          expect(
            (await t.call(method, url, { token: a.token, body: { ...(body as object), ...extra } }))
              .statusCode,
            `${method} ${url} ${JSON.stringify(extra)}`,
          ).toBe(400);
      }
      const read = await t.call('GET', `/api/protection${query}`, { token: a.token });
      expect(read.json()).toMatchObject({
        limits: [expect.objectContaining({ amount: 50 })],
        block: { kind: 'self_exclusion' },
      });
      // Everything landed on the caller; the other member has no row of any kind.
      expect(await historyOf(a)).toEqual(
        expect.arrayContaining(['limit:deposit:day', 'time_out', 'self_exclusion']),
      );
      expect(await historyOf(b)).toEqual([]);
      expect(await stateOf(t, b)).toMatchObject({
        limits: [],
        block: null,
        realityCheckMinutes: 0,
      });
      await clean(t);
    });

    it('members change only their own protection; operators by role; marketing reads none', async () => {
      const t = get();
      const a = await newMember(t);
      const b = await newMember(t);
      await setLimit(t, a, 'deposit', 'day', 10);
      expect((await stateOf(t, b)).limits).toEqual([]);
      // Unknown fields (a member id) are refused.
      const smuggled = await call(t, a, 'PUT', '/api/protection/limits', {
        kind: 'deposit',
        period: 'day',
        amount: 5,
        memberId: 1,
      });
      expect(smuggled.statusCode).toBe(400);
      const path = `/api/operator/members/${b.memberNo}/protection`;
      const asMember = await t.call('GET', path, { token: a.token });
      expect([401, 403]).toContain(asMember.statusCode);
      const marketing = await t.operatorTokenAs('marketing');
      expect((await t.call('GET', path, { token: marketing })).statusCode).toBe(403);
      const marketingWrite = await t.call('POST', `${path}/time-out`, {
        token: marketing,
        body: { duration: '24h', reason: 'asked by phone' },
      });
      expect(marketingWrite.statusCode).toBe(403);
      const support = await t.operatorTokenAs('support');
      const applied = await t.call('POST', `${path}/self-exclusion`, {
        token: support,
        body: { duration: '6m', reason: 'member asked in chat' },
      });
      expect(applied.statusCode).toBe(200);
      const read = await t.call('GET', path, { token: support });
      expect(read.statusCode).toBe(200);
      const history = read.json<{ history: { change: string; actor: string; reason: string }[] }>()
        .history;
      expect(history.map((h) => h.change)).toEqual(['marketing_consent', 'self_exclusion']);
      expect(history[1]).toMatchObject({ reason: 'member asked in chat' });
      expect(history[1]!.actor).toMatch(/^operator:/);
      const noReason = await t.call('POST', `${path}/time-out`, {
        token: support,
        body: { duration: '24h' },
      });
      expect(noReason.statusCode).toBe(400);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'target'])
        .where('target', '=', `member:${b.memberNo}`)
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(1);
      await clean(t);
    });
  });
});
