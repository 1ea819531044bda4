// reliability.md T3 (deposits), full length, in process through app.inject on a fresh
// database. One function per race (test/reliability/deposit-races.ts); `--race` picks them:
//   webhook   1,000 rounds of 10 simultaneous deliveries of one QR payment's webhook
//   giftLink  1,000 rounds of 50 simultaneous redemptions of one gift link
//   slip      1,000 rounds of 20 simultaneous uploads of one bank slip
//   slipShared 1,000 rounds of 20 uploads of one slip by its owner and a thief whose account
//             shows the same digits: none credited by the rules, then 20 approvals at once
//             credit once (decision 0124)
// Prints the figures; exits 1 unless every round credited exactly once, no member balance
// went negative and the ledger check is clean.
//   npx tsx apps/server/scripts/t3-deposit-races.ts [--race all|webhook|giftLink|slip|slipShared]
//     [--rounds 1000] [--deliveries 10] [--redemptions 50] [--uploads 20] [--postgres]
import { phoneOf, runGiftLinkRaces, runWebhookRaces } from '../test/reliability/deposit-races';
import type { DepositRaceFigures } from '../test/reliability/deposit-races';
import { newMember } from '../test/reliability/money-helpers';
import { runSharedSlipRaces, runSlipRaces, slipRacer } from '../test/reliability/slip-races';
import type { ScriptRace, ScriptRaceFigures } from './lib/race-script';
import { runRaceScript } from './lib/race-script';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();

const shaped = (figures: DepositRaceFigures): ScriptRaceFigures => ({
  ...figures,
  perRound: [figures.minCredits, figures.maxCredits],
});

/** Each race on its own member. */
const races: Record<string, ScriptRace> = {
  webhook: async (t, rounds, onRound) =>
    shaped(
      await runWebhookRaces(t, await newMember(t), {
        rounds,
        racers: intFlag(f, 'deliveries', 10),
        onRound,
      }),
    ),
  giftLink: async (t, rounds, onRound) => {
    const m = await newMember(t);
    return shaped(
      await runGiftLinkRaces(
        t,
        { ...m, phone: await phoneOf(t.db, m.id) },
        { rounds, racers: intFlag(f, 'redemptions', 50), onRound },
      ),
    );
  },
  slip: async (t, rounds, onRound) =>
    shaped(
      await runSlipRaces(t, await slipRacer(t), {
        rounds,
        racers: intFlag(f, 'uploads', 20),
        onRound,
      }),
    ),
  slipShared: async (t, rounds, onRound) =>
    shaped(await runSharedSlipRaces(t, { rounds, racers: intFlag(f, 'uploads', 20), onRound })),
};

await runRaceScript({
  unit: 'credit',
  races,
  wanted: f.get('race'),
  rounds: intFlag(f, 'rounds', 1000),
  dialect: chooseDialect(f),
});
