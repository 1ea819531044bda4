// reliability.md T12 Insider (issue 25 section 2; decisions 0116, 0117), on SQLite and
// PostgreSQL: every operator power that moves or redirects money (adjustments, payout-account
// changes, withdrawal approvals, threshold and role changes), tried by one operator alone,
// split into small steps, and raced. Pass figure: no money leaves the house on one
// operator's say (0 baht paid out that only one operator vouched for), every refused
// attempt has its audit row, and the ledger check passes after every test.
//
// The cast: the demo `admin` and `cashier`, and `admin2` and `cashier2` made here (so two
// active admins exist and the controls of decision 0117 need a second admin). The four-eyes
// threshold is 1,000 baht, withdrawals up to 5,000 baht are paid at once, and the review
// after recent credits (ADJUSTMENT_REVIEW_HOURS) is on: 24 hours.
import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@wallet/contract';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { ledgerCheck } from '../../src/modules/ledger';
import { setSetting } from '../../src/modules/settings';
import type { TestApp } from '../helpers';
import { loadConfig } from '../../src/config';
import { forEachDialect, uniqueAccountNo } from '../helpers';
import { signInOperator } from '../operator-sign-in';
import type { Member } from './money-helpers';
import { balances, newKey, newMember, withdraw } from './money-helpers';

const HOUR = 60 * 60 * 1000;
const THRESHOLD_BAHT = 1000;

type Name = 'admin' | 'cashier' | 'admin2' | 'cashier2';

/** What one operator alone was refused, by attack: each must have its audit row. */
const refusals: { attack: string; action: string; target: string; operator: string }[] = [];
/** Baht paid out per attack, and how much of it only one operator vouched for. */
const paidOut: { attack: string; baht: number; soloBaht: number }[] = [];

