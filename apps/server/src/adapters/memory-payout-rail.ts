// In-memory PayoutRail for tests: pays each reference at most once, like a real rail, with
// switchable faults: scripted for the next calls (`failNext`) or drawn at random from a
// seed (`setRandomFaults`), so a failing run can be replayed.
import type { PayoutOutcome, PayoutRail, PayoutRequest, PayoutStatus } from '../ports/payout-rail';

/**
 * - reject: the rail refuses for good (remembered: a re-send is refused again);
 * - lost: paid, but the answer is lost (the caller sees `unknown`);
 * - down: not paid, and the caller sees `unknown`.
 */
export type PayoutFault = 'reject' | 'lost' | 'down';

export interface PaidPayout extends PayoutRequest {
  paidAt: string;
}

export interface RandomFaults {
  reject?: number;
  lost?: number;
  down?: number;
  seed?: number;
}

/** mulberry32: small, seedable, good enough to draw faults. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sameBody = (a: PayoutRequest, b: PayoutRequest) =>
  a.bankCode === b.bankCode &&
  a.accountNo === b.accountNo &&
  a.accountName === b.accountName &&
  a.amount === b.amount;

export class MemoryPayoutRail implements PayoutRail {
  readonly paid = new Map<string, PaidPayout>();
  readonly rejected = new Set<string>();
  readonly calls = { pay: 0, status: 0 };
  /** When true, status() answers unknown (the rail's query API is down). */
  statusDown = false;
  /** Delay before every answer (ms), to widen race windows. */
  delayMs = 0;
  private scripted: PayoutFault[] = [];
  private random: { reject: number; lost: number; down: number; draw: () => number } | null = null;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The next pay calls meet these faults, in order. */
  failNext(...faults: PayoutFault[]): void {
    this.scripted.push(...faults);
  }

  setRandomFaults(faults: RandomFaults | null): void {
    this.random = faults
      ? {
          reject: faults.reject ?? 0,
          lost: faults.lost ?? 0,
          down: faults.down ?? 0,
          draw: seeded(faults.seed ?? 1),
        }
      : null;
  }

  reset(): void {
    this.scripted = [];
    this.random = null;
    this.statusDown = false;
    this.delayMs = 0;
  }

  /** Total paid out, in satang. */
  totalPaid(): number {
    let total = 0;
    for (const p of this.paid.values()) total += p.amount;
    return total;
  }

  private nextFault(): PayoutFault | undefined {
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    if (!this.random) return undefined;
    const r = this.random.draw();
    const { reject, lost, down } = this.random;
    if (r < reject) return 'reject';
    if (r < reject + lost) return 'lost';
    if (r < reject + lost + down) return 'down';
    return undefined;
  }

  private async pause(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  async pay(request: PayoutRequest): Promise<PayoutOutcome> {
    this.calls.pay++;
    await this.pause();
    const existing = this.paid.get(request.ref);
    if (existing) {
      return sameBody(existing, request)
        ? { kind: 'paid', paidAt: existing.paidAt }
        : { kind: 'unknown', reason: 'REF_CONFLICT' };
    }
    if (this.rejected.has(request.ref)) return { kind: 'rejected', reason: 'INVALID_ACCOUNT' };
    const fault = this.nextFault();
    if (fault === 'down') return { kind: 'unknown', reason: 'memory rail down' };
    if (fault === 'reject') {
      this.rejected.add(request.ref);
      return { kind: 'rejected', reason: 'INVALID_ACCOUNT' };
    }
    const payout = { ...request, paidAt: this.now().toISOString() };
    this.paid.set(request.ref, payout);
    if (fault === 'lost') return { kind: 'unknown', reason: 'answer lost' };
    return { kind: 'paid', paidAt: payout.paidAt };
  }

  async status(ref: string): Promise<PayoutStatus> {
    this.calls.status++;
    await this.pause();
    if (this.statusDown) return { kind: 'unknown', reason: 'memory rail status down' };
    const payout = this.paid.get(ref);
    return payout ? { kind: 'paid', paidAt: payout.paidAt } : { kind: 'not_found' };
  }
}
