import { describe, expect, it } from 'vitest';
import {
  TransferStore,
  maskAccountNo,
  sendingBankCode,
  type TransferRequest,
} from './bank-transfers.store.js';

function clock() {
  let ms = Date.UTC(2026, 10, 22, 4, 0, 0);
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

const request = (change: Partial<TransferRequest> = {}): TransferRequest => ({
  from: { bankCode: 'SCB', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' },
  to: { bankCode: 'KBANK', accountNo: '0408123456', name: 'ROYAL WALLET' },
  amount: 50_000,
  ...change,
});

function made(store: TransferStore, r: TransferRequest = request()) {
  const result = store.make(r);
  if (result.type !== 'made') throw new Error('not made');
  return result.transfer;
}

describe('maskAccountNo', () => {
  it.each([
    ['1234567890', 'xxx-x-x6789-x'],
    ['0408123456', 'xxx-x-x2345-x'],
    ['123456789012', 'xxx-x-xxx8901-x'],
    ['123456', 'x2345-x'],
  ])('%s -> %s (the 4 digits before the last one)', (accountNo, masked) => {
    expect(maskAccountNo(accountNo)).toBe(masked);
  });
});

describe('sendingBankCode', () => {
  it.each([
    ['BBL', '002'],
    ['KBANK', '004'],
    ['KTB', '006'],
    ['TMB', '011'],
    ['SCB', '014'],
    ['BAY', '025'],
    ['GSB', '030'],
    ['KKP', '069'],
    ['BCEL', '999'],
  ])('%s is %s', (bank, code) => {
    expect(sendingBankCode(bank)).toBe(code);
  });
});

describe('TransferStore', () => {
  it('gives each transfer a real-looking, unique transRef that starts with the bank code', () => {
    const store = new TransferStore(clock().now);
    const refs = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const t = made(store);
      expect(t.transRef).toMatch(/^[A-Za-z0-9]{20,25}$/);
      // 014 + 261122110000 (Bangkok time of 04:00 UTC) + 8 random.
      expect(t.transRef).toMatch(/^014261122110000[A-Z0-9]{8}$/);
      refs.add(t.transRef);
    }
    expect(refs.size).toBe(200);
  });

  it('records sender, receiver, amount and a back-dated time when asked', () => {
    const store = new TransferStore(clock().now);
    const t = made(
      store,
      request({ at: '2026-11-22T02:30:00Z', to: { bankCode: 'KBANK', accountNo: '0408123456' } }),
    );
    expect(t).toMatchObject({
      sendingBank: '014',
      amount: 50_000,
      transferredAt: '2026-11-22T02:30:00.000Z',
      createdAt: '2026-11-22T04:00:00.000Z',
      sender: { bankCode: 'SCB', accountNo: '1234567890', name: 'SOMCHAI JAIDEE' },
      receiver: { bankCode: 'KBANK', accountNo: '0408123456', name: '' },
    });
  });

  it('verifies only with both halves of the mini-QR', () => {
    const store = new TransferStore(clock().now);
    const t = made(store);
    expect(store.verify('014', t.transRef)).toEqual(t);
    expect(store.verify('004', t.transRef)).toBeUndefined();
    expect(store.verify('014', `${t.transRef}X`)).toBeUndefined();
  });

  it('lists newest first and is bounded by age', () => {
    const time = clock();
    const store = new TransferStore(time.now, { transfers: 2, retentionMs: 60_000 });
    const a = made(store);
    const b = made(store);
    expect(store.make(request())).toEqual({ type: 'capacity' });
    time.advance(60_000);
    const c = made(store);
    expect(store.list(10).map((t) => t.transRef)).toEqual([c.transRef, b.transRef]);
    expect(store.get(a.transRef)).toBeUndefined();
    const copy = new TransferStore(time.now);
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(copy.verify('014', b.transRef)).toEqual(b);
  });
});
