// Provider transfers being confirmed, for the operator console (issue 13, decision 0090), on
// SQLite and PostgreSQL: the open and recently settled lists, and "ask the provider again"
// through the reconcile kernel (idempotent, never moves money twice). Every test ends with
// the ledger check.
import type { OperatorTransfer } from '@wallet/contract';
import { afterEach, expect, it } from 'vitest';
import { activate, moneyOf, newMember, transfer, transferRow } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect, reconcilePass } from '../../../test/helpers';
import { ledgerCheck } from '../ledger';
import { gameTransfersFlow } from './index';

const reconcileGames = (t: TestApp) => reconcilePass(gameTransfersFlow(t.app.deps), t.app.deps);

interface Page {
  rows: OperatorTransfer[];
  total: number;
  page: number;
}

forEachDialect('games: provider transfers for the operator', (get) => {
  afterEach(async () => {
    const t = get();
    t.games.fail = {};
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  const list = async (t: TestApp, query: string, token?: string) =>
    t.call('GET', `/api/operator/transfers?${query}`, {
      token: token ?? (await t.operatorTokenAs('cashier')),
    });
  const ask = async (t: TestApp, ref: string, token?: string) =>
    t.call('POST', `/api/operator/transfers/${ref}/ask`, {
      token: token ?? (await t.operatorTokenAs('cashier')),
    });

  /** A wallet -> PG transfer the provider did not answer: PENDING, held open by the kernel. */
  async function openTransfer(t: TestApp, amount = 20) {
    const m = await newMember(t, 100);
    const pg = await activate(t, m, 'PG');
    t.games.fail.transfer = 'unknown';
    const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount });
    const { reference, status } = res.json<{ reference: string; status: string }>();
    expect(status).toBe('PENDING');
    delete t.games.fail.transfer;
    return { m, pg, ref: reference };
  }

  it('lists open transfers with the reconciler state; ask again makes one due now, once settled it is in the settled list', async () => {
    const t = get();
    const { m, pg, ref } = await openTransfer(t);
    // The request hands it to the reconciler due at once; its first pass meets no answer
    // either, so it waits for its backoff.
    t.games.fail.transfer = 'unknown';
    expect(await reconcileGames(t)).toMatchObject({ claimed: 1, retry: 1 });
    delete t.games.fail.transfer;
    const open = (await list(t, `member=${m.memberNo}`)).json<Page>();
    expect(open).toMatchObject({ total: 1, page: 1 });
    expect(open.rows[0]).toEqual({
      ref,
      member: { memberNo: m.memberNo, name: 'Test Member', phone: m.phone },
      provider: 'PG',
      direction: 'in',
      amount: 20,
      status: 'PENDING',
      createdAt: expect.any(String),
      attempts: 2,
      nextAttemptAt: expect.any(String),
      lastError: expect.stringContaining('ProviderUnknownOutcome'),
      settledAt: null,
    });
    // Not due yet: a pass leaves it alone.
    expect((await reconcileGames(t)).claimed).toBe(0);
    const asked = await ask(t, ref);
    expect(asked.statusCode).toBe(200);
    const answer = asked.json<{ message: string; transfer: OperatorTransfer }>();
    expect(answer.message).toBe('SUCCESS');
    expect(Date.parse(answer.transfer.nextAttemptAt!)).toBeLessThanOrEqual(t.clock.now().getTime());
    // Idempotent: asking again answers the same and changes nothing more.
    const twice = await ask(t, ref);
    expect(twice.statusCode).toBe(200);
    expect(twice.json<{ transfer: OperatorTransfer }>().transfer.attempts).toBe(2);
    // The next pass asks the provider by our reference (NOT_FOUND: re-sent once) and posts.
    expect(await reconcileGames(t)).toMatchObject({ claimed: 1, posted: 1, resent: 1 });
    expect(t.games.account('PG', pg)!.balance).toBe(2_000);
    expect(await moneyOf(t, m)).toEqual({ cash: 8_000, hold: 0 });
    expect(await transferRow(t, ref)).toMatchObject({ status: 'POSTED', attempts: 3 });
    expect((await list(t, `member=${m.memberNo}`)).json<Page>().total).toBe(0);
    const settled = (await list(t, `state=settled&member=${m.phone}`)).json<Page>();
    expect(settled.rows.map((r) => [r.ref, r.status, r.nextAttemptAt])).toEqual([
      [ref, 'POSTED', null],
    ]);
    expect(settled.rows[0]!.settledAt).toEqual(expect.any(String));
    // Settled: nothing left to ask (409), and no money moves.
    const late = await ask(t, ref);
    expect([late.statusCode, late.json()]).toEqual([409, { message: 'NO_DATA' }]);
    expect(await reconcileGames(t)).toMatchObject({ claimed: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `transfer:${ref}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.outcome, a.operator_username])).toEqual([
      ['POST /api/operator/transfers/:ref/ask', 'ok', 'cashier'],
      ['POST /api/operator/transfers/:ref/ask', 'ok', 'cashier'],
    ]);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ status: 'PENDING' });
  });

  it('an applied transfer whose answer was lost is posted without sending it again', async () => {
    const t = get();
    const m = await newMember(t, 100);
    const pg = await activate(t, m, 'PG');
    t.games.fail.transfer = 'appliedAnswerLost';
    const { reference } = (await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 30 })).json<{
      reference: string;
    }>();
    delete t.games.fail.transfer;
    const sent = t.games.calls.transfer;
    expect((await ask(t, reference)).statusCode).toBe(200);
    expect((await ask(t, reference)).statusCode).toBe(200);
    const reports = await Promise.all([reconcileGames(t), reconcileGames(t)]);
    expect(reports.reduce((n, r) => n + r.posted, 0)).toBe(1);
    expect(t.games.calls.transfer).toBe(sent);
    expect(t.games.account('PG', pg)!.balance).toBe(3_000);
    expect(await moneyOf(t, m)).toEqual({ cash: 7_000, hold: 0 });
  });

  it('filters by provider and pages; unknown references 404; bad filters 400', async () => {
    const t = get();
    const a = await openTransfer(t, 10);
    const b = await openTransfer(t, 11);
    const open = (await list(t, 'provider=pg&pageSize=200')).json<Page>();
    const refs = open.rows.map((r) => r.ref);
    // Oldest first.
    expect(refs.indexOf(a.ref)).toBeLessThan(refs.indexOf(b.ref));
    expect((await list(t, 'provider=JOKER')).json<Page>().rows.map((r) => r.ref)).not.toContain(
      a.ref,
    );
    const first = (await list(t, 'pageSize=1')).json<Page>();
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBe(open.total);
    expect((await list(t, 'member=0000000000')).json<Page>()).toEqual({
      rows: [],
      total: 0,
      page: 1,
    });
    const unknown = await ask(t, 'GT-000000000000000000000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    for (const bad of ['state=stuck', 'page=0']) {
      const res = await list(t, bad);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    }
    // Settle both so later tests start clean.
    for (const x of [a, b]) await ask(t, x.ref);
    expect(await reconcileGames(t)).toMatchObject({ posted: 2 });
  });

  it('admin and cashier only', async () => {
    const t = get();
    for (const role of ['support', 'marketing'] as const) {
      const token = await t.operatorTokenAs(role);
      expect((await list(t, '', token)).statusCode).toBe(403);
      expect((await ask(t, 'GT-000000000000000000000000', token)).statusCode).toBe(403);
    }
    expect((await list(t, '', await t.operatorToken())).statusCode).toBe(200);
  });
});
