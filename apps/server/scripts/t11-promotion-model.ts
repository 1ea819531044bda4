// reliability.md T11, as long as you like: the fast-check promotion model (see
// test/reliability/promotion-model.ts) on a fresh database. Prints the figures; a
// counterexample prints fast-check's seed and the shrunk steps (rerun with --seed <n>), and
// the script exits 1.
//   npx tsx apps/server/scripts/t11-promotion-model.ts [--runs 1000] [--steps 12] [--seed n] [--postgres]
import { startTestApp } from '../test/helpers';
import { runPromotionModel } from '../test/reliability/promotion-model';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const runs = intFlag(f, 'runs', 1000);
const maxSteps = intFlag(f, 'steps', 12);
const seed = f.has('seed') ? Number(f.get('seed')) : undefined;
const dialect = chooseDialect(f);

const t = await startTestApp(dialect);
let failed = true;
try {
  console.log(`T11 promotion model on ${dialect}: ${runs} runs of up to ${maxSteps} steps`);
  const figures = await runPromotionModel(t, {
    numRuns: runs,
    maxSteps,
    ...(seed === undefined ? {} : { seed }),
  });
  console.log(JSON.stringify({ test: 'T11 promotion economics', dialect, ...figures }, null, 2));
  failed = figures.ledgerViolations.length > 0;
} catch (error) {
  console.error('T11 counterexample found (counterexamples: 1):');
  console.error(error instanceof Error ? error.message : error);
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