forEachDialect(
  'T12 insider',
  (get) => {
    const accounts = new Map<Name, { username: string; password: string; secret?: string }>();
    const tokens = new Map<Name, string>();

    /** A fresh session of one of the cast (sessions end when the clock jumps a day). */
    async function token(t: TestApp, name: Name): Promise<string> {
      const cached = tokens.get(name);
      if (cached && (await t.call('GET', '/api/operator/me', { token: cached })).statusCode === 200)
        return cached;
      let fresh: string;
      if (name === 'admin' || name === 'cashier') fresh = await t.freshOperatorSession(name);
      else {
        const account = accounts.get(name)!;
        fresh = await signInOperator(
          async (method, url, options) => {
            const res = await t.call(method, url, options);
            const offered = /"secret":"([A-Z2-7]+)"/.exec(res.body)?.[1];
            if (offered) account.secret = offered;
            return res;
          },
          {
            username: account.username,
            password: account.password,
            ...(account.secret ? { secret: account.secret } : {}),
            newPassword: `${account.username}-own-password`,
            now: t.clock.now(),
            later: async () => {
              t.clock.advance(30_000);
              return t.clock.now();
            },
          },
        );
        account.password = `${account.username}-own-password`;
      }
      tokens.set(name, fresh);
      return fresh;
    }

    const as = async (t: TestApp, name: Name, method: string, url: string, body?: unknown) =>
      t.call(method, url, {
        token: await token(t, name),
        headers: { 'idempotency-key': newKey() },
        ...(body !== undefined ? { body } : {}),
      });

    const credit = (t: TestApp, name: Name, memberNo: string, baht: number) =>
      as(t, name, 'POST', '/api/operator/adjustments', {
        memberId: memberNo,
        amount: baht,
        direction: 'credit',
        reason: 'insider test',
      });

    /** Expects a refusal and remembers it, to find its audit row at the end. */
    async function refused(
      attack: string,
      answer: Promise<{ statusCode: number; body: string }>,
      expected: [number, string],
      audit: { action: string; target: string; operator: string },
    ) {
      const res = await answer;
      expect([res.statusCode, JSON.parse(res.body).message], `${attack}: ${res.body}`).toEqual(
        expected,
      );
      refusals.push({ attack, ...audit });
    }

    /** Money members now hold counts as paid only when the rail paid it: sum per member. */
    async function paidTo(t: TestApp, memberId: number): Promise<number> {
      const refs = await t.db
        .selectFrom('withdrawals')
        .select('ref')
        .where('member_id', '=', memberId)
        .execute();
      return refs.reduce((sum, r) => sum + (t.payouts.paid.get(r.ref)?.amount ?? 0), 0) / 100;
    }

    const decideWithdrawal = (t: TestApp, name: Name, ref: string) =>
      as(t, name, 'POST', `/api/operator/withdrawals/${ref}`, { decision: 'approve' });

    const rowOf = (t: TestApp, ref: string) =>
      t.db
        .selectFrom('withdrawals')
        .select(['status', 'review_reason', 'bank_account_no'])
        .where('ref', '=', ref)
        .executeTakeFirstOrThrow();

    /** A member with money two operators vouched for (a request approved by another). */
    async function vouchedMember(t: TestApp, baht: number) {
      const m = await newMember(t);
      const asked = await credit(t, 'admin2', m.memberNo, baht);
      const { requestId } = asked.json<{ requestId: number }>();
      const ok = await as(
        t,
        'admin',
        'POST',
        `/api/operator/adjustments/requests/${requestId}/approve`,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      return m;
    }

    beforeAll(async () => {
      const t = get();
      await setSetting(t.db, t.clock, 'adjustmentApprovalThreshold', THRESHOLD_BAHT * 100);
      // The second cashier and admin, made while `admin` is the only admin (at once).
      for (const [name, role] of [
        ['cashier2', 'cashier'],
        ['admin2', 'admin'],
      ] as [Name, OperatorRole][]) {
        const username = `${name}x${process.pid % 1000}`;
        const res = await t.call('POST', '/api/operator/operators', {
          token: await t.operatorToken(),
          body: { username, displayName: name, role },
        });
        expect(res.json()).toMatchObject({ requestId: null, operator: { status: 'active' } });
        accounts.set(name, {
          username,
          password: res.json<{ temporaryPassword: string }>().temporaryPassword,
        });
      }
    });

    beforeEach(() => {
      // A day apart: every test starts with empty rolling windows and review windows.
      get().clock.advance(25 * HOUR);
    });

    afterEach(async () => {
      expect((await ledgerCheck(get().db)).violations).toEqual([]);
    });

    it('1. splitting: one cashier credits one member 5 x the threshold; the member withdraws', async () => {
      const t = get();
      const m = await newMember(t);
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push((await credit(t, 'cashier', m.memberNo, 1000)).json());
      // The first fits the cashier's and the member's 24-hour sum; the other four wait.
      expect(answers.map((a) => a.status)).toEqual([
        'posted',
        'pending',
        'pending',
        'pending',
        'pending',
      ]);
      expect((await balances(t.db, m.id)).cash).toBe(100_000);
      // The cashier cannot approve the rest.
      for (const a of answers.slice(1))
        await refused(
          'split credits: approving your own request',
          as(t, 'cashier', 'POST', `/api/operator/adjustments/requests/${a.requestId}/approve`),
          [403, 'UNAUTHORIZED'],
          {
            action: 'POST /api/operator/adjustments/requests/:requestId/approve',
            target: `adjustment-request:${a.requestId}`,
            operator: 'cashier',
          },
        );
      // The member withdraws what the cashier credited alone: held for review, not paid.
      const w = (await withdraw(t, m.token, 1000, newKey(), '/api/wallet/withdraw')).json<{
        reference: string;
        status: string;
      }>();
      expect(w.status).toBe('WAITING');
      expect(await rowOf(t, w.reference)).toMatchObject({ review_reason: 'adjustments' });
      // ... and the cashier who credited it cannot approve it.
      await refused(
        'split credits: approving the withdrawal of a member you credited',
        decideWithdrawal(t, 'cashier', w.reference),
        [403, 'UNAUTHORIZED'],
        {
          action: 'POST /api/operator/withdrawals/:id',
          target: `withdrawal:${w.reference}`,
          operator: 'cashier',
        },
      );
      expect(await rowOf(t, w.reference)).toMatchObject({ status: 'WAITING' });
      paidOut.push({
        attack: '1 split credits',
        baht: await paidTo(t, m.id),
        soloBaht: await paidTo(t, m.id),
      });
      expect(await paidTo(t, m.id)).toBe(0);
      // A second operator looks at it and pays it: two people, not one.
      const approved = await decideWithdrawal(t, 'cashier2', w.reference);
      expect(approved.json()).toMatchObject({ status: 'PAID' });
    });

    it("1b. splitting across members and over time: the cashier's own 24-hour sum", async () => {
      const t = get();
      const members: Member[] = [];
      for (let i = 0; i < 5; i++) members.push(await newMember(t));
      const statuses = [];
      for (const m of members)
        statuses.push(
          (await credit(t, 'cashier', m.memberNo, 400)).json<{ status: string }>().status,
        );
      // 400 + 400 fit under 1,000; the third would bring the cashier to 1,200.
      expect(statuses).toEqual(['posted', 'posted', 'pending', 'pending', 'pending']);
      // A day later the window has moved on.
      t.clock.advance(24 * HOUR + 1000);
      expect((await credit(t, 'cashier', members[4]!.memberNo, 400)).json()).toMatchObject({
        status: 'posted',
      });
      // Debits are not credits: they never wait on the sums.
      expect(
        (
          await as(t, 'cashier', 'POST', '/api/operator/adjustments', {
            memberId: members[0]!.memberNo,
            amount: 400,
            direction: 'debit',
            reason: 'insider test',
          })
        ).json(),
      ).toMatchObject({ status: 'posted' });
    });

    it('1c. raced: 20 credits of 100 baht at once from one cashier post exactly 1,000 baht', async () => {
      const t = get();
      const members: Member[] = [];
      for (let i = 0; i < 4; i++) members.push(await newMember(t));
      const cashier = await token(t, 'cashier');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.call('POST', '/api/operator/adjustments', {
            token: cashier,
            headers: { 'idempotency-key': randomUUID() },
            body: {
              memberId: members[i % 4]!.memberNo,
              amount: 100,
              direction: 'credit',
              reason: 'race',
            },
          }),
        ),
      );
      const statuses = answers.map((a) => a.json<{ status: string }>().status);
      expect(statuses.filter((s) => s === 'posted')).toHaveLength(10);
      expect(statuses.filter((s) => s === 'pending')).toHaveLength(10);
      let total = 0;
      for (const m of members) total += (await balances(t.db, m.id)).cash;
      expect(total).toBe(THRESHOLD_BAHT * 100);
    });

    it('1d. own money plus a credit made alone: only the credited part needs a second operator', async () => {
      const t = get();
      const m = await vouchedMember(t, 4000);
      expect((await credit(t, 'cashier', m.memberNo, 1000)).json()).toMatchObject({
        status: 'posted',
      });
      // 5,000 held; 4,000 of it vouched for by two operators: that much is paid at once.
      const own = (await withdraw(t, m.token, 4000, newKey(), '/api/wallet/withdraw')).json<{
        status: string;
      }>();
      expect(own.status).toBe('PAID');
      // The rest is the cashier's credit alone: it waits, and not for the cashier.
      const rest = (await withdraw(t, m.token, 1000, newKey(), '/api/wallet/withdraw')).json<{
        reference: string;
        status: string;
      }>();
      expect(rest.status).toBe('WAITING');
      expect(await rowOf(t, rest.reference)).toMatchObject({ review_reason: 'adjustments' });
      await refused(
        'own money plus a credit: approving the credited part yourself',
        decideWithdrawal(t, 'cashier', rest.reference),
        [403, 'UNAUTHORIZED'],
        {
          action: 'POST /api/operator/withdrawals/:id',
          target: `withdrawal:${rest.reference}`,
          operator: 'cashier',
        },
      );
      paidOut.push({
        attack: '1d own money plus a credit',
        baht: await paidTo(t, m.id),
        soloBaht: 0,
      });
      expect(await paidTo(t, m.id)).toBe(4000);
    });

    it('2. redirected payouts: one cashier changes the payout account, then approves', async () => {
      const t = get();
      const m = await vouchedMember(t, 8000);
      const registered = (
        await t.db
          .selectFrom('members')
          .select('bank_account_no')
          .where('id', '=', m.id)
          .executeTakeFirstOrThrow()
      ).bank_account_no;
      const thief = uniqueAccountNo();
      const asked = await as(t, 'cashier', 'PUT', `/api/operator/members/${m.memberNo}/bank`, {
        bankCode: 'KBANK',
        bankAccountName: 'SOMEONE ELSE',
        bankAccountNo: thief,
        reason: 'member called',
      });
      expect(asked.json()).toMatchObject({ message: 'PENDING_APPROVAL' });
      const { requestId } = asked.json<{ requestId: number }>();
      await refused(
        'redirect: approving your own payout-account change',
        as(t, 'cashier', 'POST', `/api/operator/bank-requests/${requestId}/approve`),
        [403, 'UNAUTHORIZED'],
        {
          action: 'POST /api/operator/bank-requests/:requestId/approve',
          target: `bank-request:${requestId}`,
          operator: 'cashier',
        },
      );
      // Over the auto-payout limit: held; the cashier approves it, and it goes where the member
      // registered, not to the account the cashier asked for.
      const big = (await withdraw(t, m.token, 6000, newKey(), '/api/wallet/withdraw')).json<{
        reference: string;
      }>();
      expect((await decideWithdrawal(t, 'cashier', big.reference)).json()).toMatchObject({
        status: 'PAID',
      });
      expect(t.payouts.paid.get(big.reference)?.accountNo).toBe(registered);
      // A second operator approves the change; withdrawals to the new account then wait, and
      // the cashier who asked for it never approves them.
      expect(
        (await as(t, 'cashier2', 'POST', `/api/operator/bank-requests/${requestId}/approve`))
          .statusCode,
      ).toBe(200);
      const after = (await withdraw(t, m.token, 2000, newKey(), '/api/wallet/withdraw')).json<{
        reference: string;
        status: string;
      }>();
      expect(after.status).toBe('WAITING');
      expect(await rowOf(t, after.reference)).toMatchObject({
        review_reason: 'bank_changed',
        bank_account_no: thief,
      });
      t.clock.advance(25 * HOUR); // past the review window: still not the cashier's to approve
      await refused(
        'redirect: approving a payout to the account you asked for',
        decideWithdrawal(t, 'cashier', after.reference),
        [403, 'UNAUTHORIZED'],
        {
          action: 'POST /api/operator/withdrawals/:id',
          target: `withdrawal:${after.reference}`,
          operator: 'cashier',
        },
      );
      const paidToThief = [...t.payouts.paid.values()]
        .filter((p) => p.accountNo === thief)
        .reduce((sum, p) => sum + p.amount, 0);
      paidOut.push({
        attack: '2 redirected payout',
        baht: paidToThief / 100,
        soloBaht: paidToThief / 100,
      });
      expect(paidToThief).toBe(0);
    });

    it('2b. raced: two operators approve one payout-account change at once: one wins', async () => {
      const t = get();
      for (let i = 0; i < 5; i++) {
        const m = await newMember(t);
        const asked = await as(t, 'cashier', 'PUT', `/api/operator/members/${m.memberNo}/bank`, {
          bankCode: 'SCB',
          bankAccountName: 'NEW NAME',
          bankAccountNo: uniqueAccountNo(),
          reason: 'race',
        });
        const { requestId } = asked.json<{ requestId: number }>();
        const [a, b] = await Promise.all(
          (['cashier2', 'admin'] as Name[]).map((name) =>
            as(t, name, 'POST', `/api/operator/bank-requests/${requestId}/approve`),
          ),
        );
        expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
        const changes = await t.db
          .selectFrom('member_bank_changes')
          .select('id')
          .where('member_id', '=', m.id)
          .execute();
        expect(changes).toHaveLength(1);
      }
    });

    it('3. controls: with two admins, one alone cannot raise the threshold, make an admin or a cashier, reset an authenticator, or remove the other admin', async () => {
      const t = get();
      const before = (await as(t, 'admin', 'GET', '/api/operator/adjustments/threshold')).json();
      const raise = await as(t, 'admin', 'PUT', '/api/operator/adjustments/threshold', {
        threshold: 1_000_000,
      });
      expect(raise.json()).toMatchObject({
        message: 'PENDING_APPROVAL',
        threshold: THRESHOLD_BAHT,
      });
      expect((await as(t, 'admin', 'GET', '/api/operator/adjustments/threshold')).json()).toEqual(
        before,
      );
      const pending: number[] = [raise.json<{ requestId: number }>().requestId];
      // A sock-puppet cashier: made inactive until a second admin approves; cannot sign in.
      const sock = await as(t, 'admin', 'POST', '/api/operator/operators', {
        username: `sock${process.pid % 1000}`,
        displayName: 'Sock',
        role: 'cashier',
      });
      expect(sock.json()).toMatchObject({
        operator: { status: 'inactive' },
        requestId: expect.any(Number),
      });
      pending.push(sock.json<{ requestId: number }>().requestId);
      const sockLogin = await t.call('POST', '/api/operator/login', {
        body: {
          username: `sock${process.pid % 1000}`,
          password: sock.json<{ temporaryPassword: string }>().temporaryPassword,
        },
      });
      expect(sockLogin.statusCode).toBe(401);
      // Taking over the cashier: a new password needs the authenticator, whose reset waits.
      const cashierId = (
        await t.db
          .selectFrom('operators')
          .select('id')
          .where('username', '=', 'cashier')
          .executeTakeFirstOrThrow()
      ).id;
      const reset = await as(t, 'admin', 'POST', `/api/operator/operators/${cashierId}/totp/reset`);
      expect(reset.json()).toMatchObject({
        operator: { totpEnrolled: true },
        requestId: expect.any(Number),
      });
      pending.push(reset.json<{ requestId: number }>().requestId);
      // Promoting the second cashier, removing the other admin: both wait.
      const cashier2Id = (
        await t.db
          .selectFrom('operators')
          .select('id')
          .where('username', '=', accounts.get('cashier2')!.username)
          .executeTakeFirstOrThrow()
      ).id;
      const admin2Id = (
        await t.db
          .selectFrom('operators')
          .select('id')
          .where('username', '=', accounts.get('admin2')!.username)
          .executeTakeFirstOrThrow()
      ).id;
      const promote = await as(t, 'admin', 'PUT', `/api/operator/operators/${cashier2Id}`, {
        role: 'admin',
      });
      expect(promote.json()).toMatchObject({
        operator: { role: 'cashier' },
        requestId: expect.any(Number),
      });
      pending.push(promote.json<{ requestId: number }>().requestId);
      const remove = await as(t, 'admin', 'PUT', `/api/operator/operators/${admin2Id}/status`, {
        status: 'inactive',
      });
      expect(remove.json()).toMatchObject({
        operator: { status: 'active' },
        requestId: expect.any(Number),
      });
      pending.push(remove.json<{ requestId: number }>().requestId);
      // None of them can be approved by the admin who asked.
      for (const id of pending)
        await refused(
          'controls: approving your own control change',
          as(t, 'admin', 'POST', `/api/operator/control-requests/${id}/approve`),
          [403, 'UNAUTHORIZED'],
          {
            action: 'POST /api/operator/control-requests/:requestId/approve',
            target: `control-request:${id}`,
            operator: 'admin',
          },
        );
      // A cashier cannot approve them either (admin only).
      await refused(
        'controls: a cashier approving a control change',
        as(t, 'cashier2', 'POST', `/api/operator/control-requests/${pending[0]}/approve`),
        [403, 'UNAUTHORIZED'],
        {
          action: 'POST /api/operator/control-requests/:requestId/approve',
          target: `requestId:${pending[0]}`,
          operator: accounts.get('cashier2')!.username,
        },
      );
      // Raced: the other admin rejects and approves the sock account at once: one decides.
      const [x, y] = await Promise.all([
        as(t, 'admin2', 'POST', `/api/operator/control-requests/${pending[1]}/reject`, {
          reason: 'no ticket',
        }),
        as(t, 'admin2', 'POST', `/api/operator/control-requests/${pending[1]}/approve`),
      ]);
      expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
      // The second admin rejects the rest: nothing changed.
      for (const id of [pending[0], pending[2], pending[3], pending[4]])
        expect(
          (
            await as(t, 'admin2', 'POST', `/api/operator/control-requests/${id}/reject`, {
              reason: 'no',
            })
          ).statusCode,
        ).toBe(200);
      expect((await as(t, 'admin', 'GET', '/api/operator/adjustments/threshold')).json()).toEqual(
        before,
      );
      const roles = await t.db
        .selectFrom('operators')
        .select(['username', 'role', 'status'])
        .where('id', 'in', [cashier2Id, admin2Id])
        .orderBy('id')
        .execute();
      expect(roles.map((r) => [r.role, r.status])).toEqual([
        ['cashier', 'active'],
        ['admin', 'active'],
      ]);
      // Lowering the threshold strengthens four eyes: at once, no second admin needed.
      expect(
        (
          await as(t, 'admin', 'PUT', '/api/operator/adjustments/threshold', { threshold: 500 })
        ).json(),
      ).toEqual({ message: 'SUCCESS', threshold: 500, requestId: null });
      await as(t, 'admin2', 'PUT', '/api/operator/adjustments/threshold', {
        threshold: THRESHOLD_BAHT,
      });
    });

    it("every refused attempt has its audit row; 0 baht left on one operator's say", async () => {
      const t = get();
      for (const r of refusals) {
        const rows = await t.db
          .selectFrom('audit_log')
          .select(['outcome'])
          .where('action', '=', r.action)
          .where('target', '=', r.target)
          .where('operator_username', '=', r.operator)
          .where('outcome', '=', 'UNAUTHORIZED')
          .execute();
        expect(rows.length, `${r.attack}: ${r.target}`).toBeGreaterThanOrEqual(1);
      }
      const solo = paidOut.reduce((sum, p) => sum + p.soloBaht, 0);
      expect(solo).toBe(0);
      console.log(
        `T12 insider [${t.dialect}]: ${refusals.length} attempts by one operator alone refused, ` +
          `each audited; paid out: ${paidOut.map((p) => `${p.attack} ${p.baht} baht (${p.soloBaht} on one operator's say)`).join('; ')}; ledger check: 0 violations`,
      );
      refusals.length = 0;
      paidOut.length = 0;
    });
  },
  {
    withdraw: { ...loadConfig({ NODE_ENV: 'test' }).withdraw, adjustmentReviewHours: 24 },
  },
);
