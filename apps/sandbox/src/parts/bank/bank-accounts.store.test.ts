import { describe, expect, it } from 'vitest';
import { AccountBook } from './bank-accounts.store.js';
import { BankStore } from './bank.store.js';

const at = (ms: number) => () => new Date(Date.UTC(2026, 10, 28, 3, 0, 0) + ms);

describe('AccountBook (decision 0127)', () => {
  it('lists accounts most recently seen first, with the name last seen', () => {
    let clock = 0;
    const book = new AccountBook(() => at(clock)());
    book.note({ bankCode: 'KBANK', accountNo: '1234567890', name: 'SOMCHAI' }, 'payout');
    clock = 1000;
    book.note({ bankCode: 'SCB', accountNo: '4061234567', name: 'SOMSRI' }, 'transfer');
    clock = 2000;
    book.note({ bankCode: 'KBANK', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' }, 'transfer');
    expect(book.list(10)).toEqual([
      {
        bankCode: 'KBANK',
        accountNo: '1234567890',
        name: 'SOMCHAI JAIDEE',
        seenBy: 'transfer',
        lastSeenAt: '2026-11-28T03:00:02.000Z',
      },
      expect.objectContaining({ accountNo: '4061234567', seenBy: 'transfer' }),
    ]);
    expect(book.list(1).map((a) => a.accountNo)).toEqual(['1234567890']);
    expect(book.get('SCB', '4061234567')?.name).toBe('SOMSRI');
    expect(book.get('KBANK', '4061234567')).toBeUndefined();
    expect(book.revision).toBe(3);
  });

  it('is bounded: the account seen longest ago goes first', () => {
    const book = new AccountBook(at(0), 2);
    for (const accountNo of ['1000001', '1000002', '1000003']) {
      book.note({ bankCode: 'BBL', accountNo, name: 'A' }, 'payout');
    }
    expect(book.list(10).map((a) => a.accountNo)).toEqual(['1000003', '1000002']);
    expect(() => new AccountBook(at(0), 0)).toThrow(/capacity/);
  });

  it('learns from the bank: a payout names its payee, a transfer its sender; both survive a snapshot', () => {
    const bank = new BankStore({ now: at(0) });
    bank.pay({
      ref: 'WD-1',
      bankCode: 'KTB',
      accountNo: '9876543210',
      accountName: 'NEW MEMBER',
      amount: 100,
    });
    bank.transfers.make({
      from: { bankCode: 'SCB', accountNo: '4061234567', name: 'SOMSRI DEEJAI' },
      to: { bankCode: 'KBANK', accountNo: '0408123456' },
      amount: 100,
    });
    expect(bank.accounts.list(10).map((a) => [a.bankCode, a.accountNo, a.name, a.seenBy])).toEqual([
      ['SCB', '4061234567', 'SOMSRI DEEJAI', 'transfer'],
      ['KTB', '9876543210', 'NEW MEMBER', 'payout'],
    ]);
    const copy = BankStore.fromSnapshot(bank.snapshot());
    expect(copy.accounts.list(10)).toEqual(bank.accounts.list(10));
    // A snapshot from before the book (issue 26) loads with an empty one.
    const { accounts: _dropped, ...older } = bank.snapshot();
    expect(BankStore.fromSnapshot(older).accounts.size).toBe(0);
  });
});
