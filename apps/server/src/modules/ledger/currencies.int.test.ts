// Decision 0033: a LAK member's money moves on LAK accounts only. Every money path a member
// has (operator credit, game transfers both ways, withdrawal) must work for a LAK member and
// leave the baht side untouched; a mixed-currency transaction would be refused by the ledger.
import { afterEach, expect, it } from 'vitest';
import { activate, newKey, transfer } from '../../../test/game-support';
import type { TestApp } from '../../../test/helpers';
import { forEachDialect, uniquePhone } from '../../../test/helpers';
import { accounts, balanceOf, ledgerCheck } from './index';

async function lakMember(t: TestApp, fundBaht: number) {
  const phone = uniquePhone();
  const token = await t.registerMember({ username: phone, currency: 'LAK' });
  const memberNo = await t.memberNo(token);
  const { id } = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', memberNo)
    .executeTakeFirstOrThrow();
  await t.fund(memberNo, fundBaht);
  return { token, memberNo, memberId: id, phone };
}

/** The currency of an account's rows (a shared account's shard rows too: decision 0101). */
const currencyOf = async (t: TestApp, code: string) => {
  const rows = await t.db
    .selectFrom('ledger_accounts')
    .select('currency')
    .where((eb) => eb.or([eb('code', '=', code), eb('shard_of', '=', code)]))
    .execute();
  const currencies = new Set(rows.map((r) => r.currency));
  return currencies.size === 1 ? [...currencies][0] : undefined;
};

forEachDialect(
  'ledger: members in another currency (LAK)',
  (get) => {
    afterEach(async () => {
      expect((await ledgerCheck(get().db)).violations).toEqual([]);
    });

    it('credits, transfers both ways and withdraws on LAK accounts only', async () => {
      const t = get();
      const bahtBank = await balanceOf(t.db, accounts.worldBank().code);
      const bahtPg = await balanceOf(t.db, accounts.provider('PG').code);
      const m = await lakMember(t, 5000);
      const cash = accounts.memberCash(m.memberId, 'LAK').code;
      expect(await currencyOf(t, cash)).toBe('LAK');
      expect(await currencyOf(t, accounts.house('adjustments', 'LAK').code)).toBe('LAK');

      await activate(t, m, 'PG');
      const inRes = await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1200 });
      expect(inRes.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      const outRes = await transfer(t, m, { from: 'PG', to: 'WALLET', amount: 200 });
      expect(outRes.json()).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
      expect(await balanceOf(t.db, accounts.provider('PG', 'LAK').code)).toBe(100_000);
      expect(await currencyOf(t, accounts.memberHold(m.memberId, 'game', 'LAK').code)).toBe('LAK');

      const withdraw = await t.call('POST', '/api/wallet/withdrawAll', {
        token: m.token,
        headers: { 'idempotency-key': newKey() },
        body: { amount: 300 },
      });
      expect(withdraw.statusCode).toBe(200);
      expect(withdraw.json()).toMatchObject({ message: 'SUCCESS', status: 'PAID' });
      expect(await balanceOf(t.db, accounts.worldBank('LAK').code)).toBe(30_000);
      expect(await balanceOf(t.db, cash)).toBe(5000_00 - 1200_00 + 200_00 - 300_00);

      const wallet = await t.call('GET', '/api/wallet', { token: m.token });
      expect(wallet.json<{ wallet: { amount: number } }>().wallet.amount).toBe(3700);
      // The baht side never moved.
      expect(await balanceOf(t.db, accounts.worldBank().code)).toBe(bahtBank);
      expect(await balanceOf(t.db, accounts.provider('PG').code)).toBe(bahtPg);
    });

    it('keeps a baht member on the plain baht accounts', async () => {
      const t = get();
      const token = await t.registerMember({ username: uniquePhone() });
      const memberNo = await t.memberNo(token);
      await t.fund(memberNo, 10);
      const { id } = await t.db
        .selectFrom('members')
        .select('id')
        .where('member_no', '=', memberNo)
        .executeTakeFirstOrThrow();
      expect(await currencyOf(t, accounts.memberCash(id).code)).toBe('BAHT');
      expect(accounts.worldBank().code).toBe('world:bank');
      expect(accounts.worldBank('LAK').code).toBe('world:bank:LAK');
    });
  },
  { laoBuild: true },
);
