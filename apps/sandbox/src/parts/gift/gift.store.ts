// A TrueMoney-like gift-voucher issuer: a voucher is a link (`.../gift/campaign/?v=<hash>`)
// worth a fixed amount, created from the owner's wallet and redeemed by another wallet
// exactly once. Synchronous methods, so two redemptions of one voucher can never both win.
// Amounts are integer satang. Decision: docs/decisions/0023-sandbox-slips-and-gift-vouchers.md.

import { randomAlnum } from '../../lib/ids.js';

export const VOUCHER_HASH_LENGTH = 35;
export const DEFAULT_VOUCHER_LIFETIME_MS = 24 * 60 * 60_000;

export type VoucherStatus = 'active' | 'redeemed' | 'expired';

export interface VoucherRecord {
  hash: string;
  amount: number;
  ownerMobile: string;
  createdAt: string;
  expiresAt: string;
  redeemedAt: string | null;
  redeemedBy: string | null;
}

export interface Voucher extends VoucherRecord {
  status: VoucherStatus;
}

export type CreateVoucherResult = { type: 'created'; voucher: Voucher } | { type: 'capacity' };

export type RedeemResult =
  { type: 'redeemed'; voucher: Voucher } | { type: 'unknown' | 'out_of_stock' | 'expired' | 'own' };

export interface GiftCapacity {
  vouchers: number;
  /** A spent or expired voucher is kept at least this long after creation. */
  retentionMs: number;
}

export const DEFAULT_GIFT_CAPACITY: GiftCapacity = { vouchers: 100_000, retentionMs: 10 * 60_000 };

export interface GiftSnapshot {
  version: 1;
  vouchers: VoucherRecord[];
}

export interface GiftStoreOptions {
  now?: () => Date;
  capacity?: Partial<GiftCapacity>;
}

export class GiftStore {
  readonly capacity: GiftCapacity;
  private readonly now: () => Date;
  /** By hash, oldest first. */
  private readonly vouchers = new Map<string, VoucherRecord>();
  private changes = 0;

  constructor(options: GiftStoreOptions = {}) {
    const capacity = { ...DEFAULT_GIFT_CAPACITY, ...options.capacity };
    for (const [name, value] of Object.entries(capacity)) {
      if (!Number.isInteger(value) || value < 1) {
        throw new Error(`gift capacity.${name} must be a positive integer, got ${String(value)}`);
      }
    }
    this.capacity = capacity;
    this.now = options.now ?? (() => new Date());
  }

  create(request: {
    ownerMobile: string;
    amount: number;
    lifetimeMs?: number | undefined;
  }): CreateVoucherResult {
    if (!this.makeRoom()) return { type: 'capacity' };
    let hash = randomAlnum(VOUCHER_HASH_LENGTH);
    while (this.vouchers.has(hash)) hash = randomAlnum(VOUCHER_HASH_LENGTH);
    const now = this.now();
    const record: VoucherRecord = {
      hash,
      amount: request.amount,
      ownerMobile: request.ownerMobile,
      createdAt: now.toISOString(),
      expiresAt: new Date(
        now.getTime() + (request.lifetimeMs ?? DEFAULT_VOUCHER_LIFETIME_MS),
      ).toISOString(),
      redeemedAt: null,
      redeemedBy: null,
    };
    this.vouchers.set(hash, record);
    this.changes += 1;
    return { type: 'created', voucher: this.view(record) };
  }

  get(hash: string): Voucher | undefined {
    const record = this.vouchers.get(hash);
    return record && this.view(record);
  }

  /** Exactly once: the first redemption wins, every later one is out of stock. */
  redeem(hash: string, mobile: string): RedeemResult {
    const record = this.vouchers.get(hash);
    if (!record) return { type: 'unknown' };
    const status = this.view(record).status;
    if (status === 'redeemed') return { type: 'out_of_stock' };
    if (status === 'expired') return { type: 'expired' };
    if (mobile === record.ownerMobile) return { type: 'own' };
    record.redeemedAt = this.now().toISOString();
    record.redeemedBy = mobile;
    this.changes += 1;
    return { type: 'redeemed', voucher: this.view(record) };
  }

  /** Newest first. */
  list(limit: number): Voucher[] {
    return [...this.vouchers.values()]
      .slice(-limit)
      .reverse()
      .map((record) => this.view(record));
  }

  get size(): number {
    return this.vouchers.size;
  }

  private view(record: VoucherRecord): Voucher {
    const status: VoucherStatus =
      record.redeemedAt !== null
        ? 'redeemed'
        : this.now().getTime() >= Date.parse(record.expiresAt)
          ? 'expired'
          : 'active';
    return { ...record, status };
  }

  private makeRoom(): boolean {
    if (this.vouchers.size < this.capacity.vouchers) return true;
    const oldest = this.vouchers.values().next().value!;
    const age = this.now().getTime() - Date.parse(oldest.createdAt);
    if (this.view(oldest).status === 'active' || age < this.capacity.retentionMs) return false;
    this.vouchers.delete(oldest.hash);
    return true;
  }

  /** Grows with every change a snapshot would show (decision 0126). */
  get revision(): number {
    return this.changes;
  }

  snapshot(): GiftSnapshot {
    return structuredClone({ version: 1 as const, vouchers: [...this.vouchers.values()] });
  }

  static fromSnapshot(snapshot: GiftSnapshot, options: GiftStoreOptions = {}): GiftStore {
    if (snapshot.version !== 1) {
      throw new Error(`unknown snapshot version ${String(snapshot.version)}`);
    }
    const store = new GiftStore(options);
    for (const record of structuredClone(snapshot.vouchers))
      store.vouchers.set(record.hash, record);
    return store;
  }
}
