// reliability.md T6, shortened for CI: 100 runs of the wallet model per dialect (the full
// 1,000 runs: `npx tsx apps/server/scripts/t6-model.ts`). A failure prints fast-check's
// seed and the shrunk command list; rerun it with T6_SEED=<seed>.
import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers';
import { COVERED_COMMANDS, runWalletModel } from './wallet-model';

const seed = Number(process.env.T6_SEED ?? '') || undefined;

forEachDialect('T6 wallet model', (get) => {
  it('matches the model over 100 runs of random commands', { timeout: 600_000 }, async () => {
    const t = get();
    const figures = await runWalletModel(t, { numRuns: 100, ...(seed ? { seed } : {}) });
    console.log(
      `T6 [${t.dialect}] runs=${figures.runs} commands=${figures.commands} restarts=${figures.restarts} ` +
        `seed=${figures.seed} counterexamples=0 ms=${figures.ms}; commands: ${COVERED_COMMANDS}`,
    );
    expect(figures.runs).toBeGreaterThanOrEqual(100);
    expect(figures.ledgerViolations).toEqual([]);
  });
});
