// Four-eyes adjustments (issue 13, decision 0089) on SQLite and PostgreSQL: above the
// threshold an adjustment waits for a second operator; the requester can never decide it;
// approval posts the ledger transaction exactly once (two approvers racing: one posts, the
// other is refused), a debit that would overdraw is refused at approval, and every step is
// audited with before and after. Every test ends with the ledger check.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { forEachDialect } from '../helpers';
import { ledgerCheck } from '../../src/modules/ledger';
import { SOLO_CREDIT_WINDOW_MS } from '../../src/modules/adjustments';
import { balances, ledgerFingerprint, newKey, newMember } from './money-helpers';

type Role = 'admin' | 'cashier';

async function request(
  t: TestApp,
  role: Role,
  body: { memberId: string; amount: number; direction: 'credit' | 'debit'; reason?: string },
  key = newKey(),
) {
  return t.call('POST', '/api/operator/adjustments', {
    token: await t.operatorTokenAs(role),
    headers: { 'idempotency-key': key },
    body: { reason: 'four eyes test', ...body },
  });
}

const decide = async (
  t: TestApp,
  token: string,
  id: number,
  decision: 'approve' | 'reject',
  body?: unknown,
) =>
  t.call('POST', `/api/operator/adjustments/requests/${id}/${decision}`, {
    token,
    ...(body !== undefined ? { body } : {}),
  });

async function setThreshold(t: TestApp, baht: number) {
  const res = await t.call('PUT', '/api/operator/adjustments/threshold', {
    token: await t.operatorToken(),
    body: { threshold: baht },
  });
  // One active admin (the demo seed): the change applies at once (decision 0117).
  expect([res.statusCode, res.json()]).toEqual([
    200,
    { message: 'SUCCESS', threshold: baht, requestId: null },
  ]);
}

const auditRows = (t: TestApp, action: string, target: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['operator_username', 'outcome', 'before_json', 'after_json'])
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();

