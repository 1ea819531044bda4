import { expect, it } from 'vitest';
import { forEachDialect } from '../../../test/helpers';
import { activate, moneyCall, newMember, transfer } from '../../../test/game-support';
import { withTransaction } from '../../db/transaction';
import { newGiftRef, newQrRef } from '../deposits';
import { newSlipRef } from '../slips';
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
    // Settled in the transaction (A-12 shows SUCCESS below); an unknown reference changes nothing.
    await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, 'A-12', 'SUCCESS'));
    await withTransaction(t.db, (trx) => setStatementStatus(trx, t.clock, 'NOPE', 'SUCCESS'));

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

  it("names each row's channel: QR, slip and gift deposits, deposit notices, game transfers, withdrawals, adjustments (issue 16)", async () => {
    const t = get();
    const m = await newMember(t, 1_000); // an operator adjustment (ADJ...)
    await activate(t, m, 'PG');
    expect((await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 })).statusCode).toBe(200);
    expect((await moneyCall(t, m, '/api/wallet/add', { amount: 20 })).statusCode).toBe(200);
    expect((await moneyCall(t, m, '/api/wallet/withdraw', { amount: 100 })).statusCode).toBe(200);
    // The three deposit kinds all come from a bank code or GIFT_LINK; their rows are
    // recorded with the references their modules make.
    const deposits: [string, string][] = [
      [newQrRef(), 'KBANK'],
      [newSlipRef(), 'KBANK'],
      [newGiftRef(), 'GIFT_LINK'],
    ];
    for (const [reference, from] of deposits) {
      t.clock.advance(1_000);
      await withTransaction(t.db, (trx) =>
        recordStatement(trx, t.clock, {
          memberId: m.memberId,
          reference,
          type: 'deposit',
          status: 'SUCCESS',
          from,
          to: 'WALLET',
          amount: 5_000,
        }),
      );
    }
    const res = await t.call('POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{
      statements: { _id: string; from: string; to: string; channel?: string }[];
    }>().statements;
    const byChannel = Object.fromEntries(
      rows.map((row) => [row.channel ?? 'none', `${row.from} -> ${row.to}`]),
    );
    expect(byChannel).toEqual({
      adjustment: 'OPERATOR -> WALLET',
      game: 'WALLET -> PG',
      deposit_notice: `${rows.find((r) => r.channel === 'deposit_notice')!.from} -> WALLET`,
      payout: `WALLET -> ${rows.find((r) => r.channel === 'payout')!.to}`,
      qr: 'KBANK -> WALLET',
      slip: 'KBANK -> WALLET',
      gift_link: 'GIFT_LINK -> WALLET',
    });
    expect(rows).toHaveLength(7);
    // A reference of no known prefix carries no channel (the spec's fields only).
    await withTransaction(t.db, (trx) =>
      recordStatement(trx, t.clock, {
        memberId: m.memberId,
        reference: 'X-1',
        type: 'bonus',
        status: 'SUCCESS',
        from: 'OPERATOR',
        to: 'WALLET',
        amount: 100,
      }),
    );
    const again = await t.call('POST', '/api/statement', {
      token: m.token,
      body: { page: 1, limit: 10 },
    });
    const bonus = again
      .json<{ statements: Record<string, unknown>[] }>()
      .statements.find((row) => row._id === 'X-1')!;
    expect('channel' in bonus).toBe(false);
  });
});
