// Money calls from a client written from the spec alone (section 7: the wallet-user header
// and a bearer token, no Idempotency-Key; decision 0053), on SQLite and PostgreSQL. Each of
// the seven member money calls is served; identical keyless requests racing post once; an
// identical request past the window, or one with another amount, posts again. Every test
// ends with the ledger check.
import { afterEach, describe, expect, it } from 'vitest';
import { createQr, depositKey } from '../deposit-support';
import { activate, moneyOf } from '../game-support';
import type { TestApp } from '../helpers';
import { forEachDialect, uniqueAccountNo } from '../helpers';
import { bankTransfer, slipImage, upload } from '../slip-support';
import { ledgerCheck } from '../../src/modules/ledger';
import { balances, newMember } from './money-helpers';

interface SpecMember {
  token: string;
  memberNo: string;
  memberId: number;
  bankAccountNo: string;
}

async function specMember(t: TestApp, fundBaht = 0): Promise<SpecMember> {
  const bankAccountNo = uniqueAccountNo();
  const member = await newMember(t, fundBaht, { bankCode: 'SCB', bankAccountNo });
  return { token: member.token, memberNo: member.memberNo, memberId: member.id, bankAccountNo };
}

/** A POST as the spec's client sends it: x-wallet-user and Authorization, nothing more. */
const specPost = (t: TestApp, token: string, url: string, body: unknown) =>
  t.call('POST', url, { token, body });

const withdrawalCount = async (t: TestApp, memberId: number) =>
  (await t.db.selectFrom('withdrawals').select('id').where('member_id', '=', memberId).execute())
    .length;

const gameMember = (m: SpecMember) => ({ ...m, phone: '' });