forEachDialect('Four-eyes adjustments', (get) => {
  beforeAll(async () => {
    await setThreshold(get(), 1000);
  });
  // Each test starts with no credits made alone in the last 24 hours: the rolling sums
  // (decision 0116) are the insider tests' (t12-insider), these are about one request.
  beforeEach(() => {
    get().clock.advance(SOLO_CREDIT_WINDOW_MS + 1000);
  });
  afterEach(async () => {
    expect((await ledgerCheck(get().db)).violations).toEqual([]);
  });

  describe('the threshold', () => {
    it('is read by cashiers, changed by admins only, audited, and applies at once', async () => {
      const t = get();
      const read = await t.call('GET', '/api/operator/adjustments/threshold', {
        token: await t.operatorTokenAs('cashier'),
      });
      expect([read.statusCode, read.json()]).toEqual([200, { threshold: 1000 }]);
      const byCashier = await t.call('PUT', '/api/operator/adjustments/threshold', {
        token: await t.operatorTokenAs('cashier'),
        body: { threshold: 5 },
      });
      expect([byCashier.statusCode, byCashier.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const bad = await t.call('PUT', '/api/operator/adjustments/threshold', {
        token: await t.operatorToken(),
        body: { threshold: -1 },
      });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);

      await setThreshold(t, 250.5);
      const m = await newMember(t);
      const over = await request(t, 'cashier', {
        memberId: m.memberNo,
        amount: 250.51,
        direction: 'credit',
      });
      expect(over.json()).toMatchObject({ status: 'pending' });
      const atIt = await request(t, 'cashier', {
        memberId: m.memberNo,
        amount: 250.5,
        direction: 'credit',
      });
      expect(atIt.json()).toEqual({
        message: 'SUCCESS',
        status: 'posted',
        balance: 250.5,
        requestId: null,
      });
      const rows = await auditRows(
        t,
        'PUT /api/operator/adjustments/threshold',
        'setting:adjustmentApprovalThreshold',
      );
      expect(rows.at(-1)).toMatchObject({
        operator_username: 'admin',
        outcome: 'ok',
        before_json: JSON.stringify({ threshold: 1000 }),
        after_json: JSON.stringify({ threshold: 250.5 }),
      });
      await setThreshold(t, 1000);
    });
  });

  describe('a request above the threshold', () => {
    it('posts at or below it at once, and waits above it with the balance unchanged', async () => {
      const t = get();
      const m = await newMember(t);
      const at = await request(t, 'cashier', {
        memberId: m.memberNo,
        amount: 1000,
        direction: 'credit',
      });
      expect([at.statusCode, at.json()]).toEqual([
        200,
        { message: 'SUCCESS', status: 'posted', balance: 1000, requestId: null },
      ]);
      const before = await ledgerFingerprint(t.db);
      const key = newKey();
      const over = await request(
        t,
        'cashier',
        { memberId: m.memberNo, amount: 1000.01, direction: 'credit', reason: 'goodwill' },
        key,
      );
      const answer = over.json<{ requestId: number }>();
      expect([over.statusCode, answer]).toEqual([
        200,
        {
          message: 'PENDING_APPROVAL',
          status: 'pending',
          balance: 1000,
          requestId: expect.any(Number),
        },
      ]);
      // A retry with the same key is the same request.
      const again = await request(
        t,
        'cashier',
        { memberId: m.memberNo, amount: 1000.01, direction: 'credit', reason: 'goodwill' },
        key,
      );
      expect(again.json()).toEqual(answer);
      expect(await ledgerFingerprint(t.db)).toBe(before);

      const list = await t.call('GET', '/api/operator/adjustments/requests?status=pending', {
        token: await t.operatorTokenAs('cashier'),
      });
      expect(list.statusCode).toBe(200);
      const rows = list.json<{ rows: { id: number }[]; total: number }>().rows;
      expect(rows.filter((r) => r.id === answer.requestId)).toEqual([
        {
          id: answer.requestId,
          memberId: m.memberNo,
          memberName: 'Test Member',
          amount: 1000.01,
          direction: 'credit',
          reason: 'goodwill',
          status: 'pending',
          requestedBy: {
            id: expect.any(Number),
            username: 'cashier',
            displayName: expect.any(String),
          },
          requestedAt: expect.any(String),
          decidedBy: null,
          decidedAt: null,
          decisionReason: null,
        },
      ]);
      const audit = await auditRows(t, 'POST /api/operator/adjustments', `member:${m.memberNo}`);
      // The replay of the same key answered from the stored answer: no second row.
      expect(audit.map((r) => JSON.parse(r.before_json!))).toEqual([
        { balance: 0 },
        { balance: 1000 },
      ]);
      expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({
        status: 'pending',
        requestId: answer.requestId,
        amount: 1000.01,
      });
    });

    it('lists pending requests first, and refuses support and marketing', async () => {
      const t = get();
      const m = await newMember(t, 500);
      const pending = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 2000, direction: 'credit' })
      ).json<{ requestId: number }>().requestId;
      const decided = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 2001, direction: 'credit' })
      ).json<{ requestId: number }>().requestId;
      expect(
        (await decide(t, await t.operatorToken(), decided, 'reject', { reason: 'no' })).statusCode,
      ).toBe(200);
      const all = await t.call('GET', '/api/operator/adjustments/requests?pageSize=200', {
        token: await t.operatorToken(),
      });
      const statuses = all.json<{ rows: { id: number; status: string }[] }>().rows;
      const firstDecided = statuses.findIndex((r) => r.status !== 'pending');
      expect(statuses.slice(firstDecided).every((r) => r.status !== 'pending')).toBe(true);
      expect(statuses.findIndex((r) => r.id === pending)).toBeLessThan(firstDecided);
      for (const role of ['support', 'marketing'] as const) {
        const res = await t.call('GET', '/api/operator/adjustments/requests', {
          token: await t.operatorTokenAs(role),
        });
        expect([res.statusCode, res.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      }
    });
  });

  describe('deciding', () => {
    it('the requester can neither approve nor reject their own request', async () => {
      const t = get();
      const m = await newMember(t);
      const { requestId } = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 5000, direction: 'credit' })
      ).json<{ requestId: number }>();
      const cashier = await t.operatorTokenAs('cashier');
      const approve = await decide(t, cashier, requestId, 'approve');
      expect([approve.statusCode, approve.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      const reject = await decide(t, cashier, requestId, 'reject', { reason: 'mine' });
      expect([reject.statusCode, reject.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
      expect((await balances(t.db, m.id)).cash).toBe(0);
      const audit = await auditRows(
        t,
        'POST /api/operator/adjustments/requests/:requestId/approve',
        `adjustment-request:${requestId}`,
      );
      expect(audit.map((r) => [r.operator_username, r.outcome])).toEqual([
        ['cashier', 'UNAUTHORIZED'],
      ]);
    });

    it('approval posts exactly the amount once; a decided request is never decided again', async () => {
      const t = get();
      const m = await newMember(t, 100);
      const { requestId } = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 4321.09, direction: 'credit' })
      ).json<{ requestId: number }>();
      const admin = await t.operatorToken();
      const approved = await decide(t, admin, requestId, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        message: 'SUCCESS',
        balance: 4421.09,
        request: {
          id: requestId,
          status: 'approved',
          requestedBy: { username: 'cashier' },
          decidedBy: { username: 'admin' },
          decidedAt: expect.any(String),
        },
      });
      expect((await balances(t.db, m.id)).cash).toBe(442_109);
      for (const [decision, body] of [
        ['approve', undefined],
        ['reject', { reason: 'late' }],
      ] as const) {
        const again = await decide(t, admin, requestId, decision, body);
        expect([again.statusCode, again.json()]).toEqual([409, { message: 'NO_DATA' }]);
      }
      expect((await balances(t.db, m.id)).cash).toBe(442_109);
      // The member's statement shows it once.
      const postings = await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_key', '=', `adjustment-request:${requestId}`)
        .execute();
      expect(postings).toHaveLength(1);
      const audit = await auditRows(
        t,
        'POST /api/operator/adjustments/requests/:requestId/approve',
        `adjustment-request:${requestId}`,
      );
      expect(audit.map((r) => [r.operator_username, r.outcome])).toEqual([
        ['admin', 'ok'],
        ['admin', 'NO_DATA'],
      ]);
      expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ status: 'pending' });
      expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
        status: 'approved',
        amount: 4321.09,
        balance: 4421.09,
      });
    });

    it('rejection needs a reason, moves no money and is audited', async () => {
      const t = get();
      const m = await newMember(t);
      const { requestId } = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 3000, direction: 'credit' })
      ).json<{ requestId: number }>();
      const admin = await t.operatorToken();
      const before = await ledgerFingerprint(t.db);
      const missing = await decide(t, admin, requestId, 'reject', {});
      expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      const blank = await decide(t, admin, requestId, 'reject', { reason: '  ' });
      expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const rejected = await decide(t, admin, requestId, 'reject', { reason: 'no ticket' });
      expect(rejected.json()).toMatchObject({
        message: 'SUCCESS',
        request: {
          status: 'rejected',
          decisionReason: 'no ticket',
          decidedBy: { username: 'admin' },
        },
      });
      expect(await ledgerFingerprint(t.db)).toBe(before);
      const approve = await decide(t, admin, requestId, 'approve');
      expect([approve.statusCode, approve.json()]).toEqual([409, { message: 'NO_DATA' }]);
      const audit = await auditRows(
        t,
        'POST /api/operator/adjustments/requests/:requestId/reject',
        `adjustment-request:${requestId}`,
      );
      expect(audit.at(-1)).toMatchObject({
        outcome: 'ok',
        before_json: JSON.stringify({ status: 'pending' }),
        after_json: JSON.stringify({ status: 'rejected', reason: 'no ticket' }),
      });
      const unknown = await decide(t, admin, 999_999, 'approve');
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    });

    it('a debit that would overdraw is refused at approval and stays pending', async () => {
      const t = get();
      const m = await newMember(t, 1500);
      // More than the wallet holds: refused when asked.
      const tooMuch = await request(t, 'cashier', {
        memberId: m.memberNo,
        amount: 1500.01,
        direction: 'debit',
      });
      expect([tooMuch.statusCode, tooMuch.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      const { requestId } = (
        await request(t, 'cashier', { memberId: m.memberNo, amount: 1200, direction: 'debit' })
      ).json<{ requestId: number }>();
      // Meanwhile the wallet shrinks below the request.
      const spent = await request(t, 'admin', {
        memberId: m.memberNo,
        amount: 500,
        direction: 'debit',
      });
      expect(spent.json()).toMatchObject({ status: 'posted', balance: 1000 });
      const before = await ledgerFingerprint(t.db);
      const admin = await t.operatorToken();
      const refused = await decide(t, admin, requestId, 'approve');
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      expect(await ledgerFingerprint(t.db)).toBe(before);
      const row = await t.db
        .selectFrom('adjustment_requests')
        .select(['status', 'transaction_id'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', transaction_id: null });
      // Once the money is there, it can be approved.
      await request(t, 'admin', { memberId: m.memberNo, amount: 200, direction: 'credit' });
      const ok = await decide(t, admin, requestId, 'approve');
      expect(ok.json()).toMatchObject({ balance: 0, request: { status: 'approved' } });
      expect(await balances(t.db, m.id)).toEqual({ cash: 0, hold: 0 });
    });
  });

  describe('racing approvers', () => {
    it('two approvers at once: one posts, the other is refused (20 requests)', async () => {
      const t = get();
      const m = await newMember(t);
      const [a, b] = [await t.freshOperatorSession('admin'), await t.freshOperatorSession('admin')];
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await request(t, 'cashier', {
          memberId: m.memberNo,
          amount: 1000 + i + 0.25,
          direction: 'credit',
        });
        ids.push(res.json<{ requestId: number }>().requestId);
      }
      const answers = await Promise.all(
        ids.flatMap((id) => [decide(t, a, id, 'approve'), decide(t, b, id, 'approve')]),
      );
      for (let i = 0; i < ids.length; i++) {
        const pair = [answers[2 * i]!, answers[2 * i + 1]!]
          .map((r) => `${r.statusCode} ${r.json<{ message: string }>().message}`)
          .sort();
        expect(pair, `request ${ids[i]}`).toEqual(['200 SUCCESS', '409 NO_DATA']);
      }
      const expected = ids.reduce((sum, _id, i) => sum + (1000 + i) * 100 + 25, 0);
      expect((await balances(t.db, m.id)).cash).toBe(expected);
      const postings = await t.db
        .selectFrom('ledger_transactions')
        .select('idempotency_key')
        .where(
          'idempotency_key',
          'in',
          ids.map((id) => `adjustment-request:${id}`),
        )
        .execute();
      expect(postings).toHaveLength(ids.length);
    });

    it('an approval racing a rejection: exactly one decides', async () => {
      const t = get();
      const m = await newMember(t);
      const support = await t.freshOperatorSession('admin');
      const admin = await t.operatorToken();
      let approvedTotal = 0;
      for (let i = 0; i < 10; i++) {
        const { requestId } = (
          await request(t, 'cashier', { memberId: m.memberNo, amount: 2000, direction: 'credit' })
        ).json<{ requestId: number }>();
        const [approve, reject] = await Promise.all([
          decide(t, admin, requestId, 'approve'),
          decide(t, support, requestId, 'reject', { reason: 'race' }),
        ]);
        const codes = [approve.statusCode, reject.statusCode].sort();
        expect(codes).toEqual([200, 409]);
        if (approve.statusCode === 200) approvedTotal += 200_000;
      }
      expect((await balances(t.db, m.id)).cash).toBe(approvedTotal);
    });
  });
});
