// The wallet read model's answers: GET /api/wallet and GET /api/wallet/refresh/slot (spec
// section 3); the cache's freshness is in wallet.cache.int.test.ts.
import { providerCodes } from '@wallet/contract';
import type { Slot, Wallet } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { activate, newMember } from '../../../test/game-support';
import { forEachDialect } from '../../../test/helpers';
import { getSetting, setSetting } from '../settings';

forEachDialect('wallet: the member’s wallet and game balances', (get) => {
  const wallet = async (token: string) => {
    const res = await get().call('GET', '/api/wallet', { token });
    expect(res.statusCode).toBe(200);
    return res.json<Wallet>();
  };
  const slot = (w: Wallet, code: string) => w.slots.find((s) => s.code === code)!;

  describe('GET /api/wallet', () => {
    it('answers profile, bank account, the ledger balance, invite figures and all sixteen slots', async () => {
      const t = get();
      const m = await newMember(t);
      let w = await wallet(m.token);
      expect(w.profile).toEqual({
        _id: m.memberNo,
        name: 'Test Member',
        username: m.phone,
        coin: 0,
      });
      expect(w.bankAccount).toMatchObject({ bankCode: 'SCB', bankAccountName: 'TEST MEMBER' });
      expect(w.bankAccount.bank).toEqual({
        nameTH: 'ธนาคารไทยพาณิชย์',
        nameLA: 'ທະນາຄານໄທພານິດ',
        nameEN: 'Siam Commercial Bank',
      });
      expect(w.wallet).toEqual({ amount: 0, currency: 'BAHT' });
      expect(w.invite).toEqual({ amount: 0, success: 100, fail: 0 });
      expect(w.slots.map((s) => s.code)).toEqual([...providerCodes]);
      expect(w.slots.every((s) => !s.isActive && s.amount === 0)).toBe(true);
      expect(slot(w, 'PG')).toEqual<Slot>({
        code: 'PG',
        name: 'PG Soft',
        category: 'slot',
        isActive: false,
        amount: 0,
        logo: '/static/providers/pg-logo.png',
        background: '/static/providers/pg-bg.jpg',
        ftWalletSlot: 1,
        web: `${t.config.games.publicUrl}/provider?code=PG`,
        android: `${t.config.games.publicUrl}/provider?code=PG#android`,
        ios: `${t.config.games.publicUrl}/provider?code=PG#ios`,
      });
      expect(slot(w, 'UFABET').category).toBe('sport');
      expect(slot(w, 'HUAYHD').category).toBe('lotto');
      expect(slot(w, 'SLOTXO').ftWalletSlot).toBe(2);
      expect(slot(w, 'AREASLOT').ftWalletSlot).toBe(0.5);
      expect(slot(w, 'IMI')).toMatchObject({ android: null, ios: null });
      expect(w.slots.filter((s) => s.android === null).length).toBeGreaterThan(0);

      await t.fund(m.memberNo, 512.34);
      await setSetting(t.db, t.clock, 'invite', {
        ...(await getSetting(t.db, 'invite')),
        successPercent: 200,
        failPercent: 30,
      });
      w = await wallet(m.token);
      expect(w.wallet.amount).toBe(512.34);
      expect(w.invite).toEqual({ amount: 0, success: 200, fail: 30 });
      await setSetting(t.db, t.clock, 'invite', {
        ...(await getSetting(t.db, 'invite')),
        successPercent: 100,
        failPercent: 0,
      });
    });

    it('needs a member token', async () => {
      const t = get();
      for (const url of ['/api/wallet', '/api/wallet/refresh/slot', '/api/wallet/account/PG']) {
        const res = await t.call('GET', url);
        expect([res.statusCode, res.json()], url).toEqual([401, { message: 'UNAUTHORIZED' }]);
      }
    });
  });

  describe('GET /api/wallet/refresh/slot', () => {
    it('takes each active balance from its provider; a failing provider keeps its last balance', async () => {
      const t = get();
      const m = await newMember(t);
      const pg = await activate(t, m, 'PG');
      const joker = await activate(t, m, 'JOKER');
      // Balances change at the provider (rounds won, in satang).
      t.games.play('PG', pg, 12_345);
      t.games.play('JOKER', joker, 700);
      let w = (await t.call('GET', '/api/wallet/refresh/slot', { token: m.token })).json<Wallet>();
      expect(slot(w, 'PG').amount).toBe(123.45);
      expect(slot(w, 'JOKER').amount).toBe(7);
      expect(slot(w, 'SLOTXO')).toMatchObject({ isActive: false, amount: 0 });

      t.games.down.add('JOKER');
      t.games.play('JOKER', joker, 300);
      t.games.play('PG', pg, -345);
      w = (await t.call('GET', '/api/wallet/refresh/slot', { token: m.token })).json<Wallet>();
      expect(slot(w, 'PG').amount).toBe(120);
      expect(slot(w, 'JOKER').amount).toBe(7);
      t.games.down.delete('JOKER');
      // GET /api/wallet reads the stored figures without calling providers.
      const calls = t.games.calls.balance;
      expect(slot(await wallet(m.token), 'PG').amount).toBe(120);
      expect(t.games.calls.balance).toBe(calls);
    });
  });
});
