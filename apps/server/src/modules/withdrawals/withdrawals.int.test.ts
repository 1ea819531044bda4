// Withdrawals and operator adjustments through the HTTP API (decisions 0017-0019), on
// SQLite and PostgreSQL. Every test ends with the ledger check.
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalStatus } from '../../db/schema';
import { forEachDialect, reconcilePass, uniqueAccountNo } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import {
  adjust,
  balances,
  changeMemberBank,
  ledgerFingerprint,
  newKey,
  newMember,
  operatorIdOf,
  withdraw,
} from '../../../test/reliability/money-helpers';
import { accounts, balanceOf, ledgerCheck } from '../ledger';
import { startReconcilers } from '../../reconcile';
import { payoutFlow, requestWithdrawal } from './index';

const reconcilePayouts = (deps: TestApp['app']['deps']) => reconcilePass(payoutFlow(deps), deps);

const HOUR = 60 * 60 * 1000;

forEachDialect('withdrawals', (get) => {
  afterEach(async () => {
    const t = get();
    t.payouts.reset();
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  const statementOf = async (t: TestApp, token: string) =>
    (await t.call('POST', '/api/statement', { token, body: { page: 1, limit: 50 } })).json<{
      statements: {
        _id: string;
        statementType: string;
        status: string;
        from: string;
        to: string;
        amount: number;
      }[];
    }>().statements;

  const rowOf = (t: TestApp, ref: string) =>
    t.db.selectFrom('withdrawals').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();

  /** Lets the in-flight window of a payout pass, so the reconciler may look at it. */
  const pastInFlight = (t: TestApp) => t.clock.advance(t.config.withdraw.payoutTimeoutMs * 2 + 1);

  describe('operator adjustments', () => {
    it('credits and debits a wallet, with statement rows, and answers the balance', async () => {
      const t = get();
      const m = await newMember(t);
      const credit = await adjust(t, {
        memberId: m.memberNo,
        amount: 1234.56,
        direction: 'credit',
        reason: 'goodwill',
      });
      expect([credit.statusCode, credit.json()]).toEqual([
        200,
        { message: 'SUCCESS', status: 'posted', balance: 1234.56, requestId: null },
      ]);
      const debit = await adjust(t, {
        memberId: m.memberNo,
        amount: 34.5,
        direction: 'debit',
        reason: 'correction',
      });
      expect(debit.json()).toEqual({
        message: 'SUCCESS',
        status: 'posted',
        balance: 1200.06,
        requestId: null,
      });
      expect(await balances(t.db, m.id)).toEqual({ cash: 120_006, hold: 0 });
      expect(await balanceOf(t.db, accounts.house('adjustments').code)).toBeLessThanOrEqual(
        -120_006,
      );
      const rows = await statementOf(t, m.token);
      expect(rows.map((r) => [r.statementType, r.status, r.from, r.to, r.amount])).toEqual([
        ['withdraw', 'SUCCESS', 'WALLET', 'OPERATOR', 34.5],
        ['deposit', 'SUCCESS', 'OPERATOR', 'WALLET', 1234.56],
      ]);
    });

    it('refuses a debit past the balance, unknown members, and members', async () => {
      const t = get();
      const m = await newMember(t, 10);
      const before = await ledgerFingerprint(t.db);
      const short = await adjust(t, {
        memberId: m.memberNo,
        amount: 10.01,
        direction: 'debit',
        reason: 'x',
      });
      expect([short.statusCode, short.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      const nobody = await adjust(t, {
        memberId: '99999999',
        amount: 1,
        direction: 'credit',
        reason: 'x',
      });
      expect([nobody.statusCode, nobody.json()]).toEqual([404, { message: 'NO_USER' }]);
      const byMember = await t.call('POST', '/api/operator/adjustments', {
        token: m.token,
        headers: { 'idempotency-key': newKey() },
        body: { memberId: m.memberNo, amount: 1000, direction: 'credit', reason: 'me' },
      });
      expect([byMember.statusCode, byMember.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const noKey = await t.call('POST', '/api/operator/adjustments', {
        token: await t.operatorToken(),
        body: { memberId: m.memberNo, amount: 1, direction: 'credit', reason: 'x' },
      });
      expect([noKey.statusCode, noKey.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
    });

    it('posts once per idempotency key and refuses the key with another body', async () => {
      const t = get();
      const m = await newMember(t);
      const key = newKey();
      const body = { memberId: m.memberNo, amount: 50, direction: 'credit', reason: 'once' };
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => adjust(t, body, key)));
      for (const a of answers)
        expect(a.json()).toEqual({
          message: 'SUCCESS',
          status: 'posted',
          balance: 50,
          requestId: null,
        });
      expect((await balances(t.db, m.id)).cash).toBe(5_000);
      const again = await adjust(t, body, key);
      expect(again.json()).toEqual({
        message: 'SUCCESS',
        status: 'posted',
        balance: 50,
        requestId: null,
      });
      const other = await adjust(t, { ...body, amount: 51 }, key);
      expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      expect((await balances(t.db, m.id)).cash).toBe(5_000);
    });
  });

  describe('member withdrawals at or below the auto-payout limit', () => {
    it('pays at once through the rail: PAID, statement SUCCESS, hold settled to world:bank', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      const bankBefore = await balanceOf(t.db, accounts.worldBank().code);
      const res = await withdraw(t, m.token, 250.5);
      expect(res.statusCode).toBe(200);
      const answer = res.json<{ message: string; status: string; reference: string }>();
      expect(answer).toMatchObject({ message: 'SUCCESS', status: 'PAID' });
      expect(answer.reference).toMatch(/^WD[0-9A-F]{20}$/);
      expect(await balances(t.db, m.id)).toEqual({ cash: 74_950, hold: 0 });
      expect(await balanceOf(t.db, accounts.worldBank().code)).toBe(bankBefore + 25_050);
      const paid = t.payouts.paid.get(answer.reference);
      const member = await t.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(paid).toMatchObject({
        amount: 25_050,
        bankCode: member.bank_code,
        accountNo: member.bank_account_no,
        accountName: member.bank_account_name,
      });
      const [row] = await statementOf(t, m.token);
      expect(row).toMatchObject({
        _id: answer.reference,
        statementType: 'withdraw',
        status: 'SUCCESS',
        from: 'WALLET',
        to: member.bank_code,
        amount: 250.5,
      });
      const stored = await rowOf(t, answer.reference);
      expect(stored).toMatchObject({ status: 'PAID', amount: 25_050, review_reason: null });
      expect(stored.settle_tx_id).not.toBeNull();
    });

    it('serves POST /api/wallet/withdraw with the same rules', async () => {
      const t = get();
      const m = await newMember(t, 300);
      const res = await withdraw(t, m.token, 100, newKey(), '/api/wallet/withdraw');
      expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'PAID' });
      const short = await withdraw(t, m.token, 200.01, newKey(), '/api/wallet/withdraw');
      expect([short.statusCode, short.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 20_000, hold: 0 });
    });

    it('refuses amounts outside withdrawMin..withdrawMax, short wallets and bad amounts', async () => {
      const t = get();
      const m = await newMember(t, 60_000);
      const poor = await newMember(t, 150);
      const before = await ledgerFingerprint(t.db);
      const bounds = (await t.call('GET', '/api/lookup/withdraw', { token: m.token })).json<{
        withdrawMin: number;
        withdrawMax: number;
      }>();
      expect(bounds).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
      for (const amount of [99.99, 50_000.01, 1]) {
        const res = await withdraw(t, m.token, amount);
        expect([res.statusCode, res.json(), amount]).toEqual([
          400,
          { message: 'KEY_INVALID' },
          amount,
        ]);
      }
      for (const amount of [0, -100, 100.001, '100', null]) {
        const res = await withdraw(t, m.token, amount);
        expect(res.statusCode, String(amount)).toBe(400);
      }
      const short = await withdraw(t, poor.token, 150.01);
      expect([short.statusCode, short.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      expect(await balances(t.db, poor.id)).toEqual({ cash: 15_000, hold: 0 });
      const withdrawals = await t.db
        .selectFrom('withdrawals')
        .select('id')
        .where('member_id', 'in', [m.id, poor.id])
        .execute();
      expect(withdrawals).toEqual([]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      expect(await balances(t.db, m.id)).toEqual({ cash: 6_000_000, hold: 0 });
    });

    it('answers INACTIVE_USER for a member deactivated after signing in', async () => {
      const t = get();
      const m = await newMember(t, 500);
      await t.db
        .updateTable('members')
        .set({ status: 'inactive' })
        .where('id', '=', m.id)
        .execute();
      await expect(
        requestWithdrawal(t.app.deps, m.id, 10_000, `member:${m.id}:${newKey()}`),
      ).rejects.toMatchObject({ code: 'INACTIVE_USER', statusCode: 403 });
      // Over HTTP the deactivated member's token is refused before any money rule.
      const res = await withdraw(t, m.token, 100);
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 50_000, hold: 0 });
    });

    it('returns the money when the rail refuses for good: TRANSFER_FAIL, statement FAILED', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('reject');
      const [calls, paidBefore] = [t.payouts.calls.pay, t.payouts.paid.size];
      const key = newKey();
      const res = await withdraw(t, m.token, 400, key);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 100_000, hold: 0 });
      const [row] = await statementOf(t, m.token);
      expect(row).toMatchObject({ statementType: 'withdraw', status: 'FAILED', amount: 400 });
      expect(await rowOf(t, row!._id)).toMatchObject({
        status: 'FAILED',
        last_error: 'INVALID_ACCOUNT',
      });
      const replay = await withdraw(t, m.token, 400, key);
      expect([replay.statusCode, replay.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
      expect(t.payouts.calls.pay).toBe(calls + 1);
      expect(t.payouts.paid.size).toBe(paidBefore);
    });
  });

  describe('unknown payout outcomes', () => {
    it('answer lost: stays PROCESSING, then the reconciler settles it by status (no re-send)', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('lost');
      const res = await withdraw(t, m.token, 300);
      const { reference, status } = res.json<{ reference: string; status: string }>();
      expect(status).toBe('PROCESSING');
      expect(await balances(t.db, m.id)).toEqual({ cash: 70_000, hold: 30_000 });
      expect((await statementOf(t, m.token))[0]).toMatchObject({
        _id: reference,
        status: 'PENDING',
      });
      // Inside the in-flight window the reconciler leaves it alone.
      expect((await reconcilePayouts(t.app.deps)).claimed).toBe(0);
      pastInFlight(t);
      const payCalls = t.payouts.calls.pay;
      const report = await reconcilePayouts(t.app.deps);
      expect(report).toMatchObject({ claimed: 1, paid: 1 });
      expect(t.payouts.calls.pay).toBe(payCalls);
      expect(await balances(t.db, m.id)).toEqual({ cash: 70_000, hold: 0 });
      // Attempts count the request's own call and each reconciler take (decision 0061).
      expect(await rowOf(t, reference)).toMatchObject({ status: 'PAID', attempts: 2 });
      expect((await statementOf(t, m.token))[0]).toMatchObject({ status: 'SUCCESS' });
      expect(t.payouts.paid.get(reference)?.amount).toBe(30_000);
    });

    it('rail down: the reconciler finds NOT_FOUND and re-sends with the same reference', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('down');
      const { reference, status } = (await withdraw(t, m.token, 200)).json<{
        reference: string;
        status: string;
      }>();
      expect(status).toBe('PROCESSING');
      expect(t.payouts.paid.has(reference)).toBe(false);
      pastInFlight(t);
      expect(await reconcilePayouts(t.app.deps)).toMatchObject({ claimed: 1, paid: 1 });
      expect(t.payouts.paid.get(reference)?.amount).toBe(20_000);
      expect(await balances(t.db, m.id)).toEqual({ cash: 80_000, hold: 0 });
    });

    it('never refunds while the outcome stays unknown; backs off, then settles', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('down', 'down');
      const { reference } = (await withdraw(t, m.token, 500)).json<{ reference: string }>();
      t.payouts.statusDown = true;
      for (let pass = 0; pass < 3; pass++) {
        t.clock.advance(HOUR);
        expect(await reconcilePayouts(t.app.deps)).toMatchObject({ claimed: 1, unknown: 1 });
        expect(await balances(t.db, m.id)).toEqual({ cash: 50_000, hold: 50_000 });
      }
      t.payouts.statusDown = false;
      t.clock.advance(HOUR);
      // Status NOT_FOUND, the re-send meets the second scripted 'down'; the next pass pays.
      expect(await reconcilePayouts(t.app.deps)).toMatchObject({ claimed: 1, unknown: 1 });
      t.clock.advance(HOUR);
      expect(await reconcilePayouts(t.app.deps)).toMatchObject({ claimed: 1, paid: 1 });
      expect(await rowOf(t, reference)).toMatchObject({ status: 'PAID', attempts: 6 });
      expect(t.payouts.paid.get(reference)?.amount).toBe(50_000);
      expect(await balances(t.db, m.id)).toEqual({ cash: 50_000, hold: 0 });
    });

    it('a definite refusal on re-send voids the hold', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('down', 'reject');
      const { reference } = (await withdraw(t, m.token, 500)).json<{ reference: string }>();
      pastInFlight(t);
      expect(await reconcilePayouts(t.app.deps)).toMatchObject({ claimed: 1, failed: 1 });
      expect(await rowOf(t, reference)).toMatchObject({ status: 'FAILED' });
      expect(await balances(t.db, m.id)).toEqual({ cash: 100_000, hold: 0 });
    });

    it('the background job started like main.ts resolves it and stops cleanly', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('lost');
      const { reference } = (await withdraw(t, m.token, 150)).json<{ reference: string }>();
      pastInFlight(t);
      const logged: unknown[] = [];
      const fast = {
        ...t.app.deps,
        config: {
          ...t.app.deps.config,
          withdraw: { ...t.app.deps.config.withdraw, reconcileIntervalMs: 20 },
        },
      };
      const job = startReconcilers([payoutFlow(fast)], fast, {
        info: (o: unknown) => logged.push(o),
        error: (o: unknown) => logged.push(o),
      } as unknown as TestApp['app']['log']);
      try {
        for (let i = 0; i < 200 && (await rowOf(t, reference)).status !== 'PAID'; i++) {
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        await job.stop();
      }
      expect((await rowOf(t, reference)).status).toBe('PAID');
      expect(logged).toContainEqual(
        expect.objectContaining({
          event: 'reconcile',
          flow: 'payouts',
          outcomes: expect.objectContaining({ paid: 1 }),
        }),
      );
      expect(await balances(t.db, m.id)).toEqual({ cash: 85_000, hold: 0 });
    });
  });

  describe('above the auto-payout limit: the operator decides', () => {
    const list = async (t: TestApp) =>
      (await t.call('GET', '/api/operator/withdrawals', { token: await t.operatorToken() })).json<
        { _id: string; memberId: string; amount: number; status: string }[]
      >();
    // A rejection carries its reason (decision 0090).
    const decide = async (t: TestApp, id: string, decision: string) =>
      t.call('POST', `/api/operator/withdrawals/${id}`, {
        token: await t.operatorToken(),
        body: decision === 'reject' ? { decision, reason: 'test: rejected' } : { decision },
      });

    it('waits, then approve pays it; deciding twice is 409 NO_DATA', async () => {
      const t = get();
      const m = await newMember(t, 20_000);
      const res = await withdraw(t, m.token, 5000.01);
      const { reference, status } = res.json<{ reference: string; status: string }>();
      expect(status).toBe('WAITING');
      expect(t.payouts.paid.has(reference)).toBe(false);
      expect(await balances(t.db, m.id)).toEqual({ cash: 1_499_999, hold: 500_001 });
      expect((await statementOf(t, m.token))[0]).toMatchObject({ status: 'WAITING' });
      expect(await list(t)).toContainEqual({
        _id: reference,
        memberId: m.memberNo,
        amount: 5000.01,
        status: 'WAITING',
        createdAt: expect.any(String),
      });
      // The reconciler never touches a waiting withdrawal.
      t.clock.advance(HOUR);
      await reconcilePayouts(t.app.deps);
      expect((await rowOf(t, reference)).status).toBe('WAITING');
      const approved = await decide(t, reference, 'approve');
      expect([approved.statusCode, approved.json()]).toEqual([
        200,
        { message: 'SUCCESS', status: 'PAID' },
      ]);
      expect(await balances(t.db, m.id)).toEqual({ cash: 1_499_999, hold: 0 });
      expect((await statementOf(t, m.token))[0]).toMatchObject({ status: 'SUCCESS' });
      expect(await rowOf(t, reference)).toMatchObject({
        status: 'PAID',
        review_reason: 'over_limit',
      });
      expect((await rowOf(t, reference)).decided_by).not.toBeNull();
      for (const decision of ['approve', 'reject']) {
        const twice = await decide(t, reference, decision);
        expect([twice.statusCode, twice.json()]).toEqual([409, { message: 'NO_DATA' }]);
      }
      expect((await list(t)).map((w) => w._id)).not.toContain(reference);
      const unknown = await decide(t, 'WD00000000000000000000', 'approve');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
      const bad = await decide(t, reference, 'maybe');
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      expect(t.payouts.paid.get(reference)?.amount).toBe(500_001);
    });

    it('reject returns the money and marks the statement FAILED', async () => {
      const t = get();
      const m = await newMember(t, 10_000);
      const { reference } = (await withdraw(t, m.token, 8000)).json<{ reference: string }>();
      const rejected = await decide(t, reference, 'reject');
      expect(rejected.json()).toEqual({ message: 'SUCCESS', status: 'REJECTED' });
      expect(await balances(t.db, m.id)).toEqual({ cash: 1_000_000, hold: 0 });
      expect((await statementOf(t, m.token))[0]).toMatchObject({
        _id: reference,
        status: 'FAILED',
      });
      expect(t.payouts.paid.has(reference)).toBe(false);
      const twice = await decide(t, reference, 'reject');
      expect(twice.statusCode).toBe(409);
      expect(await balances(t.db, m.id)).toEqual({ cash: 1_000_000, hold: 0 });
    });

    it('two operators deciding at once: exactly one decision counts', async () => {
      const t = get();
      const m = await newMember(t, 10_000);
      const { reference } = (await withdraw(t, m.token, 6000)).json<{ reference: string }>();
      const answers = await Promise.all(
        ['approve', 'reject', 'approve', 'reject', 'approve', 'reject'].map((d) =>
          decide(t, reference, d),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
      const { status } = await rowOf(t, reference);
      const { cash, hold } = await balances(t.db, m.id);
      expect(hold).toBe(0);
      expect(cash).toBe(status === 'PAID' ? 400_000 : 1_000_000);
    });

    it('approve with an unknown payout outcome: PROCESSING until the reconciler settles', async () => {
      const t = get();
      const m = await newMember(t, 10_000);
      const { reference } = (await withdraw(t, m.token, 7000)).json<{ reference: string }>();
      t.payouts.failNext('lost');
      expect((await decide(t, reference, 'approve')).json()).toEqual({
        message: 'SUCCESS',
        status: 'PROCESSING',
      });
      pastInFlight(t);
      expect(await reconcilePayouts(t.app.deps)).toMatchObject({ paid: 1 });
      expect(await balances(t.db, m.id)).toEqual({ cash: 300_000, hold: 0 });
    });
  });

  describe('idempotency', () => {
    it('replays one key: the first answer, one withdrawal, one hold', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      const key = newKey();
      const calls = t.payouts.calls.pay;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => withdraw(t, m.token, 300, key)),
      );
      const bodies = new Set(answers.map((a) => `${a.statusCode} ${a.body}`));
      expect(bodies.size).toBe(1);
      expect(answers[0]!.json()).toMatchObject({ status: 'PAID' });
      const later = await withdraw(t, m.token, 300, key);
      expect(later.body).toBe(answers[0]!.body);
      // withdraw and withdrawAll are separate requests: the same key on the other path conflicts.
      const otherPath = await withdraw(t, m.token, 300, key, '/api/wallet/withdraw');
      expect([otherPath.statusCode, otherPath.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      const otherBody = await withdraw(t, m.token, 301, key);
      expect([otherBody.statusCode, otherBody.json()]).toEqual([409, { message: 'KEY_INVALID' }]);
      const rows = await t.db
        .selectFrom('withdrawals')
        .select('ref')
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await balances(t.db, m.id)).toEqual({ cash: 70_000, hold: 0 });
      expect(t.payouts.calls.pay).toBe(calls + 1);
    });

    it('a re-run after a lost answer finds the first withdrawal, even with the wallet spent', async () => {
      const t = get();
      const m = await newMember(t, 500);
      const key = `member:${m.id}:${newKey()}`;
      const first = await requestWithdrawal(t.app.deps, m.id, 50_000, key);
      expect(first.status).toBe('PAID');
      // The HTTP layer lost its stored answer (a crash): the service runs again with the key.
      const again = await requestWithdrawal(t.app.deps, m.id, 50_000, key);
      expect(again).toEqual(first);
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });
  });

  describe('the database keeps the life cycle', () => {
    it('refuses changes to a settled withdrawal, illegal transitions and deletes', async () => {
      const t = get();
      const m = await newMember(t, 10_000);
      const paid = (await withdraw(t, m.token, 100)).json<{ reference: string }>().reference;
      const waiting = (await withdraw(t, m.token, 6000)).json<{ reference: string }>().reference;
      const attempts = [
        t.db.updateTable('withdrawals').set({ status: 'FAILED' }).where('ref', '=', paid),
        t.db.updateTable('withdrawals').set({ last_error: 'x' }).where('ref', '=', paid),
        t.db.updateTable('withdrawals').set({ status: 'PAID' }).where('ref', '=', waiting),
        t.db.updateTable('withdrawals').set({ amount: 1 }).where('ref', '=', waiting),
        t.db
          .updateTable('withdrawals')
          .set({ bank_account_no: '111111' })
          .where('ref', '=', waiting),
      ];
      for (const attempt of attempts)
        await expect(attempt.execute()).rejects.toThrow(/withdrawals/);
      await expect(
        t.db.deleteFrom('withdrawals').where('ref', '=', waiting).execute(),
      ).rejects.toThrow(/withdrawals/);
      await expect(
        t.db
          .updateTable('withdrawals')
          // A status outside the union on purpose: the database refuses it.
          .set({ status: 'DONE' as string as WithdrawalStatus })
          .where('ref', '=', waiting)
          .execute(),
      ).rejects.toThrow();
      expect(await rowOf(t, waiting)).toMatchObject({ status: 'WAITING', amount: 600_000 });
    });
  });

  describe('bank account changes (decision 0019)', () => {
    const changeBank = async (
      t: TestApp,
      memberNo: string,
      body: Record<string, unknown>,
      token?: string,
    ) =>
      t.call('PUT', `/api/operator/members/${memberNo}/bank`, {
        token: token ?? (await t.operatorToken()),
        body,
      });

    it('only an operator changes it; withdrawals then wait for review for a while', async () => {
      const t = get();
      const m = await newMember(t, 10_000);
      const old = await t.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      // Asked before the change: keeps the account it was asked to.
      const before = (await withdraw(t, m.token, 6000)).json<{ reference: string }>().reference;
      const newNo = uniqueAccountNo();
      const body = {
        bankCode: 'KBANK',
        bankAccountName: 'new owner',
        bankAccountNo: newNo,
        reason: 'ticket 42',
      };
      const byMember = await changeBank(t, m.memberNo, body, m.token);
      expect([byMember.statusCode, byMember.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      // An operator asks; the account changes only once a second operator approves (0116).
      const { asked, approved } = await changeMemberBank(t, m.memberNo, body);
      expect([asked.statusCode, asked.json()]).toEqual([
        200,
        { message: 'PENDING_APPROVAL', requestId: expect.any(Number) },
      ]);
      expect(approved?.statusCode, approved?.body).toBe(200);
      const profile = (await t.call('GET', '/api/account/profile', { token: m.token })).json<{
        bankAccount: { bankCode: string; bankAccountNo: string; bankAccountName: string };
      }>();
      expect(profile.bankAccount).toMatchObject({
        bankCode: 'KBANK',
        bankAccountNo: newNo,
        bankAccountName: 'NEW OWNER',
      });
      const audit = await t.db
        .selectFrom('member_bank_changes')
        .selectAll()
        .where('member_id', '=', m.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        old_bank_code: old.bank_code,
        old_bank_account_no: old.bank_account_no,
        new_bank_code: 'KBANK',
        new_bank_account_no: newNo,
        reason: 'ticket 42',
        changed_by: await operatorIdOf(t, 'cashier'),
        approved_by: await operatorIdOf(t, 'admin'),
      });
      await expect(
        t.db
          .updateTable('member_bank_changes')
          .set({ reason: 'x' })
          .where('member_id', '=', m.id)
          .execute(),
      ).rejects.toThrow(/append-only/);

      // A small withdrawal right after the change waits for an operator.
      const small = (await withdraw(t, m.token, 100)).json<{ reference: string; status: string }>();
      expect(small.status).toBe('WAITING');
      expect(await rowOf(t, small.reference)).toMatchObject({
        review_reason: 'bank_changed',
        bank_account_no: newNo,
      });
      expect(await rowOf(t, before)).toMatchObject({ bank_account_no: old.bank_account_no });
      t.clock.advance(t.config.withdraw.bankChangeReviewHours * HOUR + 1000);
      const later = (await withdraw(t, m.token, 100)).json<{ status: string }>();
      expect(later.status).toBe('PAID');
      const [b, s] = await Promise.all(
        [before, small.reference].map((ref) =>
          t.call('POST', `/api/operator/withdrawals/${ref}`, {
            body: { decision: 'reject' },
            token: undefined,
          }),
        ),
      );
      expect([b!.statusCode, s!.statusCode]).toEqual([401, 401]);
    });

    it('applies the bank rules and refuses unknown members', async () => {
      const t = get();
      const m = await newMember(t);
      const other = await newMember(t);
      const otherNo = (
        await t.db
          .selectFrom('members')
          .select('bank_account_no')
          .where('id', '=', other.id)
          .executeTakeFirstOrThrow()
      ).bank_account_no;
      const base = {
        bankCode: 'KTB',
        bankAccountName: 'SOME NAME',
        bankAccountNo: uniqueAccountNo(),
        reason: 'r',
      };
      const cases: [Record<string, unknown>, string, number, string][] = [
        [base, '99999999', 404, 'NO_USER'],
        [{ ...base, bankCode: 'NOPE' }, m.memberNo, 400, 'INVALID_BANK'],
        [{ ...base, bankAccountName: 'ชื่อ ไทย' }, m.memberNo, 400, 'BANK_ACCOUNT_NAME_ENG'],
        [{ ...base, bankAccountNo: otherNo }, m.memberNo, 409, 'EXISTING_BANK'],
        [{ ...base, reason: ' ' }, m.memberNo, 400, 'KEY_INVALID'],
        [{ ...base, balance: 1 }, m.memberNo, 400, 'KEY_INVALID'],
      ];
      for (const [body, memberNo, status, code] of cases) {
        const res = await changeBank(t, memberNo, body);
        expect([res.statusCode, res.json()], code).toEqual([status, { message: code }]);
      }
      expect(
        await t.db
          .selectFrom('member_bank_changes')
          .select('id')
          .where('member_id', '=', m.id)
          .execute(),
      ).toEqual([]);
    });
  });
});
