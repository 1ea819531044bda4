// reliability.md T9 for the endpoints of the withdrawals helper: adjustments, withdraw,
// withdrawAll, the operator's withdrawal list and decision, and the operator's bank change.
// Two members and the operator; every refusal is counted, and nothing moves.
import { expect, it } from 'vitest';
import { forEachDialect, uniqueAccountNo } from '../helpers';
import { balances, ledgerFingerprint, newKey, newMember, withdraw } from './money-helpers';
import { ledgerCheck } from '../../src/modules/ledger';

forEachDialect('T9 withdrawals and adjustments', (get) => {
  it('refuses anonymous callers, members on operator routes and the operator on member routes', async () => {
    const t = get();
    const a = await newMember(t, 20_000);
    const b = await newMember(t, 1_000);
    const waiting = (await withdraw(t, a.token, 6000)).json<{ reference: string }>().reference;
    const operator = await t.operatorToken();
    const routes = [
      {
        access: 'operator',
        method: 'POST',
        url: '/api/operator/adjustments',
        body: { memberId: b.memberNo, amount: 5000, direction: 'credit', reason: 'self' },
      },
      { access: 'operator', method: 'GET', url: '/api/operator/withdrawals' },
      {
        access: 'operator',
        method: 'POST',
        url: `/api/operator/withdrawals/${waiting}`,
        body: { decision: 'approve' },
      },
      {
        access: 'operator',
        method: 'PUT',
        url: `/api/operator/members/${a.memberNo}/bank`,
        body: {
          bankCode: 'KBANK',
          bankAccountName: 'THIEF',
          bankAccountNo: uniqueAccountNo(),
          reason: 'x',
        },
      },
      { access: 'member', method: 'POST', url: '/api/wallet/withdraw', body: { amount: 100 } },
      { access: 'member', method: 'POST', url: '/api/wallet/withdrawAll', body: { amount: 100 } },
    ] as const;
    const callers = { anonymous: undefined, memberA: a.token, memberB: b.token, operator };
    const before = await ledgerFingerprint(t.db);
    let refused = 0;
    let expected = 0;
    for (const r of routes) {
      for (const [caller, token] of Object.entries(callers)) {
        const allowed =
          r.access === 'operator' ? caller === 'operator' : caller.startsWith('member');
        if (allowed) continue;
        expected++;
        const res = await t.call(r.method, r.url, {
          ...(token ? { token } : {}),
          headers: { 'idempotency-key': newKey() },
          ...('body' in r ? { body: r.body } : {}),
        });
        const status = caller === 'anonymous' ? 401 : 403;
        expect([res.statusCode, res.json(), caller, r.url]).toEqual([
          status,
          { message: 'UNAUTHORIZED' },
          caller,
          r.url,
        ]);
        refused++;
      }
    }
    console.log(`T9 [${t.dialect}] withdrawals/adjustments: refused ${refused}/${expected}`);
    expect(refused).toBe(expected);
    expect(expected).toBe(4 * 3 + 2 * 2);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    const row = await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('ref', '=', waiting)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('WAITING');
  });

  it('keeps each member to their own wallet, withdrawals and statement', async () => {
    const t = get();
    const a = await newMember(t, 20_000);
    const b = await newMember(t, 1_000);
    const refA = (await withdraw(t, a.token, 6000)).json<{ reference: string }>().reference;
    const before = await ledgerFingerprint(t.db);
    // Naming another member (or a role, or a balance) in the body is refused outright.
    for (const extra of [
      { memberId: a.memberNo },
      { _id: a.memberNo },
      { balance: 1_000_000 },
      { role: 'operator' },
      { from: 'WALLET' },
      { bankAccountNo: uniqueAccountNo() },
    ]) {
      const res = await t.call('POST', '/api/wallet/withdrawAll', {
        token: b.token,
        headers: { 'idempotency-key': newKey() },
        body: { amount: 100, ...extra },
      });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    // B cannot decide A's withdrawal, nor list anyone's.
    const decide = await t.call('POST', `/api/operator/withdrawals/${refA}`, {
      token: b.token,
      body: { decision: 'reject' },
    });
    expect([decide.statusCode, decide.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect(await ledgerFingerprint(t.db)).toBe(before);
    // B's own withdrawal moves B's money only.
    const own = await withdraw(t, b.token, 100);
    expect(own.json()).toMatchObject({ status: 'PAID' });
    expect(await balances(t.db, a.id)).toEqual({ cash: 1_400_000, hold: 600_000 });
    expect(await balances(t.db, b.id)).toEqual({ cash: 90_000, hold: 0 });
    // Statements: each sees only their own rows; B's never names A's reference.
    const statement = async (token: string) =>
      (await t.call('POST', '/api/statement', { token, body: { page: 1, limit: 50 } })).body;
    const [sa, sb] = [await statement(a.token), await statement(b.token)];
    expect(sa).toContain(refA);
    expect(sb).not.toContain(refA);
    // The operator's list carries no bank details.
    const list = await t.call('GET', '/api/operator/withdrawals', {
      token: await t.operatorToken(),
    });
    const item = list.json<Record<string, unknown>[]>().find((w) => w._id === refA);
    expect(Object.keys(item ?? {}).sort()).toEqual([
      '_id',
      'amount',
      'createdAt',
      'memberId',
      'status',
    ]);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });
});
