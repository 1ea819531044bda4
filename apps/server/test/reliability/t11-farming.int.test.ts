// reliability.md T11, the farming scripts (issue 25, decision 0112): the four attacks the
// outside review ran against the promotions, kept as they were played, each measuring the
// farmer's profit (what they took out minus what they put in). Every one must show 0 baht.
// Before the fix they showed: coupons +140 baht per 1,000 deposited with no bet; a bonus on a
// withdrawn deposit granted and its winnings withdrawn; invite rewards +5% of every deposit
// cycled in and out; and 400 baht of a member's own deposit forfeited without confirmation.
import { satangToBaht } from '@wallet/contract';
import { afterEach, expect, it } from 'vitest';
import { accounts, balanceOf, ledgerCheck } from '../../src/modules/ledger';
import { answer, createBonus, deposit, get, riggedWheel, setInviter } from '../bonus-support';
import { createQr, deliverWebhook } from '../deposit-support';
import type { QrAnswer } from '../deposit-support';
import { activate, newKey, newMember, transfer } from '../game-support';
import type { Member } from '../game-support';
import { forEachDialect } from '../helpers';
import type { TestApp } from '../helpers';
import { withdraw } from './money-helpers';

const wallet = (t: TestApp, m: Member) => balanceOf(t.db, accounts.memberCash(m.memberId).code);

/** A QR deposit of `baht`, paid at the bank and credited by the gateway's webhook. */
async function qrDeposit(t: TestApp, m: Member, baht: number) {
  const qr = (await createQr(t, m.token, 'KBANK', baht)).json<QrAnswer>();
  expect(qr.hasQrcode).toBe(true);
  expect((await deliverWebhook(t, t.qr.pay('KBANK', qr.qrcodeId!))).statusCode).toBe(200);
}

/** Withdraws as much as the server lets the member take (satang paid), trying more first. */
async function takeEverything(t: TestApp, m: Member): Promise<number> {
  let paid = 0;
  const all = await wallet(t, m);
  if (all >= 100) {
    const res = await withdraw(t, m.token, satangToBaht(all), newKey());
    if (res.statusCode === 200) return all;
  }
  const turnover = await get(t, m, '/api/bonus/turnover');
  const withdrawable = Math.round(turnover.json<{ withdrawable: number }>().withdrawable * 100);
  if (withdrawable >= 100) {
    const res = await withdraw(t, m.token, satangToBaht(withdrawable), newKey());
    expect(res.statusCode, res.body).toBe(200);
    paid += withdrawable;
  }
  return paid;
}

/** Bets `satang` at PG in rounds no larger than the game balance, each won back. */
function neutralBets(t: TestApp, username: string, satang: number) {
  for (let left = satang; left > 0;) {
    const round = Math.min(left, t.games.account('PG', username)!.balance);
    t.games.bet('PG', username, round, round, t.clock.now());
    left -= round;
  }
}

