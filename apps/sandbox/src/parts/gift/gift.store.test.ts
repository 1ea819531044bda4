import { describe, expect, it } from 'vitest';
import { GiftStore } from './gift.store.js';

function clock() {
  let ms = Date.UTC(2026, 10, 22, 4, 0, 0);
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

function created(store: GiftStore, amount = 10_000, lifetimeMs?: number) {
  const result = store.create({ ownerMobile: '0812345678', amount, lifetimeMs });
  if (result.type !== 'created') throw new Error('not created');
  return result.voucher;
}

describe('GiftStore', () => {
  it('issues 35-character hashes that are unique and hard to guess', () => {
    const store = new GiftStore();
    const hashes = new Set(Array.from({ length: 500 }, () => created(store).hash));
    expect(hashes.size).toBe(500);
    for (const hash of hashes) expect(hash).toMatch(/^[A-Za-z0-9]{35}$/);
  });

  it('redeems exactly once: the first wins, every later one is out of stock', () => {
    const time = clock();
    const store = new GiftStore({ now: time.now });
    const v = created(store);
    expect(v).toMatchObject({ status: 'active', expiresAt: '2026-11-23T04:00:00.000Z' });
    const results = Array.from({ length: 50 }, (_, i) =>
      store.redeem(v.hash, `09${String(i).padStart(8, '0')}`),
    );
    expect(results.filter((r) => r.type === 'redeemed')).toHaveLength(1);
    expect(results.filter((r) => r.type === 'out_of_stock')).toHaveLength(49);
    expect(store.get(v.hash)).toMatchObject({
      status: 'redeemed',
      redeemedBy: '0900000000',
      redeemedAt: '2026-11-22T04:00:00.000Z',
    });
    // Redeemed wins over expired later on.
    time.advance(2 * 24 * 3600_000);
    expect(store.get(v.hash)?.status).toBe('redeemed');
    expect(store.redeem(v.hash, '0911111111').type).toBe('out_of_stock');
  });

  it('refuses the owner, an unknown hash and an expired voucher', () => {
    const time = clock();
    const store = new GiftStore({ now: time.now });
    const v = created(store, 500, 60_000);
    expect(store.redeem(v.hash, '0812345678').type).toBe('own');
    expect(store.redeem('x'.repeat(35), '0899999999').type).toBe('unknown');
    time.advance(60_000);
    expect(store.get(v.hash)?.status).toBe('expired');
    expect(store.redeem(v.hash, '0899999999').type).toBe('expired');
  });

  it('is bounded: keeps active vouchers, drops old spent ones; survives a snapshot', () => {
    const time = clock();
    const store = new GiftStore({ now: time.now, capacity: { vouchers: 2, retentionMs: 60_000 } });
    const a = created(store);
    created(store);
    expect(store.create({ ownerMobile: '0812345678', amount: 1 })).toEqual({ type: 'capacity' });
    time.advance(60_000);
    expect(store.create({ ownerMobile: '0812345678', amount: 1 })).toEqual({ type: 'capacity' });
    store.redeem(a.hash, '0899999999');
    expect(store.create({ ownerMobile: '0812345678', amount: 1 }).type).toBe('created');
    expect(store.get(a.hash)).toBeUndefined();
    expect(store.list(10)).toHaveLength(2);
    const copy = GiftStore.fromSnapshot(JSON.parse(JSON.stringify(store.snapshot())), {
      now: time.now,
    });
    const [newest] = copy.list(1);
    expect(copy.redeem(newest!.hash, '0899999999').type).toBe('redeemed');
    expect(() => GiftStore.fromSnapshot({ version: 2 } as never)).toThrow(/version/);
    expect(() => new GiftStore({ capacity: { vouchers: 0 } })).toThrow(/capacity.vouchers/);
  });
});
