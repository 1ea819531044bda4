// Decision 0101: house, provider and world accounts are shard rows. A member's postings use
// the member's shard (member id mod LEDGER_SHARDS), every reader sums the shards, changing
// LEDGER_SHARDS leaves old rows as they are, and the ledger check catches a bad shard.
// The app runs with LEDGER_SHARDS = 4 so the shards are predictable.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { newMember } from '../../../test/game-support';
import type { Member } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect } from '../../../test/helpers';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import {
  accounts,
  balanceOf,
  balancesOf,
  ledgerCheck,
  movementsByHour,
  post,
  reverse,
} from './index';

const HOUSE = accounts.house('adjustments').code;

/** The rows of an account: its code and its shard rows. */
const rowsOf = (db: Db, code: string) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'code', 'balance', 'shard_of', 'shard', 'shard_count'])
    .where((eb) => eb.or([eb('code', '=', code), eb('shard_of', '=', code)]))
    .orderBy('id')
    .execute();

const credit = (t: TestApp, memberId: number, amount: number) =>
  withTransaction(t.db, (trx) =>
    post(trx, t.clock, {
      event: 'adjustment',
      actor: 'operator:1',
      entries: [
        { debit: accounts.house('adjustments'), credit: accounts.memberCash(memberId), amount },
      ],
    }),
  );

/** The code of the house row a member's postings use with N shards. */
const houseRow = (memberId: number, n: number) =>
  memberId % n === 0 ? HOUSE : `${HOUSE}#${memberId % n}/${n}`;

/** Members until two have different non-zero shards of 4. */
async function twoShardedMembers(t: TestApp): Promise<[Member, Member]> {
  const found: Member[] = [];
  for (let i = 0; i < 12 && found.length < 2; i++) {
    const m = await newMember(t);
    if (m.memberId % 4 !== 0 && !found.some((f) => f.memberId % 4 === m.memberId % 4))
      found.push(m);
  }
  if (found.length < 2) throw new Error('no two members on different shards');
  return [found[0]!, found[1]!];
}

