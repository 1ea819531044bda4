// The bank's memory: payouts (issue 3, money we send to a member's account), and since
// issue 4 the QR gateway (bank-qr.store.ts) and transfers with slips (bank-transfers.store.ts).
// Every method is synchronous, so "exactly once" holds under concurrency. Amounts are
// integer satang. Bounds: docs/decisions/0011-bank-payouts.md, 0022 and 0023.

import { mulberry32 } from '../../lib/random';
import {
  AccountBook,
  DEFAULT_ACCOUNT_BOOK_CAPACITY,
  type AccountBookSnapshot,
} from './bank-accounts.store.js';
import { DEFAULT_QR_CAPACITY, QrGatewayStore, type QrSnapshot } from './bank-qr.store.js';
import {
  DEFAULT_TRANSFER_CAPACITY,
  TransferStore,
  type TransfersSnapshot,
} from './bank-transfers.store.js';

export interface PayoutRequest {
  ref: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  amount: number;
}

export interface Payout extends PayoutRequest {
  status: 'PAID';
  paidAt: string;
}

/** A receiving account as the bank page shows it: everything paid into it. */
export interface Payee {
  bankCode: string;
  accountNo: string;
  /** The name on the newest payout. */
  accountName: string;
  total: number;
  count: number;
  lastPaidAt: string;
}

export type PayoutResult =
  | { type: 'paid' | 'replayed'; payout: Payout }
  | { type: 'conflict'; payout: Payout }
  | { type: 'capacity' };

export interface BankCapacity {
  /** Payouts remembered for exactly-once answers and status queries. */
  payouts: number;
  /** A payout is never forgotten before this age, even at capacity (then new ones wait). */
  payoutRetentionMs: number;
  /** Receiving accounts on the page; the least recently paid is dropped first. */
  payees: number;
}

export const DEFAULT_BANK_CAPACITY: BankCapacity = {
  payouts: 100_000,
  payoutRetentionMs: 10 * 60_000,
  payees: 10_000,
};

export interface BankFaultSettings {
  /** Probability 0..1 that a payout answers 500 without paying. */
  fail: number;
  seed: number;
}

/** Payout failures, one seeded draw per valid payout request, in arrival order. */
export class BankFaults {
  private current: BankFaultSettings = { fail: 0, seed: 1 };
  private random = mulberry32(1);
  private drawn = 0;
  private failed = 0;

  set(settings: BankFaultSettings): void {
    this.current = { ...settings };
    this.random = mulberry32(settings.seed);
    this.drawn = 0;
    this.failed = 0;
  }

  /** True when this payout must fail; no draw while fail is 0. */
  shouldFail(): boolean {
    if (this.current.fail <= 0) return false;
    this.drawn += 1;
    const fail = this.random() < this.current.fail;
    if (fail) this.failed += 1;
    return fail;
  }

  report() {
    return {
      ...this.current,
      active: this.current.fail > 0,
      drawn: this.drawn,
      failed: this.failed,
    };
  }
}

export interface BankSnapshot {
  version: 1 | 2;
  payouts: Payout[];
  payees: Payee[];
  /** Since version 2 (issue 4). */
  qr?: QrSnapshot;
  transfers?: TransfersSnapshot;
  /** Since issue 26 (decision 0127): the members' accounts the transfer form offers. */
  accounts?: AccountBookSnapshot;
}

export interface BankStoreOptions {
  now?: () => Date;
  capacity?: Partial<BankCapacity>;
  qrCapacity?: Partial<typeof DEFAULT_QR_CAPACITY>;
  transferCapacity?: Partial<typeof DEFAULT_TRANSFER_CAPACITY>;
  accountBookCapacity?: number;
}

function checkCapacity(what: string, capacity: object): void {
  for (const [name, value] of Object.entries(capacity)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`${what}.${name} must be a positive integer, got ${String(value)}`);
    }
  }
}

export class BankStore {
  readonly capacity: BankCapacity;
  /** Not part of a snapshot: a restart turns the fault switch off. */
  readonly faults = new BankFaults();
  /** The QR (PromptPay bill payment) gateway for KBANK, WW and PAYTIMZ (issue 4). */
  readonly qr: QrGatewayStore;
  /** Account-to-account transfers and their slips (issue 4). */
  readonly transfers: TransferStore;
  /** Members' accounts seen in payouts and transfers, for the transfer form (decision 0127). */
  readonly accounts: AccountBook;
  private readonly now: () => Date;
  /** Oldest first (Map keeps insertion order). */
  private readonly payouts = new Map<string, Payout>();
  /** Keyed `${bankCode}:${accountNo}`, least recently paid first. */
  private readonly payeesByAccount = new Map<string, Payee>();
  private changes = 0;

