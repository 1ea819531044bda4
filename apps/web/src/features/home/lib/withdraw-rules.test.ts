import { describe, expect, it } from 'vitest';
import { checkWithdraw } from '@/features/home/lib/withdraw-rules';

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
    expect(checkWithdraw('12.345', bounds)).toEqual({ ok: false, problem: 'amountFormat' });
  });

  it('leaves the bounds to the server when the lookup failed', () => {
    expect(checkWithdraw('5', null)).toEqual({ ok: true, body: { amount: 5 } });
  });
});
