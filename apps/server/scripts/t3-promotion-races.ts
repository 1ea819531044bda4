// reliability.md T3 (promotions, issue 12), full length, in process through app.inject on a
// fresh database. One function per race (test/reliability/promotion-races.ts); `--race`
// picks them (comma-separated, or all):
//   coupon           20 simultaneous claims of one spin coupon
//   inviteClaim      20 simultaneous claims of one invite bonus
//   refundReceive    20 simultaneous receives of one week's refund, then 20 addWallets
//   promotionCode    20 simultaneous activations of one promotion code by one member
//   bonusActivation  20 simultaneous activations of one bonus by one member
//   spin             50 simultaneous spins with one coin
// Prints the figures; exits 1 unless every round had exactly one winner (counted in the
// database), no member balance went negative and the ledger check is clean.
//   npx tsx apps/server/scripts/t3-promotion-races.ts [--race all|coupon|...]
//     [--rounds 1000] [--racers n] [--postgres]
import type { ScriptRace } from './lib/race-script';
import { runRaceScript } from './lib/race-script';
import { promotionRaces } from '../test/reliability/promotion-races';
import type { PromotionRaceName } from '../test/reliability/promotion-races';
import { chooseDialect, flags, intFlag } from './script-args';

const f = flags();
const racers = f.has('racers') ? intFlag(f, 'racers', 20) : undefined;

const races = Object.fromEntries(
  (Object.keys(promotionRaces) as PromotionRaceName[]).map((name): [string, ScriptRace] => [
    name,
    async (t, rounds, onRound) => {
      const figures = await promotionRaces[name](t, {
        rounds,
        ...(racers === undefined ? {} : { racers }),
        onRound,
      });
      return { ...figures, perRound: [figures.minWinners, figures.maxWinners] };
    },
  ]),
);

await runRaceScript({
  unit: 'winner',
  races,
  wanted: f.get('race'),
  rounds: intFlag(f, 'rounds', 1000),
  dialect: chooseDialect(f),
});
