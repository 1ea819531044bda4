// The console's withdrawals queue (issue 13, decision 0090) on SQLite and PostgreSQL: the
// rejection reason the member sees, the rich list with its filters, and "retry payout"
// through the reconcile kernel, which never pays twice. Every test ends with the ledger check.
import type { OperatorWithdrawal } from '@wallet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { forEachDialect, reconcilePass } from '../../../test/helpers';
import type { TestApp } from '../../../test/helpers';
import {
  balances,
  ledgerFingerprint,
  newMember,
  withdraw,
} from '../../../test/reliability/money-helpers';
import { bangkokDate } from '../../lib/bangkok-day';
import { ledgerCheck } from '../ledger';
import { payoutFlow } from './index';

const reconcilePayouts = (t: TestApp) => reconcilePass(payoutFlow(t.app.deps), t.app.deps);

interface Page {
  rows: OperatorWithdrawal[];
  total: number;
  page: number;
}

forEachDialect('withdrawals: the operator queue', (get) => {
  afterEach(async () => {
    const t = get();
    t.payouts.reset();
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  const cashier = (t: TestApp) => t.operatorTokenAs('cashier');
  const decide = async (t: TestApp, id: string, body: unknown) =>
    t.call('POST', `/api/operator/withdrawals/${id}`, { token: await cashier(t), body });
  const queue = async (t: TestApp, query: string, token?: string) =>
    t.call('GET', `/api/operator/withdrawals/queue?${query}`, {
      token: token ?? (await cashier(t)),
    });
  const retry = async (t: TestApp, id: string, token?: string) =>
    t.call('POST', `/api/operator/withdrawals/${id}/retry`, {
      token: token ?? (await cashier(t)),
    });
  const statementRow = async (t: TestApp, token: string, ref: string) =>
    (await t.call('POST', '/api/statement', { token, body: { page: 1, limit: 50 } }))
      .json<{ statements: { _id: string; status: string; reason?: string }[] }>()
      .statements.find((s) => s._id === ref);
  const rowOf = (t: TestApp, ref: string) =>
    t.db.selectFrom('withdrawals').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
  const lastAudit = (t: TestApp) =>
    t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  /** A withdrawal above the auto-payout limit (5,000 baht by default): it waits. */
  const waiting = async (t: TestApp, baht = 6000) => {
    const m = await newMember(t, baht + 1000);
    const res = await withdraw(t, m.token, baht);
    const { reference, status } = res.json<{ reference: string; status: string }>();
    expect(status).toBe('WAITING');
    return { m, ref: reference };
  };

  describe('reject with a reason the member sees', () => {
    it('refuses a rejection without a reason (400 KEY_MISSING, nothing moves); approve needs none', async () => {
      const t = get();
      const { m, ref } = await waiting(t);
      const before = await ledgerFingerprint(t.db);
      for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '   ' }]) {
        const res = await decide(t, ref, body);
        expect([res.statusCode, res.json()]).toEqual([
          400,
          { message: body.reason === undefined ? 'KEY_MISSING' : 'KEY_INVALID' },
        ]);
      }
      expect(await ledgerFingerprint(t.db)).toBe(before);
      expect((await rowOf(t, ref)).status).toBe('WAITING');
      // An old client's approve (only the decision) still works.
      const approved = await decide(t, ref, { decision: 'approve' });
      expect(approved.json()).toEqual({ message: 'SUCCESS', status: 'PAID' });
      expect(await balances(t.db, m.id)).toEqual({ cash: 100_000, hold: 0 });
      expect((await rowOf(t, ref)).decision_reason).toBeNull();
    });

    it('a rejection returns the money; the member reads the reason on the statement row', async () => {
      const t = get();
      const { m, ref } = await waiting(t);
      const reason = 'บัญชีไม่ตรงกับชื่อสมาชิก / account name does not match';
      const res = await decide(t, ref, { decision: 'reject', reason: `  ${reason} ` });
      expect(res.json()).toEqual({ message: 'SUCCESS', status: 'REJECTED' });
      expect(await balances(t.db, m.id)).toEqual({ cash: 700_000, hold: 0 });
      expect(await statementRow(t, m.token, ref)).toMatchObject({ status: 'FAILED', reason });
      expect(await rowOf(t, ref)).toMatchObject({ status: 'REJECTED', decision_reason: reason });
      const audit = await lastAudit(t);
      expect(audit).toMatchObject({
        action: 'POST /api/operator/withdrawals/:id',
        target: `withdrawal:${ref}`,
        outcome: 'ok',
        operator_username: 'cashier',
      });
      expect(JSON.parse(audit.before_json!)).toEqual({ status: 'WAITING' });
      expect(JSON.parse(audit.after_json!)).toEqual({
        decision: 'reject',
        status: 'REJECTED',
        reason,
      });
      // Rows without a reason carry no field: the spec's client sees the shape it knows.
      const paid = await withdraw(t, m.token, 100);
      const paidRef = paid.json<{ reference: string }>().reference;
      expect(await statementRow(t, m.token, paidRef)).not.toHaveProperty('reason');
    });
  });

  describe('the queue', () => {
    it('lists each row with member, bank, decision and payout state; filters by status, member and day', async () => {
      const t = get();
      const a = await waiting(t, 7000);
      const b = await waiting(t, 8000);
      await decide(t, b.ref, { decision: 'reject', reason: 'duplicate request' });
      const page = (await queue(t, `member=${a.m.memberNo}`)).json<Page>();
      expect(page).toMatchObject({ total: 1, page: 1 });
      const profile = await t.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', a.m.id)
        .executeTakeFirstOrThrow();
      expect(page.rows[0]).toEqual({
        id: a.ref,
        member: { memberNo: a.m.memberNo, name: profile.name, phone: profile.username },
        bank: {
          code: profile.bank_code,
          accountNo: profile.bank_account_no,
          accountName: profile.bank_account_name,
        },
        amount: 7000,
        status: 'WAITING',
        reviewReason: 'over_limit',
        createdAt: expect.any(String),
        decidedBy: null,
        decidedAt: null,
        reason: null,
        payout: {
          state: 'awaiting_decision',
          attempts: 0,
          lastError: null,
          nextAttemptAt: null,
          settledAt: null,
        },
      });
      // By phone too; nobody by that text: an empty page.
      const byPhone = (await queue(t, `member=${profile.username}`)).json<Page>();
      expect(byPhone.rows.map((r) => r.id)).toEqual([a.ref]);
      expect((await queue(t, 'member=0000000000')).json<Page>()).toEqual({
        rows: [],
        total: 0,
        page: 1,
      });
      const rejected = (await queue(t, `status=REJECTED&member=${b.m.memberNo}`)).json<Page>();
      expect(rejected.rows[0]).toMatchObject({
        id: b.ref,
        status: 'REJECTED',
        decidedBy: 'cashier',
        decidedAt: expect.any(String),
        reason: 'duplicate request',
        payout: { state: 'not_sent' },
      });
      expect((await queue(t, `status=WAITING&member=${b.m.memberNo}`)).json<Page>().total).toBe(0);
      // Bangkok days: today holds both; the day before holds neither.
      const today = bangkokDate(t.clock.now());
      const yesterday = bangkokDate(new Date(t.clock.now().getTime() - 86_400_000));
      const todays = (await queue(t, `from=${today}&to=${today}&pageSize=200`)).json<Page>();
      expect(todays.rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.ref, b.ref]));
      expect((await queue(t, `to=${yesterday}`)).json<Page>().total).toBe(0);
      // WAITING oldest first; paging.
      const c = await waiting(t, 5500);
      const first = (await queue(t, 'status=WAITING&pageSize=1')).json<Page>();
      const all = (await queue(t, 'status=WAITING&pageSize=200')).json<Page>();
      expect(first.rows).toHaveLength(1);
      expect(first.total).toBe(all.total);
      expect(all.rows.map((r) => r.id).indexOf(a.ref)).toBeLessThan(
        all.rows.map((r) => r.id).indexOf(c.ref),
      );
      const second = (await queue(t, 'status=WAITING&pageSize=1&page=2')).json<Page>();
      expect(second.rows[0]?.id).toBe(all.rows[1]?.id);
      // Bad filters: KEY_INVALID.
      for (const bad of ['status=LOST', 'from=yesterday', 'pageSize=0']) {
        const res = await queue(t, bad);
        expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      }
      // Tidy: the waiting ones are rejected (the money goes back).
      for (const ref of [a.ref, c.ref]) await decide(t, ref, { decision: 'reject', reason: 'x' });
    });

    it('admin and cashier only: support and marketing get 403, a member too', async () => {
      const t = get();
      for (const role of ['support', 'marketing'] as const) {
        const token = await t.operatorTokenAs(role);
        expect((await queue(t, '', token)).statusCode).toBe(403);
        expect((await retry(t, 'WD00000000000000000000', token)).statusCode).toBe(403);
      }
      const m = await newMember(t);
      expect((await queue(t, '', m.token)).statusCode).toBe(403);
      expect((await queue(t, '', await t.operatorToken())).statusCode).toBe(200);
    });
  });

  describe('retry payout', () => {
    it('answer lost: retry makes it due now; the reconciler asks the rail first and never pays again', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('lost');
      const { reference } = (await withdraw(t, m.token, 300)).json<{ reference: string }>();
      const listed = (await queue(t, `status=PROCESSING&member=${m.memberNo}`)).json<Page>();
      expect(listed.rows[0]?.payout).toMatchObject({
        state: 'unknown',
        attempts: 1,
        lastError: expect.any(String),
        nextAttemptAt: expect.any(String),
      });
      // Inside its backoff the reconciler leaves it alone...
      expect((await reconcilePayouts(t)).claimed).toBe(0);
      const payCalls = t.payouts.calls.pay;
      const res = await retry(t, reference);
      expect(res.statusCode).toBe(200);
      const answer = res.json<{ message: string; withdrawal: OperatorWithdrawal }>();
      expect(answer.message).toBe('SUCCESS');
      expect(Date.parse(answer.withdrawal.payout.nextAttemptAt!)).toBeLessThanOrEqual(
        t.clock.now().getTime(),
      );
      // ...asking twice is harmless...
      expect((await retry(t, reference)).statusCode).toBe(200);
      // ...and the next pass takes it at once: the rail's status says paid, nothing re-sent.
      expect(await reconcilePayouts(t)).toMatchObject({ claimed: 1, paid: 1, resent: 0 });
      expect(t.payouts.calls.pay).toBe(payCalls);
      expect(t.payouts.paid.get(reference)?.amount).toBe(30_000);
      expect(await balances(t.db, m.id)).toEqual({ cash: 70_000, hold: 0 });
      expect(await rowOf(t, reference)).toMatchObject({ status: 'PAID', attempts: 2 });
      // Paid: nothing left to retry.
      const again = await retry(t, reference);
      expect([again.statusCode, again.json()]).toEqual([409, { message: 'NO_DATA' }]);
      expect(await reconcilePayouts(t)).toMatchObject({ claimed: 0 });
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', `withdrawal:${reference}`)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, a.outcome])).toEqual([
        ['POST /api/operator/withdrawals/:id/retry', 'ok'],
        ['POST /api/operator/withdrawals/:id/retry', 'ok'],
      ]);
      expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ status: 'PROCESSING' });
    });

    it('rail down: retried twice, the reference is re-sent once and paid once', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('down');
      const { reference } = (await withdraw(t, m.token, 200)).json<{ reference: string }>();
      expect(t.payouts.paid.has(reference)).toBe(false);
      const payCalls = t.payouts.calls.pay;
      expect((await retry(t, reference)).statusCode).toBe(200);
      expect(await reconcilePayouts(t)).toMatchObject({ claimed: 1, paid: 1, resent: 1 });
      expect(t.payouts.calls.pay).toBe(payCalls + 1);
      expect((await retry(t, reference)).statusCode).toBe(409);
      expect(await reconcilePayouts(t)).toMatchObject({ claimed: 0 });
      expect(t.payouts.paid.get(reference)?.amount).toBe(20_000);
      expect(await balances(t.db, m.id)).toEqual({ cash: 80_000, hold: 0 });
    });

    it('two passes racing after a retry settle it once', async () => {
      const t = get();
      const m = await newMember(t, 1000);
      t.payouts.failNext('down');
      const { reference } = (await withdraw(t, m.token, 400)).json<{ reference: string }>();
      await retry(t, reference);
      const reports = await Promise.all([reconcilePayouts(t), reconcilePayouts(t)]);
      expect(reports.reduce((n, r) => n + r.paid, 0)).toBe(1);
      expect(t.payouts.paid.get(reference)?.amount).toBe(40_000);
      expect(await balances(t.db, m.id)).toEqual({ cash: 60_000, hold: 0 });
    });

    it('nothing to retry: waiting or rejected 409 NO_DATA, unknown 404 NO_DATA', async () => {
      const t = get();
      const { m, ref } = await waiting(t);
      const before = await ledgerFingerprint(t.db);
      const onWaiting = await retry(t, ref);
      expect([onWaiting.statusCode, onWaiting.json()]).toEqual([409, { message: 'NO_DATA' }]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      await decide(t, ref, { decision: 'reject', reason: 'x' });
      expect((await retry(t, ref)).statusCode).toBe(409);
      const unknown = await retry(t, 'WD00000000000000000000');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
      expect((await rowOf(t, ref)).next_attempt_at).toBeNull();
      expect(await balances(t.db, m.id)).toEqual({ cash: 700_000, hold: 0 });
    });
  });
});
