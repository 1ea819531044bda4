import { describe, expect, it } from 'vitest';
import { BankFaults, BankStore, DEFAULT_BANK_CAPACITY } from './bank.store.js';

function clock() {
  let ms = Date.UTC(2026, 10, 22, 4, 0, 0);
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

const payout = (ref: string, change: Record<string, unknown> = {}) => ({
  ref,
  bankCode: 'KBANK',
  accountNo: '1234567890',
  accountName: 'SOMCHAI JAIDEE',
  amount: 50_000,
  ...change,
});

describe('BankStore payouts', () => {
  it('pays once per ref; a resend answers the first payout; a changed body conflicts', () => {
    const time = clock();
    const bank = new BankStore({ now: time.now });
    const first = bank.pay(payout('w-1'));
    expect(first).toEqual({
      type: 'paid',
      payout: { ...payout('w-1'), status: 'PAID', paidAt: '2026-11-22T04:00:00.000Z' },
    });
    time.advance(5000);
    expect(bank.pay(payout('w-1'))).toEqual({ ...first, type: 'replayed' });
    for (const change of [
      { amount: 50_001 },
      { accountNo: '1234567891' },
      { accountName: 'X' },
      { bankCode: 'SCB' },
    ]) {
      expect(bank.pay(payout('w-1', change)).type).toBe('conflict');
    }
    expect(bank.payees(10)).toEqual([
      {
        bankCode: 'KBANK',
        accountNo: '1234567890',
        accountName: 'SOMCHAI JAIDEE',
        total: 50_000,
        count: 1,
        lastPaidAt: '2026-11-22T04:00:00.000Z',
      },
    ]);
  });

  it('adds payouts up per receiving account, most recent first', () => {
    const bank = new BankStore();
    bank.pay(payout('a', { amount: 100 }));
    bank.pay(payout('b', { accountNo: '9999999999', amount: 250 }));
    bank.pay(payout('c', { amount: 1, accountName: 'SOMCHAI J' }));
    expect(bank.payees(10).map((p) => [p.accountNo, p.total, p.count, p.accountName])).toEqual([
      ['1234567890', 101, 2, 'SOMCHAI J'],
      ['9999999999', 250, 1, 'SOMCHAI JAIDEE'],
    ]);
    expect(bank.listPayouts({ limit: 10 }).map((p) => p.ref)).toEqual(['c', 'b', 'a']);
    expect(bank.listPayouts({ limit: 10, accountNo: '9999999999' }).map((p) => p.ref)).toEqual([
      'b',
    ]);
    expect(bank.listPayouts({ limit: 2, bankCode: 'KBANK' }).map((p) => p.ref)).toEqual(['c', 'b']);
    expect(bank.listPayouts({ limit: 10, bankCode: 'SCB' })).toEqual([]);
  });

  it('is bounded: forgets old payouts only after the retention window, and old payees', () => {
    const time = clock();
    const bank = new BankStore({
      now: time.now,
      capacity: { payouts: 3, payoutRetentionMs: 60_000, payees: 2 },
    });
    bank.pay(payout('p1', { accountNo: '1000001' }));
    bank.pay(payout('p2', { accountNo: '1000002' }));
    bank.pay(payout('p3', { accountNo: '1000003' }));
    expect(bank.pay(payout('p4'))).toEqual({ type: 'capacity' });
    time.advance(60_000);
    expect(bank.pay(payout('p4')).type).toBe('paid');
    expect(bank.payoutCount).toBe(3);
    expect(bank.getPayout('p1')).toBeUndefined();
    expect(bank.payeeCount).toBe(2);
    expect(bank.payees(10).map((p) => p.accountNo)).toEqual(['1234567890', '1000003']);
  });

  it('has finite defaults and refuses a bad capacity', () => {
    for (const value of Object.values(DEFAULT_BANK_CAPACITY)) expect(value).toBeGreaterThan(0);
    expect(() => new BankStore({ capacity: { payouts: 0 } })).toThrow(/capacity.payouts/);
  });

  it('restores from a snapshot and stays exactly once', () => {
    const bank = new BankStore();
    bank.pay(payout('s-1'));
    const restored = BankStore.fromSnapshot(JSON.parse(JSON.stringify(bank.snapshot())));
    expect(restored.pay(payout('s-1')).type).toBe('replayed');
    expect(restored.payees(1)[0]?.total).toBe(50_000);
    expect(() => BankStore.fromSnapshot({ version: 3 } as never)).toThrow(/version/);
  });
});

describe('BankFaults', () => {
  it('fails the same payouts for the same seed, and never while off', () => {
    const off = new BankFaults();
    expect(Array.from({ length: 50 }, () => off.shouldFail())).not.toContain(true);
    expect(off.report().drawn).toBe(0);
    const run = (seed: number) => {
      const faults = new BankFaults();
      faults.set({ fail: 0.3, seed });
      return Array.from({ length: 100 }, () => faults.shouldFail());
    };
    const sequence = run(5);
    expect(run(5)).toEqual(sequence);
    expect(run(6)).not.toEqual(sequence);
    const failures = sequence.filter(Boolean).length;
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(50);
  });
});