forEachDialect(
  'ledger shards',
  (get) => {
    let a: Member;
    let b: Member;

    it("posts on the member's shard, and every reader sums the shards", async () => {
      const t = get();
      [a, b] = await twoShardedMembers(t);
      const houseBefore = await balanceOf(t.db, HOUSE);
      const startIso = new Date(t.clock.now().getTime() - 1000).toISOString();
      const posted = await credit(t, a.memberId, 1_000);
      await credit(t, b.memberId, 2_000);
      await credit(t, a.memberId, 500);

      // The posting named the account; the row it locked is the member's shard.
      expect([...posted.balances.keys()]).toContain(houseRow(a.memberId, 4));
      const rows = await rowsOf(t.db, HOUSE);
      const byCode = new Map(rows.map((r) => [r.code, r]));
      expect(byCode.get(houseRow(a.memberId, 4))).toMatchObject({
        shard_of: HOUSE,
        shard: a.memberId % 4,
        shard_count: 4,
      });
      expect(Number(byCode.get(houseRow(b.memberId, 4))?.shard)).toBe(b.memberId % 4);

      // balanceOf / balancesOf: the account is the sum of its rows.
      const sum = rows.reduce((s, r) => s + Number(r.balance), 0);
      expect(await balanceOf(t.db, HOUSE)).toBe(sum);
      expect(await balanceOf(t.db, HOUSE)).toBe(houseBefore - 3_500);
      const both = await balancesOf(t.db, [HOUSE, accounts.memberCash(a.memberId).code]);
      expect(both.get(HOUSE)).toBe(sum);
      expect(both.get(accounts.memberCash(a.memberId).code)).toBe(1_500);

      // Reports: one line per account, never per shard.
      const moves = await movementsByHour(t.db, {
        fromIso: startIso,
        toIso: new Date(t.clock.now().getTime() + 1000).toISOString(),
        currency: 'BAHT',
      });
      const house = moves.filter((m) => m.debitCode === HOUSE && m.event === 'adjustment');
      expect(moves.some((m) => (m.debitCode ?? '').includes('#'))).toBe(false);
      expect(house.reduce((s, m) => s + m.amount, 0)).toBe(3_500);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('uses shard 0 for a posting without a member', async () => {
      const t = get();
      const posted = await withTransaction(t.db, (trx) =>
        post(trx, t.clock, {
          event: 'house_transfer',
          actor: 'operator:1',
          entries: [
            {
              debit: accounts.house('promotions'),
              credit: accounts.house('adjustments'),
              amount: 7,
            },
          ],
        }),
      );
      expect([...posted.balances.keys()].sort()).toEqual(
        [HOUSE, accounts.house('promotions').code].sort(),
      );
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
    });

    it('keeps old shard rows and a clean check when LEDGER_SHARDS changes; a reversal uses the rows it reverses', async () => {
      const t = get();
      const before = await rowsOf(t.db, HOUSE);
      const houseBefore = await balanceOf(t.db, HOUSE);
      const underFour = await credit(t, a.memberId, 300);

      await t.rebuild({ ledger: { shards: 8 } }); // buildApp sets the shard count of the process
      await credit(t, a.memberId, 40);
      const reversal = await withTransaction(t.db, (trx) =>
        reverse(
          trx,
          t.clock,
          {
            transactionId: underFour.transactionId,
            event: 'adjustment_reversal',
            actor: 'operator:1',
          },
          new Map(
            [accounts.house('adjustments'), accounts.memberCash(a.memberId)].map((s) => [
              s.code,
              s,
            ]),
          ),
        ),
      );
      expect([...reversal.balances.keys()]).toContain(houseRow(a.memberId, 4));

      const after = await rowsOf(t.db, HOUSE);
      // Every old row is still there with its balance (only the reversal touched one of them).
      for (const row of before)
        expect(after.some((r) => r.id === row.id && r.code === row.code)).toBe(true);
      if (a.memberId % 8 !== 0) expect(after.map((r) => r.code)).toContain(houseRow(a.memberId, 8));
      expect(await balanceOf(t.db, HOUSE)).toBe(houseBefore - 40);
      expect(await balanceOf(t.db, accounts.memberCash(a.memberId).code)).toBe(1_540);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);

      await t.rebuild({ ledger: { shards: 1 } }); // one row per account, as before issue 15
      await credit(t, b.memberId, 60);
      expect(await balanceOf(t.db, HOUSE)).toBe(houseBefore - 100);
      expect((await ledgerCheck(t.db)).violations).toEqual([]);
      await t.rebuild({ ledger: { shards: 4 } });
    });

    it('catches a tampered shard (last: the rows it writes stay)', async () => {
      const t = get();
      const { db, dialect } = t;
      const row = (await rowsOf(db, HOUSE)).find((r) => r.code === houseRow(a.memberId, 4))!;

      // A shard row's balance: PostgreSQL refuses; on SQLite the check catches it.
      const tamper = sql`update ledger_accounts set balance = balance + 1 where id = ${row.id}`;
      if (dialect === 'postgres') {
        await expect(tamper.execute(db)).rejects.toThrow(/only through entries/);
      } else {
        await tamper.execute(db);
        expect((await ledgerCheck(db)).violations.join('\n')).toMatch(
          new RegExp(`account ${row.code.replace(/[#/]/g, '.')}: balance .* entries sum to`),
        );
        await sql`update ledger_accounts set balance = balance - 1 where id = ${row.id}`.execute(
          db,
        );
      }
      // Shard identity is fixed like the rest of an account's identity.
      await expect(
        sql`update ledger_accounts set shard = shard + 1 where id = ${row.id}`.execute(db),
      ).rejects.toThrow(/identity is fixed/);
      expect((await ledgerCheck(db)).violations).toEqual([]);

      // A posting on a shard that is not its member's.
      const wrong = (b.memberId % 4) + 1 === 4 ? 1 : (b.memberId % 4) + 1;
      const wrongCode = `${HOUSE}#${wrong}/4`;
      const cash = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'balance'])
        .where('code', '=', accounts.memberCash(b.memberId).code)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ledger_accounts')
        .values({
          code: wrongCode,
          kind: 'house',
          member_id: null,
          currency: 'BAHT',
          allow_negative: dialect === 'postgres' ? true : 1,
          created_at: t.clock.now().toISOString(),
          shard_of: HOUSE,
          shard: wrong,
          shard_count: 4,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      const target = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'balance'])
        .where('code', '=', wrongCode)
        .executeTakeFirstOrThrow();
      const txn = await db
        .insertInto('ledger_transactions')
        .values({
          event: 'adjustment',
          actor: 'operator:1',
          created_at: t.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ledger_entries')
        .values({
          transaction_id: txn.id,
          debit_account_id: target.id,
          credit_account_id: cash.id,
          amount: 5,
          debit_balance_after: Number(target.balance) - 5,
          credit_balance_after: Number(cash.balance) + 5,
        })
        .execute();
      let report = await ledgerCheck(db);
      expect(report.ok).toBe(false);
      expect(report.violations.join('\n')).toMatch(
        new RegExp(`on ${wrongCode.replace(/[#/]/g, '.')}, not the shard of the member`),
      );

      // A shard row unlike its account (another kind), and one whose code lies about its shard.
      await db
        .insertInto('ledger_accounts')
        .values([
          {
            code: `${HOUSE}#3/16`,
            kind: 'world',
            member_id: null,
            currency: 'BAHT',
            allow_negative: dialect === 'postgres' ? true : 1,
            created_at: t.clock.now().toISOString(),
            shard_of: HOUSE,
            shard: 3,
            shard_count: 16,
          },
          {
            code: `${HOUSE}#5/16`,
            kind: 'house',
            member_id: null,
            currency: 'BAHT',
            allow_negative: dialect === 'postgres' ? true : 1,
            created_at: t.clock.now().toISOString(),
            shard_of: HOUSE,
            shard: 6,
            shard_count: 16,
          },
        ])
        .execute();
      report = await ledgerCheck(db);
      const text = report.violations.join('\n');
      expect(text).toMatch(/#3\/16: kind, currency or allow_negative differ/);
      expect(text).toMatch(/#5\/16: not shard 6\/16 of house:adjustments/);
    });
  },
  { ledger: { shards: 4 } },
);
