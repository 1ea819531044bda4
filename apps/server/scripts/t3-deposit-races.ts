// reliability.md T3 (deposits), full length, in process through app.inject on a fresh
// database. One function per race (test/reliability/deposit-races.ts); `--race` picks them:
//   webhook   1,000 rounds of 10 simultaneous deliveries of one QR payment's webhook
//   giftLink  1,000 rounds of 50 simultaneous redemptions of one gift link
//   slip      1,000 rounds of 20 simultaneous uploads of one bank slip
// Prints the figures; exits 1 unless every round credited exactly once, no member balance
// went negative and the ledger check is clean.
//   npx tsx apps/server/scripts/t3-deposit-races.ts [--race all|webhook|giftLink]
//     [--rounds 1000] [--deliveries 10] [--redemptions 50] [--uploads 20] [--postgres]
import type { TestApp } from '../test/helpers';
import { startTestApp } from '../test/helpers';
import { phoneOf, runGiftLinkRaces, runWebhookRaces } from '../test/reliability/deposit-races';
import type { DepositRaceFigures } from '../test/reliability/deposit-races';
import { newMember } from '../test/reliability/money-helpers';
import { runSlipRaces, slipRacer } from '../test/reliability/slip-races';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const rounds = intFlag(f, 'rounds', 1000);
const dialect = chooseDialect(f);

type Race = (t: TestApp, rounds: number) => Promise<DepositRaceFigures>;

const progress = (name: string) => (round: number, credits: number) => {
  if (credits !== 1) console.log(`  ${name} round ${round}: ${credits} credits`);
  if ((round + 1) % 100 === 0) console.log(`  ${name}: ${round + 1} rounds done`);
};

/** Each race on its own member. */
const races: Record<string, Race> = {
  webhook: async (t, n) =>
    runWebhookRaces(t, await newMember(t), {
      rounds: n,
      racers: intFlag(f, 'deliveries', 10),
      onRound: progress('webhook'),
    }),
  giftLink: async (t, n) => {
    const m = await newMember(t);
    return runGiftLinkRaces(
      t,
      { ...m, phone: await phoneOf(t.db, m.id) },
      { rounds: n, racers: intFlag(f, 'redemptions', 50), onRound: progress('giftLink') },
    );
  },
  slip: async (t, n) =>
    runSlipRaces(t, await slipRacer(t), {
      rounds: n,
      racers: intFlag(f, 'uploads', 20),
      onRound: progress('slip'),
    }),
};

const wanted = f.get('race') ?? 'all';
const chosen = wanted === 'all' ? Object.keys(races) : wanted.split(',');
for (const name of chosen) {
  if (!races[name]) {
    console.error(`unknown race ${name}; choose from ${Object.keys(races).join(', ')} or all`);
    process.exit(2);
  }
}

const t = await startTestApp(dialect);
let failed = false;
try {
  for (const name of chosen) {
    console.log(`T3 ${name} races on ${dialect}: ${rounds} rounds`);
    const figures = await races[name]!(t, rounds);
    console.log(
      JSON.stringify(
        {
          test: `T3 ${name} races`,
          dialect,
          rounds: figures.rounds,
          requests: figures.requests,
          roundsWithExactlyOneCredit: figures.cleanRounds,
          creditsPerRound: [figures.minCredits, figures.maxCredits],
          negativeMemberBalances: figures.negativeBalances,
          answers: figures.answers,
          ledgerViolations: figures.ledgerViolations,
          seconds: figures.ms / 1000,
          requestsPerSecond: Math.round(figures.requests / Math.max(figures.ms / 1000, 0.001)),
        },
        null,
        2,
      ),
    );
    if (
      figures.cleanRounds !== rounds ||
      figures.negativeBalances !== 0 ||
      figures.ledgerViolations.length > 0
    )
      failed = true;
  }
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
