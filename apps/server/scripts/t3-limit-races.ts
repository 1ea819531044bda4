// reliability.md T3 at a deposit limit's edge (issue 28, decisions 0139 and 0140), full length,
// in process through app.inject on a fresh database. One function per kind of deposit
// (test/reliability/limit-races.ts); each round is a fresh member with a day limit of 1,000
// baht and 20 simultaneous deposits of one kind; `--race` picks them:
//   qr        20 QR creations (10 fit the room, 10 do not): none that fits is refused, the 10
//             others are, one QR stays open and holds its room; paying it credits once
//   giftLink  20 gift links of 137 baht: exactly the 7 that fit are credited
//   slip      20 slips of 137 baht: all credited; exactly 1,000 baht stays, the rest is paid
//             back (decision 0140)
// Prints the figures; exits 1 unless every round came out exactly as the rule says, no member
// balance went negative, no answer was a 5xx and the ledger check is clean.
//   npx tsx apps/server/scripts/t3-limit-races.ts [--race all|qr|giftLink|slip]
//     [--rounds 1000] [--racers 20] [--postgres]
import type { LimitRaceFigures } from '../test/reliability/limit-races';
import {
  runLimitGiftLinkRaces,
  runLimitQrRaces,
  runLimitSlipRaces,
} from '../test/reliability/limit-races';
import type { ScriptRace, ScriptRaceFigures } from './lib/race-script';
import { runRaceScript } from './lib/race-script';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const racers = intFlag(f, 'racers', 20);

const shaped = (figures: LimitRaceFigures): ScriptRaceFigures => {
  // A round beyond its limit is never clean; the figure is printed on its own too.
  if (figures.maxOverLimit > 0)
    console.log(`  ${figures.race}: kept ${figures.maxOverLimit} satang beyond a limit`);
  return { ...figures, perRound: [figures.minAccepted, figures.maxAccepted] };
};
const onBreak = (race: string) => (round: number, what: string) =>
  console.log(`  ${race} round ${round}: ${what}`);

const races: Record<string, ScriptRace> = {
  qr: async (t, rounds, onRound) =>
    shaped(await runLimitQrRaces(t, { rounds, racers, onRound, onBreak: onBreak('qr') })),
  giftLink: async (t, rounds, onRound) =>
    shaped(
      await runLimitGiftLinkRaces(t, { rounds, racers, onRound, onBreak: onBreak('giftLink') }),
    ),
  slip: async (t, rounds, onRound) =>
    shaped(await runLimitSlipRaces(t, { rounds, racers, onRound, onBreak: onBreak('slip') })),
};

await runRaceScript({
  unit: 'clean round',
  labels: { clean: 'roundsExactlyAsTheLimitSays', perRound: 'depositsAcceptedPerRound' },
  races,
  wanted: f.get('race'),
  rounds: intFlag(f, 'rounds', 1000),
  dialect: chooseDialect(f),
});
