import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { withTransaction } from '../../db/transaction';
import { recordStatement, setStatementStatus } from './index';

forEachDialect('statement', (get) => {
  it("lists only the caller's rows, newest first, 10 per page, amounts in baht", async () => {
    const t = get();
    const alice = await t.registerMember({ username: '0899000001' });
    const bob = await t.registerMember({ username: '0899000002' });
    const ids = await t.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('username', 'in', ['0899000001', '0899000002'])
      .execute();
    const aliceId = ids.find((m) => m.username === '0899000001')!.id;
    const bobId = ids.find((m) => m.username === '0899000002')!.id;
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1_000);
      await withTransaction(t.db, (trx) =>
        recordStatement(trx, t.clock, {
          memberId: aliceId,
          reference: `A-${i}`,
          type: 'transfer',
          status: 'PENDING',
          from: 'WALLET',
          to: 'PG',
          amount: i * 100 + 5,
        }),
      );
    }
    await withTransaction(t.db, (trx) =>
      recordStatement(trx, t.clock, {
        memberId: bobId,
        reference: 'B-1',
        type: 'withdraw',
        status: 'SUCCESS',
        from: 'WALLET',
        to: 'KBANK',
        amount: 50_000,
        related: { bonus: { description: 'x' } },
      }),
    );
    expect(
      await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, 'A-12', 'SUCCESS')),
    ).toBe(true);
    expect(
      await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, 'NOPE', 'SUCCESS')),
    ).toBe(false);

    const first = await t.call('POST', '/api/statement', {
      token: alice,
      body: { page: 1, limit: 10 },
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{
      total: number;
      statements: { _id: string; amount: number; status: string }[];
    }>();
    expect(page1.total).toBe(12);
    expect(page1.statements).toHaveLength(10);
    expect(page1.statements[0]).toMatchObject({
      _id: 'A-12',
      amount: 12.05,
      status: 'SUCCESS',
      statementType: 'transfer',
      from: 'WALLET',
      to: 'PG',
    });
    const second = await t.call('POST', '/api/statement', {
      token: alice,
      body: { page: 2, limit: 10 },
    });
    expect(second.json<{ statements: { _id: string }[] }>().statements.map((s) => s._id)).toEqual([
      'A-2',
      'A-1',
    ]);
    const bobs = await t.call('POST', '/api/statement', {
      token: bob,
      body: { page: 1, limit: 10 },
    });
    expect(bobs.json()).toMatchObject({
      total: 1,
      statements: [{ _id: 'B-1', amount: 500, bonus: { description: 'x' } }],
    });
  });

  it('refuses bad paging and anonymous callers', async () => {
    const t = get();
    const token = await t.login('0812345678', 'demo1234');
    for (const body of [
      { page: 0, limit: 10 },
      { page: 1, limit: 1000 },
      { page: 1.5, limit: 10 },
      { page: 1, limit: 10, memberId: 1 },
    ]) {
      const res = await t.call('POST', '/api/statement', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.call('POST', '/api/statement', { body: { page: 1, limit: 10 } })).statusCode,
    ).toBe(401);
  });
});
