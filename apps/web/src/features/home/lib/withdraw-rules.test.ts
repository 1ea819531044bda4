import { describe, expect, it } from 'vitest';
import {
  checkWithdraw,
  forfeitAfter,
  withdrawAllAmount,
  withdrawTerms,
} from '@/features/home/lib/withdraw-rules';
import { grantFixture, turnoverFixture } from '@/test/turnover-fixture';

const bounds = { withdrawMin: 100, withdrawMax: 50000 };

describe('withdraw rules (spec section 5)', () => {
  it('gives the min and max messages with their bounds', () => {
    expect(checkWithdraw('99.99', bounds)).toEqual({ ok: false, problem: 'min', bound: 100 });
    expect(checkWithdraw('50000.01', bounds)).toEqual({ ok: false, problem: 'max', bound: 50000 });
    expect(checkWithdraw('100', bounds)).toEqual({ ok: true, body: { amount: 100 } });
    expect(checkWithdraw('50,000', bounds)).toEqual({ ok: true, body: { amount: 50000 } });
  });

  it('needs an amount written in baht', () => {
    expect(checkWithdraw('', bounds)).toEqual({ ok: false, problem: 'required' });
    expect(checkWithdraw('0', bounds)).toEqual({ ok: false, problem: 'required' });
    expect(checkWithdraw('12.345', bounds)).toEqual({
      ok: false,
      problem: 'amount',
      amount: { reason: 'format', max: 10_000_000 },
    });
    expect(checkWithdraw('1e3😀abc', bounds)).toMatchObject({ problem: 'amount' });
    // Above any amount: the withdrawal maximum is the bound to state; without it, the app's.
    expect(checkWithdraw('99,999,999', bounds)).toEqual({
      ok: false,
      problem: 'max',
      bound: 50000,
    });
    expect(checkWithdraw('99999999', null)).toEqual({
      ok: false,
      problem: 'amount',
      amount: { reason: 'tooLarge', max: 10_000_000 },
    });
  });

  it('leaves the bounds to the server when the lookup failed', () => {
    expect(checkWithdraw('5', null)).toEqual({ ok: true, body: { amount: 5 } });
  });

  it('keeps an amount within what is withdrawable while a grant is open (decision 0112)', () => {
    // A bonus: 1,000.10 in the wallet, 200 of it promotion money that goes back first.
    const bonus = withdrawTerms(
      turnoverFixture([grantFixture({ locked: 200, own: 800.1 })], 200, {
        withdrawable: 800.1,
        wallet: 1000.1,
      }),
    );
    expect(checkWithdraw('800.11', bounds, bonus)).toEqual({
      ok: false,
      problem: 'overBonus',
      bound: 800.1,
    });
    expect(checkWithdraw('800.10', bounds, bonus)).toEqual({ ok: true, body: { amount: 800.1 } });
    // An invite grant: the promotion money stays locked and the grant open.
    const invite = withdrawTerms(
      turnoverFixture([grantFixture({ kind: 'invite', endsOnWithdraw: false, locked: 50 })], 0, {
        withdrawable: 300,
        wallet: 350,
      }),
    );
    expect(checkWithdraw('300.01', bounds, invite)).toEqual({
      ok: false,
      problem: 'overLocked',
      bound: 300,
    });
    // The server's newer figure wins over the terms read before.
    expect(checkWithdraw('250', bounds, invite, 200)).toEqual({
      ok: false,
      problem: 'overLocked',
      bound: 200,
    });
    // No grant open: the server judges the wallet (MONEY_NOT_ENOUGH).
    const none = withdrawTerms(turnoverFixture([], 0, { withdrawable: 100, wallet: 100 }));
    expect(checkWithdraw('150', bounds, none)).toEqual({ ok: true, body: { amount: 150 } });
  });

  it('forfeits the own money left after the take-back and the payment, never below 0', () => {
    const terms = withdrawTerms(
      turnoverFixture([grantFixture({ locked: 200 })], 200, {
        withdrawable: 800.1,
        wallet: 1000.1,
      }),
    );
    expect(terms).toMatchObject({ kind: 'bonus', endsGrants: true, takeBack: 200, locked: 200 });
    expect(forfeitAfter(terms, 150)).toBe(650.1);
    expect(forfeitAfter(terms, 800.09)).toBe(0.01);
    expect(forfeitAfter(terms, 800.1)).toBe(0);
    expect(forfeitAfter(terms, 900)).toBe(0);
    // 0.1 + 0.2 style sums stay exact to the satang.
    const odd = withdrawTerms(
      turnoverFixture([grantFixture()], 0.1, { withdrawable: 0.2, wallet: 0.3 }),
    );
    expect(forfeitAfter(odd, 0.1)).toBe(0.1);
    // An invite, refund or coupon grant forfeits nothing of one's own.
    const coupon = withdrawTerms(
      turnoverFixture([grantFixture({ kind: 'coupon', endsOnWithdraw: false })], 0, {
        withdrawable: 500,
        wallet: 600,
      }),
    );
    expect(forfeitAfter(coupon, 100)).toBe(0);
  });

  it('fills "withdraw all my money" with what is withdrawable, within the maximum', () => {
    expect(withdrawAllAmount(800.1, bounds)).toBe(800.1);
    expect(withdrawAllAmount(60000, bounds)).toBe(50000);
    expect(withdrawAllAmount(60000, null)).toBe(60000);
  });
});
