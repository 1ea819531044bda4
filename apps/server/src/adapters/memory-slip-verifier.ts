// In-memory SlipVerifier for tests: a bank that knows the transfers tests register, with
// switches for an outage (`down`) and a delay to widen race windows.
import type {
  SlipQuery,
  SlipVerification,
  SlipVerifier,
  VerifiedSlip,
} from '../ports/slip-verifier';

export class MemorySlipVerifier implements SlipVerifier {
  readonly transfers = new Map<string, VerifiedSlip>();
  calls = 0;
  /** When true every call answers unavailable (the bank's API is down). */
  down = false;
  delayMs = 0;

  private static key(q: SlipQuery): string {
    return `${q.sendingBank}:${q.transRef}`;
  }

  /** Makes the bank know a transfer. */
  add(slip: VerifiedSlip): void {
    this.transfers.set(MemorySlipVerifier.key(slip), slip);
  }

  async verify(query: SlipQuery): Promise<SlipVerification> {
    this.calls++;
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.down) return { kind: 'unavailable', reason: 'memory bank down' };
    const slip = this.transfers.get(MemorySlipVerifier.key(query));
    return slip ? { kind: 'verified', slip: { ...slip } } : { kind: 'not_found' };
  }
}
