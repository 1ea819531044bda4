// The serialized GET /api/wallet answer per member (docs/decisions/0034-hot-path-costs.md).
// An entry is valid only for the exact key it was built under: the member's
// wallet_version (kept by database triggers, read with the session) plus the settings the
// answer shows. Any change the answer could show bumps the version, so a hit can never be
// stale; a miss rebuilds. Bounded: the least recently used members are dropped first.
export class WalletAnswerCache<T> {
  private readonly entries = new Map<number, { key: string; answer: T }>();

  constructor(private readonly max = 5000) {}

  get(memberId: number, key: string): T | undefined {
    const entry = this.entries.get(memberId);
    if (!entry || entry.key !== key) return undefined;
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.entries.delete(memberId);
    this.entries.set(memberId, entry);
    return entry.answer;
  }

  set(memberId: number, key: string, answer: T): void {
    this.entries.delete(memberId);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(memberId, { key, answer });
  }

  get size(): number {
    return this.entries.size;
  }
}
