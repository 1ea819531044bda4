// reliability.md T11, promotion economics (issue 25, decision 0112): the fast-check model of
// test/reliability/promotion-model.ts, 1,000 runs per dialect. A failure prints fast-check's
// seed and the shrunk steps; rerun it with T11_SEED=<seed> (T11_RUNS=<n> to run fewer).
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { runPromotionModel } from './promotion-model';

const seed = Number(process.env.T11_SEED ?? '') || undefined;
const runs = Number(process.env.T11_RUNS ?? '') || 1000;

forEachDialect('T11 promotion economics', (get) => {
  it(
    `holds the money properties over ${runs} runs of member actions`,
    { timeout: 1_800_000 },
    async () => {
      const t = get();
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