forEachDialect('T11 farming scripts', (get_) => {
  afterEach(async () => {
    expect((await ledgerCheck(get_().db)).violations).toEqual([]);
  });

  it('1. spin coins: deposit 1,000 by QR, spin the 10 coins, claim the coupons, withdraw: no profit without a bet', async () => {
    const t = get_();
    await riggedWheel(t, 'FARM14', 14);
    const m = await newMember(t);
    await qrDeposit(t, m, 1000);
    for (let i = 0; i < 10; i++) {
      const spun = await t.call('POST', '/api/spinwheel/spin', {
        token: m.token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(spun.statusCode).toBe(200);
    }
    const coupons = (await get(t, m, '/api/spinwheel/coupon')).json<{ _id: string }[]>();
    expect(coupons).toHaveLength(10);
    for (const c of coupons) {
      const res = await t.call('POST', '/api/spinwheel/coupon/claim', {
        token: m.token,
        body: { coupon: c._id },
      });
      expect(answer(res)).toEqual([200, { message: 'SUCCESS' }]);
    }
    expect(await wallet(t, m)).toBe(114_000);
    const taken = await takeEverything(t, m);
    console.log(`farm 1 [${t.dialect}]: deposited 1000, took out ${satangToBaht(taken)}`);
    expect(taken - 100_000).toBeLessThanOrEqual(0);
    // The prizes are promotion money under one coupon grant: 140 baht left, locked.
    const turnover = (await get(t, m, '/api/bonus/turnover')).json<{
      grants: { kind: string; locked: number; required: number }[];
    }>();
    expect(turnover.grants).toEqual([
      expect.objectContaining({ kind: 'coupon', locked: 140, required: 140 }),
    ]);
  });

  it('2. a bonus on a deposit already withdrawn is refused, and a bonus played without its turnover pays nothing above the deposit', async () => {
    const t = get_();
    const code = await createBonus(t, {
      credit: { kind: 'rate', percent: 50, cap: 500 },
      minDeposit: 100,
      turnoverMultiple: 5,
      percentFail: 10,
    });
    const m = await newMember(t);
    await qrDeposit(t, m, 1000);
    expect((await withdraw(t, m.token, 1000, newKey())).statusCode).toBe(200);
    expect(answer(await get(t, m, `/api/bonus/activate/${code}`))).toEqual([
      400,
      { message: 'BONUS_CONDITION' },
    ]);
    // The same member deposits again, takes the bonus and wins big with a small bet.
    await qrDeposit(t, m, 1000);
    expect((await get(t, m, `/api/bonus/activate/${code}`)).statusCode).toBe(200);
    const username = await activate(t, m, 'PG');
    await transfer(t, m, { from: 'WALLET', to: 'PG', amount: 1500 });
    t.games.bet('PG', username, 50_000, 350_000, t.clock.now()); // 500 bet, 3,500 won
    const back = t.games.account('PG', username)!.balance;
    await transfer(t, m, { from: 'PG', to: 'WALLET', amount: satangToBaht(back) });
    const taken = await takeEverything(t, m);
    const deposited = 200_000;
    const withdrawn = 100_000 + taken;
    console.log(
      `farm 2 [${t.dialect}]: deposited 2000, took out ${satangToBaht(withdrawn)} (the win stayed with the bonus)`,
    );
    expect(withdrawn - deposited).toBeLessThanOrEqual(0);
  });

  it('3. invite rewards from deposit cycling: the invitee deposits, moves 1 baht to a game, withdraws: the inviter earns nothing', async () => {
    const t = get_();
    const inviter = await newMember(t);
    const invitee = await newMember(t);
    await setInviter(t, invitee, inviter);
    await activate(t, invitee, 'PG');
    let cycled = 0;
    for (let i = 0; i < 5; i++) {
      await deposit(t, invitee, 1_000_000);
      expect((await transfer(t, invitee, { from: 'WALLET', to: 'PG', amount: 1 })).statusCode).toBe(
        200,
      );
      expect((await withdraw(t, invitee.token, 9999, newKey())).statusCode).toBe(200);
      cycled += 1_000_000;
    }
    const claim = await get(t, inviter, '/api/invite/bonus');
    expect(answer(claim)).toEqual([400, { message: 'NO_INVITEE_PLAY_INFO' }]);
    const earned = await wallet(t, inviter);
    console.log(
      `farm 3 [${t.dialect}]: ${satangToBaht(cycled)} cycled, inviter earned ${satangToBaht(earned)}`,
    );
    expect(earned).toBe(0);
  });

  it('4. a small grant never forfeits the member’s own deposit: invite grant of 50, deposit 500, withdraw 100, then the rest', async () => {
    const t = get_();
    const inviter = await newMember(t);
    const invitee = await newMember(t);
    await setInviter(t, invitee, inviter);
    // The invitee plays a 1,000-baht deposit through: the inviter's 50 baht are earned.
    await deposit(t, invitee, 100_000);
    const username = await activate(t, invitee, 'PG');
    await transfer(t, invitee, { from: 'WALLET', to: 'PG', amount: 100 });
    neutralBets(t, username, 100_000);
    expect(answer(await get(t, inviter, '/api/invite/bonus'))).toEqual([
      200,
      { message: 'INVITE_BONUS_SUCCESS' },
    ]);
    expect(await wallet(t, inviter)).toBe(5_000);
    // The inviter deposits 500 (an invite grant does not block deposits) and withdraws 100.
    await deposit(t, inviter, 50_000);
    expect((await withdraw(t, inviter.token, 100, newKey())).statusCode).toBe(200);
    expect(await wallet(t, inviter)).toBe(45_000); // nothing forfeited (before: 0 left)
    const rest = await takeEverything(t, inviter);
    const withdrawn = 10_000 + rest;
    console.log(
      `farm 4 [${t.dialect}]: deposited 500, withdrew ${satangToBaht(withdrawn)}, forfeited 0 of their own`,
    );
    expect(withdrawn).toBe(50_000);
    // The 50 baht stay locked as promotion money until played through.
    expect(await wallet(t, inviter)).toBe(5_000);
  });
});