forEachDialect('T3 keyless money calls (spec client)', (get) => {
  afterEach(async () => {
    const t = get();
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  });

  describe('a client that sends only the spec’s headers', () => {
    it('is served on transfer, transferAll, withdraw, withdrawAll, add, QR create and slip upload', async () => {
      const t = get();
      const m = await specMember(t, 1000);
      await activate(t, gameMember(m), 'PG');
      const joker = await activate(t, gameMember(m), 'JOKER');

      const transfer = await specPost(t, m.token, '/api/wallet/transfer', {
        from: 'WALLET',
        to: 'PG',
        amount: 100,
      });
      expect([transfer.statusCode, transfer.json()]).toEqual([
        200,
        expect.objectContaining({ message: 'SUCCESS', status: 'SUCCESS' }),
      ]);

      const withdraw = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 150 });
      expect(withdraw.statusCode).toBe(200);
      const withdrawAll = await specPost(t, m.token, '/api/wallet/withdrawAll', { amount: 110 });
      expect(withdrawAll.statusCode).toBe(200);
      expect(await withdrawalCount(t, m.memberId)).toBe(2);

      const add = await specPost(t, m.token, '/api/wallet/add', { amount: 300 });
      expect([add.statusCode, add.json()]).toEqual([200, { message: 'SUCCESS' }]);

      const qr = await specPost(t, m.token, '/api/qrcode/KBANK', { amount: 100 });
      expect([qr.statusCode, qr.json<{ hasQrcode: boolean }>().hasQrcode]).toEqual([200, true]);

      const paid = bankTransfer(t, {
        from: { bankCode: 'SCB', accountNo: m.bankAccountNo },
        amount: 12_345,
      });
      const slip = await upload(t, m.token, slipImage(paid), null);
      expect([slip.statusCode, slip.json<{ message: string }>().message]).toEqual([200, 'SUCCESS']);

      const transferAll = await specPost(t, m.token, '/api/wallet/transferAll', { to: 'JOKER' });
      expect([transferAll.statusCode, transferAll.json()]).toEqual([
        200,
        expect.objectContaining({ message: 'SUCCESS', status: 'SUCCESS' }),
      ]);
      // 1000 - 100 (PG) - 150 - 110 (withdrawals) + 123.45 (slip), then all of it to JOKER.
      expect(t.games.account('JOKER', joker)?.balance).toBe(76_345);
      expect((await balances(t.db, m.memberId)).cash).toBe(0);
    });

    it('still has a malformed key refused, and operators still need one', async () => {
      const t = get();
      const m = await specMember(t, 10);
      const bad = await t.call('POST', '/api/wallet/withdraw', {
        token: m.token,
        headers: { 'idempotency-key': 'bad key!' },
        body: { amount: 1 },
      });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
      const operator = await t.call('POST', '/api/operator/adjustments', {
        token: await t.operatorToken(),
        body: { memberId: m.memberNo, amount: 1, direction: 'credit', reason: 'x' },
      });
      expect([operator.statusCode, operator.json()]).toEqual([400, { message: 'KEY_MISSING' }]);
      expect((await balances(t.db, m.memberId)).cash).toBe(1000);
    });
  });

  describe('double taps without a key', () => {
    it('posts once when identical keyless withdrawals race, and answers each the same', async () => {
      const t = get();
      const m = await specMember(t, 500);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          specPost(t, m.token, '/api/wallet/withdrawAll', { amount: 100 }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await withdrawalCount(t, m.memberId)).toBe(1);
      expect(await balances(t.db, m.memberId)).toEqual({ cash: 40_000, hold: 0 });
    });

    it('posts once when identical keyless transfers race', async () => {
      const t = get();
      const m = await specMember(t, 500);
      await activate(t, gameMember(m), 'PG');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          specPost(t, m.token, '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 75 }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await moneyOf(t, gameMember(m) as never)).toEqual({ cash: 42_500, hold: 0 });
      const rows = await t.db
        .selectFrom('game_transfers')
        .select('ref')
        .where('member_id', '=', m.memberId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('makes one QR for racing identical keyless creates', async () => {
      const t = get();
      const m = await specMember(t);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          specPost(t, m.token, '/api/qrcode/PAYTIMZ', { amount: 100 }),
        ),
      );
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const rows = await t.db
        .selectFrom('qr_deposits')
        .select('ref')
        .where('member_id', '=', m.memberId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers a repeat within the window with the first answer, without running again', async () => {
      const t = get();
      const m = await specMember(t, 500);
      const first = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 200 });
      t.clock.advance(t.config.idempotency.keylessWindowMs / 2);
      const again = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 200 });
      expect([again.statusCode, again.body]).toEqual([200, first.body]);
      expect(await withdrawalCount(t, m.memberId)).toBe(1);
      expect((await balances(t.db, m.memberId)).cash).toBe(30_000);
    });

    it('posts an identical keyless request again once the window has passed', async () => {
      const t = get();
      const m = await specMember(t, 500);
      await activate(t, gameMember(m), 'PG');
      const first = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 200 });
      expect(first.statusCode).toBe(200);
      const firstTransfer = await specPost(t, m.token, '/api/wallet/transfer', {
        from: 'WALLET',
        to: 'PG',
        amount: 30,
      });
      t.clock.advance(t.config.idempotency.keylessWindowMs + 1);
      const second = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 200 });
      expect(second.statusCode).toBe(200);
      expect(second.body).not.toBe(first.body);
      const secondTransfer = await specPost(t, m.token, '/api/wallet/transfer', {
        from: 'WALLET',
        to: 'PG',
        amount: 30,
      });
      expect(secondTransfer.json<{ reference: string }>().reference).not.toBe(
        firstTransfer.json<{ reference: string }>().reference,
      );
      expect(await withdrawalCount(t, m.memberId)).toBe(2);
      // 500 - 2 x 200 - 2 x 30
      expect((await balances(t.db, m.memberId)).cash).toBe(4_000);
    });

    it('races past the window post once more, not once per racer', async () => {
      const t = get();
      const m = await specMember(t, 500);
      await specPost(t, m.token, '/api/wallet/withdraw', { amount: 100 });
      t.clock.advance(t.config.idempotency.keylessWindowMs + 1);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          specPost(t, m.token, '/api/wallet/withdraw', { amount: 100 }),
        ),
      );
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await withdrawalCount(t, m.memberId)).toBe(2);
      expect((await balances(t.db, m.memberId)).cash).toBe(30_000);
    });

    it('posts a keyless request with another amount, or from another session', async () => {
      const t = get();
      const m = await specMember(t, 1000);
      await specPost(t, m.token, '/api/wallet/withdraw', { amount: 200 });
      const other = await specPost(t, m.token, '/api/wallet/withdraw', { amount: 210 });
      expect(other.statusCode).toBe(200);
      const phone = (
        await t.db
          .selectFrom('members')
          .select('username')
          .where('id', '=', m.memberId)
          .executeTakeFirstOrThrow()
      ).username;
      const secondDevice = await t.login(phone, 'password123');
      const sameBody = await specPost(t, secondDevice, '/api/wallet/withdraw', { amount: 200 });
      expect(sameBody.statusCode).toBe(200);
      expect(await withdrawalCount(t, m.memberId)).toBe(3);
      expect((await balances(t.db, m.memberId)).cash).toBe(100_000 - 20_000 - 21_000 - 20_000);
    });

    it('keeps a client key exactly-once for good, past the keyless window', async () => {
      const t = get();
      const m = await specMember(t);
      const key = depositKey();
      const a = await createQr(t, m.token, 'KBANK', 50, key);
      t.clock.advance(t.config.idempotency.keylessWindowMs * 10);
      const b = await createQr(t, m.token, 'KBANK', 50, key);
      expect(b.body).toBe(a.body);
    });
  });
});