  constructor(options: BankStoreOptions = {}) {
    const capacity = { ...DEFAULT_BANK_CAPACITY, ...options.capacity };
    const qrCapacity = { ...DEFAULT_QR_CAPACITY, ...options.qrCapacity };
    const transferCapacity = { ...DEFAULT_TRANSFER_CAPACITY, ...options.transferCapacity };
    checkCapacity('bank capacity', capacity);
    checkCapacity('bank qrCapacity', qrCapacity);
    checkCapacity('bank transferCapacity', transferCapacity);
    this.capacity = capacity;
    this.now = options.now ?? (() => new Date());
    this.qr = new QrGatewayStore(this.now, qrCapacity);
    this.accounts = new AccountBook(
      this.now,
      options.accountBookCapacity ?? DEFAULT_ACCOUNT_BOOK_CAPACITY,
    );
    this.transfers = new TransferStore(this.now, transferCapacity, (transfer) =>
      this.accounts.note(transfer.sender, 'transfer'),
    );
  }

  /** Pays at most once per ref; the same body again answers the first payout. */
  pay(request: PayoutRequest): PayoutResult {
    const known = this.payouts.get(request.ref);
    if (known) {
      const same =
        known.bankCode === request.bankCode &&
        known.accountNo === request.accountNo &&
        known.accountName === request.accountName &&
        known.amount === request.amount;
      return { type: same ? 'replayed' : 'conflict', payout: known };
    }
    if (!this.makeRoom()) return { type: 'capacity' };
    const payout: Payout = { ...request, status: 'PAID', paidAt: this.now().toISOString() };
    this.payouts.set(payout.ref, payout);
    this.credit(payout);
    this.accounts.note(
      { bankCode: payout.bankCode, accountNo: payout.accountNo, name: payout.accountName },
      'payout',
    );
    this.changes += 1;
    return { type: 'paid', payout };
  }

  getPayout(ref: string): Payout | undefined {
    return this.payouts.get(ref);
  }

  get payoutCount(): number {
    return this.payouts.size;
  }

  /** Newest first. */
  listPayouts(filter: { limit: number; bankCode?: string; accountNo?: string }): Payout[] {
    const all = [...this.payouts.values()];
    const out: Payout[] = [];
    for (let i = all.length - 1; i >= 0 && out.length < filter.limit; i -= 1) {
      const payout = all[i]!;
      if (filter.bankCode !== undefined && payout.bankCode !== filter.bankCode) continue;
      if (filter.accountNo !== undefined && payout.accountNo !== filter.accountNo) continue;
      out.push(payout);
    }
    return out;
  }

  /** Most recently paid first. */
  payees(limit: number): Payee[] {
    const all = [...this.payeesByAccount.values()];
    return all.slice(-limit).reverse();
  }

  get payeeCount(): number {
    return this.payeesByAccount.size;
  }

  private makeRoom(): boolean {
    if (this.payouts.size < this.capacity.payouts) return true;
    const [oldestRef, oldest] = this.payouts.entries().next().value!;
    if (this.now().getTime() - Date.parse(oldest.paidAt) < this.capacity.payoutRetentionMs) {
      return false;
    }
    this.payouts.delete(oldestRef);
    return true;
  }

  private credit(payout: Payout): void {
    const key = `${payout.bankCode}:${payout.accountNo}`;
    const payee = this.payeesByAccount.get(key) ?? {
      bankCode: payout.bankCode,
      accountNo: payout.accountNo,
      accountName: payout.accountName,
      total: 0,
      count: 0,
      lastPaidAt: payout.paidAt,
    };
    payee.accountName = payout.accountName;
    payee.total += payout.amount;
    payee.count += 1;
    payee.lastPaidAt = payout.paidAt;
    this.payeesByAccount.delete(key); // re-inserted: the map stays in recency order
    this.payeesByAccount.set(key, payee);
    if (this.payeesByAccount.size > this.capacity.payees) {
      this.payeesByAccount.delete(this.payeesByAccount.keys().next().value!);
    }
  }

  // ---- persistence (decision 0126) ---------------------------------------------------

  /** Grows with every change a snapshot would show: payouts, QR charges, transfers, accounts. */
  get revision(): number {
    return this.changes + this.qr.revision + this.transfers.revision + this.accounts.revision;
  }

  snapshot(): BankSnapshot {
    return structuredClone({
      version: 2 as const,
      payouts: [...this.payouts.values()],
      payees: [...this.payeesByAccount.values()],
      qr: this.qr.snapshot(),
      transfers: this.transfers.snapshot(),
      accounts: this.accounts.snapshot(),
    });
  }

  static fromSnapshot(snapshot: BankSnapshot, options: BankStoreOptions = {}): BankStore {
    if (snapshot.version !== 1 && snapshot.version !== 2) {
      throw new Error(`unknown snapshot version ${String(snapshot.version)}`);
    }
    const store = new BankStore(options);
    const copy = structuredClone(snapshot);
    for (const payout of copy.payouts) store.payouts.set(payout.ref, payout);
    for (const payee of copy.payees) {
      store.payeesByAccount.set(`${payee.bankCode}:${payee.accountNo}`, payee);
    }
    if (copy.qr) store.qr.restore(copy.qr);
    if (copy.transfers) store.transfers.restore(copy.transfers);
    if (copy.accounts) store.accounts.restore(copy.accounts);
    return store;
  }
}
