// One game account's round log: what the bet report (GET /provider/:code/accounts/:username/
// bets) answers from. Bounded per account (decision 0076):
// - the newest rounds are kept exactly, as runs of rounds played at the same millisecond
//   (a batch of the tester's play call is one run, however many rounds it holds);
// - a run pushed out of that window is folded into a one-minute bucket that remembers its
//   first and last round time; buckets older than the retention are dropped;
// - all-time totals keep counting.
// Amounts are integer satang; times are epoch milliseconds.

export interface BetTotals {
  /** Satang staked. */
  bets: number;
  /** Satang paid back. */
  wins: number;
  rounds: number;
}

/** Rounds played at one millisecond (exact), or folded rounds of one minute (first..last). */
export interface RoundRun extends BetTotals {
  /** Time of the first round. */
  at: number;
  /** Time of the last round (equal to `at` for an exact run). */
  last: number;
}

export interface RoundLogLimits {
  /** Exact runs kept per account; older ones fold into minute buckets. */
  exactRuns: number;
  /** Minute buckets older than this (against the newest round) are dropped. */
  retentionMs: number;
}

export const DEFAULT_ROUND_LOG_LIMITS: RoundLogLimits = {
  exactRuns: 200,
  retentionMs: 35 * 24 * 60 * 60_000,
};

const MINUTE_MS = 60_000;

export interface RoundLogSnapshot {
  runs: RoundRun[];
  buckets: RoundRun[];
  totals: BetTotals;
}

const add = (into: BetTotals, from: BetTotals) => {
  into.bets += from.bets;
  into.wins += from.wins;
  into.rounds += from.rounds;
};

export class RoundLog {
  /** Exact runs, oldest first. */
  private runs: RoundRun[] = [];
  /** Folded minute buckets, oldest first, all older than the oldest exact run. */
  private buckets: RoundRun[] = [];
  readonly totals: BetTotals = { bets: 0, wins: 0, rounds: 0 };

  constructor(private readonly limits: RoundLogLimits = DEFAULT_ROUND_LOG_LIMITS) {}

  /** One round (or `rounds` identical-time rounds with these sums) played at `at`. */
  record(at: number, bet: number, win: number, rounds = 1): void {
    const played = { bets: bet, wins: win, rounds };
    add(this.totals, played);
    const newest = this.runs.at(-1);
    if (newest && newest.at === at) {
      add(newest, played);
      return;
    }
    this.runs.push({ at, last: at, ...played });
    if (this.runs.length > this.limits.exactRuns) this.fold(this.runs.shift()!);
  }

  private fold(run: RoundRun): void {
    const bucket = this.buckets.at(-1);
    if (bucket && Math.floor(bucket.at / MINUTE_MS) === Math.floor(run.at / MINUTE_MS)) {
      add(bucket, run);
      bucket.last = Math.max(bucket.last, run.last);
    } else {
      this.buckets.push({ ...run });
    }
    const horizon = run.last - this.limits.retentionMs;
    let drop = 0;
    while (drop < this.buckets.length && this.buckets[drop]!.last < horizon) drop += 1;
    if (drop > 0) this.buckets.splice(0, drop);
  }

  /**
   * Bets, wins and rounds played at or after `since` and before `until`. Exact for the kept
   * runs; a folded minute bucket counts whole when its first round is in the window.
   */
  report(since: number, until: number): BetTotals {
    const out: BetTotals = { bets: 0, wins: 0, rounds: 0 };
    for (const list of [this.buckets, this.runs]) {
      for (const run of list) if (run.at >= since && run.at < until) add(out, run);
    }
    return out;
  }

  /** Sizes, for tests and the bounds. */
  get size(): { runs: number; buckets: number } {
    return { runs: this.runs.length, buckets: this.buckets.length };
  }

  snapshot(): RoundLogSnapshot {
    return structuredClone({ runs: this.runs, buckets: this.buckets, totals: this.totals });
  }

  static fromSnapshot(snapshot: RoundLogSnapshot, limits?: RoundLogLimits): RoundLog {
    const log = new RoundLog(limits);
    const copy = structuredClone(snapshot);
    log.runs = copy.runs;
    log.buckets = copy.buckets;
    Object.assign(log.totals, copy.totals);
    return log;
  }
}
