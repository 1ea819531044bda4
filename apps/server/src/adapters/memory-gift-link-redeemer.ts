// In-memory GiftLinkRedeemer for tests: issues vouchers and redeems each exactly once, with
// the sandbox issuer's rules (unknown, expired, out of stock, own voucher), and switchable
// faults for the next redeem calls.
import { randomInt } from 'node:crypto';
import type {
  GiftLinkRedeemer,
  GiftRedeemOutcome,
  GiftVoucher,
  GiftVoucherLookup,
} from '../ports/gift-link-redeemer';

/** down: not redeemed, caller sees unknown; lost: redeemed, answer lost. */
export type GiftFault = 'down' | 'lost';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A voucher hash like the issuer's: 35 characters `[A-Za-z0-9]`. */
export const randomVoucherHash = (): string =>
  Array.from({ length: 35 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export interface MemoryVoucher extends GiftVoucher {
  redeemedBy: string | null;
}

export class MemoryGiftLinkRedeemer implements GiftLinkRedeemer {
  readonly vouchers = new Map<string, MemoryVoucher>();
  readonly calls = { lookup: 0, redeem: 0 };
  lookupDown = false;
  delayMs = 0;
  private scripted: GiftFault[] = [];

  constructor(
    private readonly now: () => Date = () => new Date(),
    readonly baseUrl = 'http://127.0.0.1:3100',
  ) {}

  failNext(...faults: GiftFault[]): void {
    this.scripted.push(...faults);
  }

  reset(): void {
    this.scripted = [];
    this.lookupDown = false;
    this.delayMs = 0;
  }

  /** Creates a voucher; returns its hash and link. Amount in satang. */
  issue(ownerMobile: string, amount: number, ttlMs = 24 * 3600_000) {
    const hash = randomVoucherHash();
    const expiresAt = new Date(this.now().getTime() + ttlMs).toISOString();
    this.vouchers.set(hash, {
      hash,
      amount,
      ownerMobile,
      status: 'active',
      expiresAt,
      redeemedBy: null,
    });
    return { hash, link: `${this.baseUrl}/gift/campaign/?v=${hash}` };
  }

  private async pause(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  private statusOf(v: MemoryVoucher): GiftVoucher['status'] {
    if (v.status === 'active' && this.now().toISOString() >= v.expiresAt) return 'expired';
    return v.status;
  }

  async lookup(hash: string): Promise<GiftVoucherLookup> {
    this.calls.lookup++;
    await this.pause();
    if (this.lookupDown) return { kind: 'unknown', reason: 'memory issuer down' };
    const v = this.vouchers.get(hash);
    if (!v) return { kind: 'not_found' };
    const { amount, ownerMobile, expiresAt } = v;
    return {
      kind: 'found',
      voucher: { hash, amount, ownerMobile, expiresAt, status: this.statusOf(v) },
    };
  }

  async redeem(hash: string, receiverMobile: string): Promise<GiftRedeemOutcome> {
    this.calls.redeem++;
    await this.pause();
    const fault = this.scripted.shift();
    if (fault === 'down') return { kind: 'unknown', reason: 'memory issuer down' };
    const v = this.vouchers.get(hash);
    if (!v) return { kind: 'invalid', reason: 'VOUCHER_NOT_FOUND' };
    const status = this.statusOf(v);
    if (status === 'redeemed') return { kind: 'already_redeemed' };
    if (status === 'expired') return { kind: 'invalid', reason: 'VOUCHER_EXPIRED' };
    if (v.ownerMobile === receiverMobile)
      return { kind: 'invalid', reason: 'CANNOT_GET_OWN_VOUCHER' };
    v.status = 'redeemed';
    v.redeemedBy = receiverMobile;
    if (fault === 'lost') return { kind: 'unknown', reason: 'answer lost' };
    return {
      kind: 'redeemed',
      amount: v.amount,
      ownerMobile: v.ownerMobile,
      redeemedAt: this.now().toISOString(),
    };
  }
}
