// A GameProvider whose bet reports are remembered for a short while (issue 25, decision 0112):
// every turnover read asks each of the member's game accounts for its report since the grant
// started, and a member refreshing the bonus page, the home and the withdraw dialog would
// otherwise fan out to every provider each time (one member caused about 560 provider calls a
// second). A report of the same account and window asked again within `ttlMs` is answered
// from memory, and concurrent asks share one call. Reports only grow, so a remembered one
// counts at most `ttlMs` of play less: a grant is met at most that much later.
// Everything else passes through. One process's memory: a cache, not shared state.
import type { BetReport, GameProvider } from '../ports/game-provider';

interface Entry {
  at: number;
  report: Promise<BetReport>;
}

/** At most this many windows are remembered; the oldest go first. */
const MAX_ENTRIES = 10_000;

export function withBetReportCache(
  provider: GameProvider,
  ttlMs: number,
  now: () => number = Date.now,
): GameProvider {
  if (ttlMs <= 0) return provider;
  const entries = new Map<string, Entry>();
  const betReport: GameProvider['betReport'] = (code, username, since, until) => {
    const key = `${code}\u0000${username}\u0000${since}\u0000${until ?? ''}`;
    const at = now();
    const hit = entries.get(key);
    if (hit && at - hit.at < ttlMs) return hit.report;
    const report = provider.betReport(code, username, since, until);
    entries.delete(key);
    entries.set(key, { at, report });
    // A failed read is not remembered: the next ask tries the provider again.
    report.catch(() => {
      if (entries.get(key)?.report === report) entries.delete(key);
    });
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return report;
  };
  // Every other member is the provider's own, called on the provider itself.
  return new Proxy(provider, {
    get(target, property) {
      if (property === 'betReport') return betReport;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
