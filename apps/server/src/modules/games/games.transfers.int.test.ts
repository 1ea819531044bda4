import type { Wallet } from '@wallet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Member } from '../../../test/game-support';
import {
  activate,
  moneyOf,
  newKey,
  newMember,
  providerAccount,
  statementOf,
  transfer,
  transferAll,
  transferRow,
} from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { countDatabaseTraffic } from '../../../test/db-traffic';
import { forEachDialect, reconcilePass } from '../../../test/helpers';
import { commitBatcherOf } from '../../db/database';
import { startReconcilers } from '../../reconcile';
import { ledgerCheck } from '../ledger';
import { countPendingTransfers, gameTransfersFlow } from './index';
import { settleTransfer } from './games.transfers';

type Answer = { message: string; status?: string; reference?: string };

/** One pass of the game-transfer flow with these deps. */
const reconcileGames = (deps: TestApp['app']['deps']) =>
  reconcilePass(gameTransfersFlow(deps), deps);

forEachDialect('games: provider transfers', (get) => {
  afterEach(async () => {
    const t = get();
    t.games.fail = {};
    t.games.failByCode = {};
    t.games.down.clear();
    t.games.latencyMs = 0;
    // Every money test ends with the ledger check.
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  /** A member with `fund` baht and accounts at PG and JOKER. */
  async function player(t: TestApp, fund = 1000) {
    const m = await newMember(t, fund);
    return { m, pg: await activate(t, m, 'PG'), joker: await activate(t, m, 'JOKER') };
  }

  const gameAmount = async (t: TestApp, m: Member, code: string) =>
    (await t.call('GET', '/api/wallet', { token: m.token }))
      .json<Wallet>()
      .slots.find((s) => s.code === code)!.amount;

  describe('wallet -> game, game -> wallet, game -> game', () => {
    it('holds, posts and records each direction once', async () => {
      const t = get();
      const { m, pg, joker } = await player(t);
      const pgBefore = await providerAccount(t, 'PG');

      const inRes = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 250.5 });
      expect(inRes.statusCode).toBe(200);
      const inAnswer = inRes.json<Answer>();
      expect(inAnswer).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      expect(inAnswer.reference).toMatch(/^GT-[0-9a-f]{24}$/);
      expect(await moneyOf(t, m)).toEqual({ cash: 74_950, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(25_050);
      expect((await providerAccount(t, 'PG')) - pgBefore).toBe(25_050);
      expect(await gameAmount(t, m, 'PG')).toBe(250.5);
      expect(await transferRow(t, inAnswer.reference!)).toMatchObject({
        status: 'POSTED',
        direction: 'in',
        amount: 25_050,
        attempts: 1,
      });

      const outRes = await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 50 });
      expect(outRes.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      expect(await moneyOf(t, m)).toEqual({ cash: 79_950, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(20_050);
      expect(await gameAmount(t, m, 'PG')).toBe(200.5);

      const g2g = await transfer(t, m, { from: 'PG', to: 'JOKER', amount: 100 });
      expect(g2g.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      expect(await moneyOf(t, m)).toEqual({ cash: 79_950, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(10_050);
      expect(t.games.account('JOKER', joker)!.balance).toBe(10_000);
      expect((await providerAccount(t, 'PG')) - pgBefore).toBe(10_050);

      const rows = (await statementOf(t, m)).filter((s) => s.statementType === 'transfer');
      expect(rows.map((r) => [r.from, r.to, r.amount, r.status])).toEqual([
        ['WALLET', 'JOKER', 100, 'SUCCESS'],
        ['PG', 'WALLET', 100, 'SUCCESS'],
        ['PG', 'WALLET', 50, 'SUCCESS'],
        ['WALLET', 'PG', 250.5, 'SUCCESS'],
      ]);
    });

    // Decision 0111: what a wallet -> game transfer costs the database, pinned so that a
    // change that adds a round trip or a commit shows here. PostgreSQL: statements and
    // socket writes (BEGIN and the deferred writes leave with the next awaited statement);
    // SQLite: SQLite transactions (claim, hold, settlement, stored answer: one each when
    // nothing else runs). The least of three transfers (a settings re-read may add one).
    // Issue 28 (decision 0139) added one statement: the protection glance (block and limits).
    it('costs 16 statements in 11 socket writes (PostgreSQL), at most 4 commits (SQLite)', async () => {
      const t = get();
      const { m } = await player(t, 100);
      const batcher = commitBatcherOf(t.db);
      const commits: number[] = [];
      const statements: number[] = [];
      const writes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const batches = batcher?.batches ?? 0;
        const traffic = countDatabaseTraffic();
        try {
          const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1 });
          expect(res.json<Answer>().status).toBe('SUCCESS');
        } finally {
          traffic.stop();
        }
        commits.push((batcher?.batches ?? 0) - batches);
        statements.push(traffic.statements);
        writes.push(traffic.writes);
      }
      if (batcher) expect(Math.min(...commits)).toBeLessThanOrEqual(4);
      else expect([Math.min(...statements), Math.min(...writes)]).toEqual([16, 11]);
    });

    it('moves the whole wallet with transferAll', async () => {
      const t = get();
      const { m, joker } = await player(t, 321.09);
      const res = await transferAll(t, m, 'JOKER');
      expect(res.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      expect(await moneyOf(t, m)).toEqual({ cash: 0, hold: 0 });
      expect(t.games.account('JOKER', joker)!.balance).toBe(32_109);
      const again = await transferAll(t, m, 'JOKER');
      expect([again.statusCode, again.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    });
  });

  describe('refusals', () => {
    it('checks source, destination and amount before any money moves', async () => {
      const t = get();
      const { m } = await player(t, 10);
      const sendsBefore = t.games.calls.transfer;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ from: 'WALLET', to: 'WALLET', amount: 5 }, 400, 'KEY_INVALID'],
        [{ from: 'PG', to: 'PG', amount: 5 }, 400, 'KEY_INVALID'],
        [{ from: 'NONE', to: 'PG', amount: 5 }, 400, 'KEY_INVALID'],
        [{ from: 'WALLET', to: 'NONE', amount: 5 }, 400, 'KEY_INVALID'],
        [{ from: 'WALLET', to: 'NOPE', amount: 5 }, 404, 'NO_GAME'],
        [{ from: 'WALLET', to: 'SLOTXO', amount: 5 }, 400, 'SLOT_NO_ACCOUNT'],
        [{ from: 'UFABET', to: 'WALLET', amount: 5 }, 400, 'SLOT_NO_ACCOUNT'],
        [{ from: 'WALLET', to: 'PG', amount: 0.99 }, 400, 'TRANSFER_MINIMUM'],
        [{ from: 'WALLET', to: 'PG', amount: 0 }, 400, 'TRANSFER_MINIMUM'],
        [{ from: 'WALLET', to: 'PG', amount: -20 }, 400, 'TRANSFER_MINIMUM'],
        [{ from: 'WALLET', to: 'PG', amount: 1.005 }, 400, 'KEY_INVALID'],
        [{ from: 'WALLET', to: 'PG', amount: 1e12 }, 400, 'KEY_INVALID'],
        [{ from: 'WALLET', to: 'PG', amount: 10.01 }, 400, 'MONEY_NOT_ENOUGH'],
        [{ from: 'WALLET', to: 'PG', amount: '5' }, 400, 'KEY_INVALID'],
        [{ from: 'WALLET', to: 'PG' }, 400, 'KEY_MISSING'],
        [{ from: 'WALLET', to: 'PG', amount: 5, balance: 1e6 }, 400, 'KEY_INVALID'],
      ];
      for (const [body, status, message] of cases) {
        const res = await transfer(t, m, body as never);
        expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([status, { message }]);
      }
      // A missing key is allowed (decision 0053); a malformed one is refused.
      const badKey = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 5 }, 'bad key!');
      expect([badKey.statusCode, badKey.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      for (const [to, status, message] of [
        ['WALLET', 400, 'KEY_INVALID'],
        ['NONE', 400, 'KEY_INVALID'],
        ['XYZ', 404, 'NO_GAME'],
        ['HUAYHD', 400, 'SLOT_NO_ACCOUNT'],
      ] as const) {
        const res = await transferAll(t, m, to);
        expect([res.statusCode, res.json()], to).toEqual([status, { message }]);
      }
      expect(await moneyOf(t, m)).toEqual({ cash: 1000, hold: 0 });
      expect(t.games.calls.transfer).toBe(sendsBefore);
      const rows = await t.db
        .selectFrom('game_transfers')
        .select('id')
        .where('member_id', '=', m.memberId)
        .execute();
      expect(rows).toEqual([]);
      expect((await statementOf(t, m)).filter((s) => s.statementType === 'transfer')).toEqual([]);
    });

    it('answers TRANSFER_MINIMUM for transferAll under 1 baht', async () => {
      const t = get();
      const { m } = await player(t, 0.5);
      const res = await transferAll(t, m, 'PG');
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'TRANSFER_MINIMUM' }]);
      expect(await moneyOf(t, m)).toEqual({ cash: 50, hold: 0 });
    });

    it('voids the hold when the provider says no: TRANSFER_FAIL with the money back', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      t.games.fail.transfer = 'reject';
      const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 40 });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
      expect(await moneyOf(t, m)).toEqual({ cash: 10_000, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(0);
      const [row] = (await statementOf(t, m)).filter((s) => s.statementType === 'transfer');
      expect(row).toMatchObject({ from: 'WALLET', to: 'PG', amount: 40, status: 'FAILED' });
      expect(await transferRow(t, row!._id)).toMatchObject({ status: 'VOIDED' });
    });

    it('maps an unknown user at AREASLOT / UFABET to NOT_AREASLOT / NOT_UFABET', async () => {
      const t = get();
      const m = await newMember(t, 100);
      await activate(t, m, 'AREASLOT');
      await activate(t, m, 'UFABET');
      await activate(t, m, 'PG');
      t.games.fail.transfer = 'userNotFound';
      for (const [to, message] of [
        ['AREASLOT', 'NOT_AREASLOT'],
        ['UFABET', 'NOT_UFABET'],
        ['PG', 'TRANSFER_FAIL'],
      ] as const) {
        const res = await transfer(t, m, { from: 'WALLET', to, amount: 10 });
        expect([res.statusCode, res.json()], to).toEqual([400, { message }]);
      }
      const out = await transfer(t, m, { from: 'AREASLOT', to: 'WALLET', amount: 10 });
      expect(out.json()).toEqual({ message: 'NOT_AREASLOT' });
      expect(await moneyOf(t, m)).toEqual({ cash: 10_000, hold: 0 });
    });

    it('answers MONEY_NOT_ENOUGH when the game balance is short, and moves nothing', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 30 });
      const res = await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 30.01 });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
      const g2g = await transfer(t, m, { from: 'PG', to: 'JOKER', amount: 31 });
      expect(g2g.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
      expect(await moneyOf(t, m)).toEqual({ cash: 7_000, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(3_000);
      const failed = (await statementOf(t, m)).filter((s) => s.status === 'FAILED');
      expect(failed.map((r) => [r.from, r.to])).toEqual([
        ['PG', 'WALLET'],
        ['PG', 'WALLET'],
      ]);
    });

    it('game -> game: a refused second leg leaves the money in the wallet', async () => {
      const t = get();
      const { m, pg, joker } = await player(t, 100);
      await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 60 });
      t.games.failByCode.JOKER = { transfer: 'reject' };
      const res = await transfer(t, m, { from: 'PG', to: 'JOKER', amount: 25 });
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'TRANSFER_FAIL' }]);
      expect(await moneyOf(t, m)).toEqual({ cash: 6_500, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(3_500);
      expect(t.games.account('JOKER', joker)!.balance).toBe(0);
    });
  });

  describe('unknown outcomes and the reconciler (invariant 6)', () => {
    it('keeps an unanswered wallet -> game transfer pending, then re-sends the same ref', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      t.games.fail.transfer = 'unknown';
      const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 20 });
      expect(res.statusCode).toBe(200);
      const { reference, status, message } = res.json<Answer>();
      expect([message, status]).toEqual(['SUCCESS', 'PENDING']);
      expect(await moneyOf(t, m)).toEqual({ cash: 8_000, hold: 2_000 });
      expect((await statementOf(t, m))[0]).toMatchObject({ _id: reference, status: 'PENDING' });
      expect(await transferRow(t, reference!)).toMatchObject({ status: 'PENDING' });
      expect((await transferRow(t, reference!)).last_error).toContain('ProviderUnknownOutcome');

      // Still no answer: never a refund; the hold stays, the row stays pending.
      for (let i = 0; i < 3; i++) {
        const report = await reconcileGames(t.app.deps);
        expect(report.posted + report.voided).toBe(0);
        t.clock.advance(10 * 60_000);
      }
      expect(await moneyOf(t, m)).toEqual({ cash: 8_000, hold: 2_000 });
      expect(t.games.account('PG', pg)!.balance).toBe(0);

      delete t.games.fail.transfer;
      const report = await reconcileGames(t.app.deps);
      expect(report).toMatchObject({ claimed: 1, posted: 1, resent: 1, voided: 0 });
      expect(await moneyOf(t, m)).toEqual({ cash: 8_000, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(2_000);
      expect(t.games.transferRecord('PG', reference!)?.status).toBe('APPLIED');
      expect((await statementOf(t, m))[0]).toMatchObject({ _id: reference, status: 'SUCCESS' });
      expect(await transferRow(t, reference!)).toMatchObject({ status: 'POSTED' });
      expect(await gameAmount(t, m, 'PG')).toBe(20);
      expect(await countPendingTransfers(t.app.deps)).toBe(0);
    });

    it('posts an applied transfer whose answer was lost, without sending it again', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      t.games.fail.transfer = 'appliedAnswerLost';
      const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 15 });
      expect(res.json()).toMatchObject({ status: 'PENDING' });
      const out = await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 5 });
      expect(out.json()).toMatchObject({ status: 'PENDING' });
      expect(t.games.account('PG', pg)!.balance).toBe(1_000);
      expect(await moneyOf(t, m)).toEqual({ cash: 8_500, hold: 1_500 });
      delete t.games.fail.transfer;
      const sends = t.games.calls.transfer;
      const report = await reconcileGames(t.app.deps);
      expect(report).toMatchObject({ claimed: 2, posted: 2, resent: 0 });
      expect(t.games.calls.transfer).toBe(sends);
      expect(await moneyOf(t, m)).toEqual({ cash: 9_000, hold: 0 });
    });

    it('voids a pending transfer the provider then refuses', async () => {
      const t = get();
      const { m } = await player(t, 100);
      t.games.fail.transfer = 'unknown';
      const res = await transfer(t, m, { from: 'WALLET', to: 'JOKER', amount: 70 });
      const { reference } = res.json<Answer>();
      t.games.fail.transfer = 'reject';
      const report = await reconcileGames(t.app.deps);
      expect(report).toMatchObject({ claimed: 1, voided: 1, resent: 1 });
      expect(await moneyOf(t, m)).toEqual({ cash: 10_000, hold: 0 });
      expect((await statementOf(t, m))[0]).toMatchObject({ _id: reference, status: 'FAILED' });
    });

    it('leaves a transfer to its caller until the lease ends (a crash before the call)', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      t.games.fail.transfer = 'unknown';
      const { reference } = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 })
      ).json<Answer>();
      delete t.games.fail.transfer;
      // As if the request still held it (or died holding it before calling the provider).
      const held = new Date(t.clock.now().getTime() + 60_000).toISOString();
      await t.db
        .updateTable('game_transfers')
        .set({ next_attempt_at: held })
        .where('ref', '=', reference!)
        .execute();
      expect((await reconcileGames(t.app.deps)).claimed).toBe(0);
      t.clock.advance(61_000);
      expect(await reconcileGames(t.app.deps)).toMatchObject({ claimed: 1, posted: 1, resent: 1 });
      expect(t.games.account('PG', pg)!.balance).toBe(1_000);
    });

    it('settles each transfer exactly once when two reconcilers race', async () => {
      const t = get();
      const other = await t.rebuild();
      const members = await Promise.all(Array.from({ length: 4 }, () => player(t, 200)));
      const modes = ['unknown', 'appliedAnswerLost'] as const;
      let n = 0;
      for (const { m } of members) {
        for (let i = 0; i < 5; i++) {
          t.games.fail.transfer = modes[n++ % 2];
          const res = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 + i });
          expect(res.json()).toMatchObject({ status: 'PENDING' });
        }
      }
      delete t.games.fail.transfer;
      t.games.latencyMs = 2;
      const reconcilerPosts = async () =>
        Number(
          (
            await t.db
              .selectFrom('ledger_transactions')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('event', '=', 'game_transfer_post')
              .where('actor', '=', 'system:reconciler')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const postsBefore = await reconcilerPosts();
      const [a, b] = await Promise.all([reconcileGames(t.app.deps), reconcileGames(other.deps)]);
      expect(a.claimed + b.claimed).toBe(20);
      expect(a.posted + b.posted + a.alreadySettled + b.alreadySettled).toBe(20);
      expect(a.posted + b.posted).toBe(20);
      expect(await countPendingTransfers(t.app.deps)).toBe(0);
      // Each ref applied once at the provider, posted once in the ledger.
      expect((await reconcilerPosts()) - postsBefore).toBe(20);
      for (const { m } of members) {
        expect(await moneyOf(t, m)).toEqual({ cash: 20_000 - 6_000, hold: 0 });
      }

      // Two settlers of one row at the same moment (a lease that ran out mid-call).
      const { m } = await player(t, 50);
      t.games.fail.transfer = 'appliedAnswerLost';
      const { reference } = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 5 })
      ).json<Answer>();
      const row = await transferRow(t, reference!);
      const both = await Promise.all([
        settleTransfer(t.app.deps, row.id, 'APPLIED', { actor: 'test:a' }),
        settleTransfer(other.deps, row.id, 'APPLIED', { actor: 'test:b' }),
      ]);
      expect(both.map((r) => r.settledNow).sort()).toEqual([false, true]);
      expect(await moneyOf(t, m)).toEqual({ cash: 4_500, hold: 0 });
    });

    it('runs by itself in the background until stopped (main.ts starts it)', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      t.games.fail.transfer = 'appliedAnswerLost';
      const { reference } = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 33 })
      ).json<Answer>();
      delete t.games.fail.transfer;
      const deps = t.app.deps;
      const fast = {
        ...deps,
        config: { ...deps.config, games: { ...deps.config.games, reconcileIntervalMs: 20 } },
      };
      const reconciler = startReconcilers([gameTransfersFlow(fast)], fast, t.app.log);
      const deadline = Date.now() + 5_000;
      while ((await transferRow(t, reference!)).status === 'PENDING' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      await reconciler.stop();
      expect(await transferRow(t, reference!)).toMatchObject({ status: 'POSTED' });
      expect(t.games.account('PG', pg)!.balance).toBe(3_300);
      expect(await moneyOf(t, m)).toEqual({ cash: 6_700, hold: 0 });
    });

    it('refuses to change a settled transfer or delete any (database guard)', async () => {
      const t = get();
      const { m } = await player(t, 100);
      const { reference } = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 })
      ).json<Answer>();
      await expect(
        t.db
          .updateTable('game_transfers')
          .set({ status: 'VOIDED' })
          .where('ref', '=', reference!)
          .execute(),
      ).rejects.toThrow(/settled transfer never changes/);
      await expect(
        t.db.deleteFrom('game_transfers').where('ref', '=', reference!).execute(),
      ).rejects.toThrow(/never deleted/);
      t.games.fail.transfer = 'unknown';
      const pending = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 10 })
      ).json<Answer>().reference!;
      await expect(
        t.db.updateTable('game_transfers').set({ amount: 1 }).where('ref', '=', pending).execute(),
      ).rejects.toThrow(/identity is fixed/);
      await expect(
        t.db
          .updateTable('game_transfers')
          .set({ status: 'POSTED', settled_at: new Date().toISOString() })
          .where('ref', '=', pending)
          .execute(),
      ).rejects.toThrow();
      delete t.games.fail.transfer;
      await reconcileGames(t.app.deps);
    });
  });

  describe('idempotency keys', () => {
    it('moves money once for a double click or a replay of the same key', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      const key = newKey();
      t.games.latencyMs = 3;
      const clicks = await Promise.all(
        Array.from({ length: 5 }, () =>
          transfer(t, m, { from: 'WALLET', to: 'PG', amount: 12.5 }, key),
        ),
      );
      const answers = clicks.map((r) => r.json<Answer>());
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 'SUCCESS' });
      const replay = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 12.5 }, key);
      expect(replay.json()).toEqual(answers[0]);
      expect(await moneyOf(t, m)).toEqual({ cash: 8_750, hold: 0 });
      expect(t.games.account('PG', pg)!.balance).toBe(1_250);
      expect(t.games.calls.transfer).toBeGreaterThanOrEqual(1);
      const other = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 13 }, key);
      expect([other.statusCode, other.json()]).toEqual([409, { message: 'KEY_INVALID' }]);

      // A refusal is replayed too, without asking the provider again.
      t.games.fail.transfer = 'reject';
      const failKey = newKey();
      const first = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1 }, failKey);
      const calls = t.games.calls.transfer;
      delete t.games.fail.transfer;
      const second = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1 }, failKey);
      expect([second.statusCode, second.json()]).toEqual([first.statusCode, first.json()]);
      expect(second.json()).toEqual({ message: 'TRANSFER_FAIL' });
      expect(t.games.calls.transfer).toBe(calls);
    });

    it('a re-run after a lost answer finds the first transfer instead of opening another', async () => {
      const t = get();
      const { m, pg } = await player(t, 100);
      const key = newKey();
      t.games.fail.transfer = 'appliedAnswerLost';
      // The whole wallet: the re-run's hold would fail, and must still answer the first run.
      const wtg = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 100 }, key)
      ).json<Answer>();
      expect(wtg.status).toBe('PENDING');
      // The stored answer is gone (as after a crash); the same key runs the handler again.
      await t.db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
      const sends = t.games.calls.transfer;
      const again = (
        await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 100 }, key)
      ).json<Answer>();
      expect(again).toEqual(wtg);
      expect(t.games.calls.transfer).toBe(sends);
      delete t.games.fail.transfer;
      await reconcileGames(t.app.deps);
      expect(t.games.account('PG', pg)!.balance).toBe(10_000);
      expect(await moneyOf(t, m)).toEqual({ cash: 0, hold: 0 });
    });
  });

  describe('T3-style race: 50 simultaneous full-wallet transferAll', () => {
    it('lets exactly one win per round and never goes negative', async () => {
      const t = get();
      const rounds = 4;
      t.games.latencyMs = 1;
      let winners = 0;
      let losers = 0;
      const started = Date.now();
      for (let round = 0; round < rounds; round++) {
        const { m, pg } = await player(t, 500);
        const results = await Promise.all(
          Array.from({ length: 50 }, () => transferAll(t, m, 'PG')),
        );
        const codes = results.map((r) => r.json<Answer>());
        const won = codes.filter((a) => a.status === 'SUCCESS');
        const lost = codes.filter((a) => a.message === 'MONEY_NOT_ENOUGH');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(49);
        expect(await moneyOf(t, m)).toEqual({ cash: 0, hold: 0 });
        expect(t.games.account('PG', pg)!.balance).toBe(50_000);
        winners += won.length;
        losers += lost.length;
      }
      console.log(
        `T3 transferAll race [${t.dialect}]: ${rounds} rounds x 50 calls, ${winners} winners, ${losers} MONEY_NOT_ENOUGH, 0 negative balances, ${Date.now() - started} ms`,
      );
    });
  });
});
