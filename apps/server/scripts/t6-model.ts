// reliability.md T6, full length: 1,000 runs of the fast-check wallet model (see
// test/reliability/wallet-model.ts for the commands) on a fresh database. Prints the
// figures; a counterexample prints fast-check's seed and the shrunk commands (rerun with
// --seed <n>), and the script exits 1.
//   npx tsx apps/server/scripts/t6-model.ts [--runs 1000] [--seed n] [--postgres]
import { startTestApp } from '../test/helpers';
import { COVERED_COMMANDS, runWalletModel } from '../test/reliability/wallet-model';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const runs = intFlag(f, 'runs', 1000);
const seed = f.has('seed') ? Number(f.get('seed')) : undefined;
const dialect = chooseDialect(f);

const t = await startTestApp(dialect);
let failed = true;
try {
  console.log(
    `T6 wallet model on ${dialect}: ${runs} runs${seed === undefined ? '' : `, seed ${seed}`}`,
  );
  console.log(`commands: ${COVERED_COMMANDS}`);
  const figures = await runWalletModel(t, {
    numRuns: runs,
    ...(seed === undefined ? {} : { seed }),
    onRun: (n) => {
      if (n % 100 === 0) console.log(`  ${n} runs done`);
    },
  });
  console.log(
    JSON.stringify(
      {
        test: 'T6 wallet model',
        dialect,
        runs: figures.runs,
        commands: figures.commands,
        restarts: figures.restarts,
        seed: figures.seed,
        counterexamples: 0,
        ledgerViolations: figures.ledgerViolations,
        seconds: figures.ms / 1000,
      },
      null,
      2,
    ),
  );
  failed = figures.ledgerViolations.length > 0;
} catch (error) {
  console.error('T6 counterexample found (counterexamples: 1):');
  console.error(error instanceof Error ? error.message : error);
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
