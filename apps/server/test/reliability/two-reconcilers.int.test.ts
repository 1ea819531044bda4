// Issue 11's proof of the reconcile kernel's lease (decision 0061): two reconciler instances,
// each with its own database pool (as two processes would have), run every flow against the
// same database while the game provider keeps failing (the T5 mix). Each unknown transfer
// must be resolved exactly once: the provider sees no re-send beyond the duplicates its
// fault mix injects itself, no transfer is settled by both, and the ledger stays clean.
import type { ProviderCode } from '@wallet/contract';
import { expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { reconcileFlows } from '../../src/jobs/reconcile-flows';
import { countPendingTransfers } from '../../src/modules/games';
import { ledgerCheck } from '../../src/modules/ledger';
import type { FlowReport } from '../../src/reconcile';
import { startReconcilers } from '../../src/reconcile';
import type { Member } from '../game-support';
import {
  activate,
  moneyOf,
  newMember,
  providerAccount,
  t5FaultMix,
  transfer,
} from '../game-support';
import { forEachDialect } from '../helpers';

const MEMBERS = 6;
const TRANSFERS = 120;
const CODES: ProviderCode[] = ['PG', 'JOKER'];
const SEED = 20261124;
const TIME_LIMIT_MS = 40_000;

forEachDialect('reliability: two reconcilers on one database', (get) => {
  it('resolves each unknown transfer exactly once under provider faults', async () => {
    const t = get();
    const members: { member: Member; codes: Map<ProviderCode, string> }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const member = await newMember(t, 10_000);
      const codes = new Map<ProviderCode, string>();
      for (const code of CODES) codes.set(code, await activate(t, member, code));
      members.push({ member, codes });
    }

    // Requests first, with every answer lost or missing, so each transfer stays pending.
    t.games.fail.transfer = 'unknown';
    for (let i = 0; i < TRANSFERS; i++) {
      const { member } = members[i % MEMBERS]!;
      const code = CODES[i % CODES.length]!;
      const res = await transfer(t, member, { from: 'WALLET', to: code, amount: 1 + (i % 7) });
      expect(res.json<{ status?: string }>().status).toBe('PENDING');
    }
    delete t.games.fail.transfer;
    expect(await countPendingTransfers(t.app.deps)).toBe(TRANSFERS);

    // Then the reconcilers, the provider still faulty (re-sends and status calls meet it too).
    t.games.setFaults(t5FaultMix(SEED));
    const replaysBefore = t.games.replays;
    const fast = {
      ...t.config,
      games: { ...t.config.games, reconcileIntervalMs: 15 },
    };
    // PostgreSQL: a pool of its own, as a second process has. SQLite: the same handle (one
    // process; a second handle in the same process would block its event loop on the lock).
    const secondDb = t.dialect === 'postgres' ? createDatabase(t.config) : t.db;
    const instances = [
      { ...t.app.deps, config: fast },
      { ...t.app.deps, config: fast, db: secondDb },
    ];
    const reports: FlowReport[][] = [[], []];
    const running = instances.map((deps, i) =>
      startReconcilers(reconcileFlows(deps), deps, {
        info: (entry: unknown) => void reports[i]!.push(entry as FlowReport),
        error: () => undefined,
      } as never),
    );
    const started = Date.now();
    try {
      // The fake clock moves on so that backed-off items come due again.
      while (
        (await countPendingTransfers(t.app.deps)) > 0 &&
        Date.now() - started < TIME_LIMIT_MS
      ) {
        t.clock.advance(1_000);
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      for (const job of running) await job.stop();
      if (secondDb !== t.db) await secondDb.destroy();
    }
    t.games.setFaults(null);

    const games = (i: number) => reports[i]!.filter((r) => r.flow === 'game-transfers');
    const sum = (i: number, pick: (r: FlowReport) => number) =>
      games(i).reduce((s, r) => s + pick(r), 0);
    const settledBy = [0, 1].map((i) =>
      sum(i, (r) => (r.outcomes.posted ?? 0) + (r.outcomes.voided ?? 0)),
    );
    const alreadySettled = [0, 1].map((i) => sum(i, (r) => r.outcomes.alreadySettled ?? 0));
    const claimed = [0, 1].map((i) => sum(i, (r) => r.claimed));
    const f = t.games.faultCounts;
    console.log(
      `two reconcilers [${t.dialect}]: ${TRANSFERS} pending, claimed ${claimed.join(' + ')}, settled ${settledBy.join(' + ')}, already settled ${alreadySettled.join(' + ')}, provider replays ${t.games.replays - replaysBefore} (duplicate faults ${f.duplicate}), ${Date.now() - started} ms`,
    );

    expect(await countPendingTransfers(t.app.deps)).toBe(0);
    // Both instances worked; together they settled each transfer once, neither twice.
    expect(claimed[0]).toBeGreaterThan(0);
    expect(claimed[1]).toBeGreaterThan(0);
    expect(settledBy[0]! + settledBy[1]!).toBe(TRANSFERS);
    expect(alreadySettled).toEqual([0, 0]);
    // The provider saw a ref again only where its own fault mix duplicated a request.
    expect(t.games.replays - replaysBefore).toBe(f.duplicate);
    // The ledger against the provider, and no money left in holds.
    for (const code of CODES)
      expect(await providerAccount(t, code)).toBe(t.games.totals(code).balance);
    for (const { member } of members) expect((await moneyOf(t, member)).hold).toBe(0);
    expect((await ledgerCheck(t.db)).violations).toEqual([]);
  }, 90_000);
});
