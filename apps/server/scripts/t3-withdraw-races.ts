// reliability.md T3 (withdrawals), full length: 1,000 rounds of 50 simultaneous full-balance
// withdrawals (different idempotency keys) against one member, in process through
// app.inject on a fresh database. Prints the figures; exits 1 unless every round had
// exactly one winner, no member balance went negative and the ledger check is clean.
//   npx tsx apps/server/scripts/t3-withdraw-races.ts [--rounds 1000] [--racers 50] [--postgres]
import { startTestApp } from '../test/helpers';
import { newMember } from '../test/reliability/money-helpers';
import { runWithdrawRaces } from '../test/reliability/withdraw-races';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const rounds = intFlag(f, 'rounds', 1000);
const racers = intFlag(f, 'racers', 50);
const dialect = chooseDialect(f);

const t = await startTestApp(dialect);
let failed = true;
try {
  const member = await newMember(t);
  console.log(`T3 withdraw races on ${dialect}: ${rounds} rounds x ${racers} racers`);
  const figures = await runWithdrawRaces(t, member, {
    rounds,
    racers,
    onRound: (round, winners) => {
      if (winners !== 1) console.log(`  round ${round}: ${winners} winners`);
      if ((round + 1) % 100 === 0) console.log(`  ${round + 1} rounds done`);
    },
  });
  console.log(
    JSON.stringify(
      {
        test: 'T3 withdraw races',
        dialect,
        rounds: figures.rounds,
        requests: figures.requests,
        roundsWithExactlyOneWinner: figures.cleanRounds,
        winnersPerRound: [figures.minWinners, figures.maxWinners],
        negativeMemberBalances: figures.negativeBalances,
        answers: figures.answers,
        ledgerViolations: figures.ledgerViolations,
        seconds: figures.ms / 1000,
        requestsPerSecond: Math.round(figures.requests / (figures.ms / 1000)),
      },
      null,
      2,
    ),
  );
  failed =
    figures.cleanRounds !== rounds ||
    figures.negativeBalances !== 0 ||
    figures.ledgerViolations.length > 0;
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
