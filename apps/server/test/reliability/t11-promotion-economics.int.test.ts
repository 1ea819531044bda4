// reliability.md T11, promotion economics (issue 25, decision 0112): the fast-check model of
// test/reliability/promotion-model.ts: 1,000 runs on SQLite and, shortened for CI as T6 is,
// 250 on PostgreSQL (about 100 ms a run there against 35 ms: the model is the same, the
// dialect's locking is what PostgreSQL adds, and 250 runs open ~90 grants). The full 1,000
// on PostgreSQL: `npx tsx apps/server/scripts/t11-promotion-model.ts --postgres`. A failure
// prints fast-check's seed and the shrunk steps; rerun it with T11_SEED=<seed> (T11_RUNS=<n>
// sets the runs of both dialects).
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { runPromotionModel } from './promotion-model';

const seed = Number(process.env.T11_SEED ?? '') || undefined;
const runsFor = (dialect: string) =>
  Number(process.env.T11_RUNS ?? '') || (dialect === 'postgres' ? 250 : 1000);

forEachDialect('T11 promotion economics', (get) => {
  it(
    'holds the money properties over 1,000 runs of member actions (PostgreSQL: 250)',
    { timeout: 1_800_000 },
    async () => {
      const t = get();
      const runs = runsFor(t.dialect);
      const figures = await runPromotionModel(t, { numRuns: runs, ...(seed ? { seed } : {}) });
      console.log(
        `T11 [${t.dialect}] runs=${figures.runs} steps=${figures.steps} grants opened=${figures.grantsOpened} ` +
          `met=${figures.grantsMet} confirmed forfeits=${figures.confirmedForfeits} seed=${figures.seed} ` +
          `counterexamples=0 ms=${figures.ms}\n  outcomes: ${JSON.stringify(figures.outcomes)}`,
      );
      expect(figures.runs).toBe(runs);
      expect(figures.ledgerViolations).toEqual([]);
    },
  );
});
