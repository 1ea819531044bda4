// The shape every T3 race script shares (t3-deposit-races.ts, t3-promotion-races.ts,
// t3-limit-races.ts): pick
// races by `--race all|a,b`, run each on one fresh test app, print each one's figures as
// JSON, and exit 1 unless every round had exactly one credit (winner), no member balance
// went negative, no answer was a 5xx and the ledger check is clean (2 for an unknown race).
import type { DialectName } from '../../src/db/database';
import type { TestApp } from '../../test/helpers';
import { startTestApp } from '../../test/helpers';

export interface ScriptRaceFigures {
  rounds: number;
  requests: number;
  cleanRounds: number;
  /** The fewest and most credits (winners) of one race in a round. */
  perRound: [number, number];
  negativeBalances: number;
  answers: Record<string, number>;
  ledgerViolations: string[];
  ms: number;
}

/** Called after each round with the credits (winners) of each race in it. */
export type RoundReport = (round: number, counts: number | readonly number[]) => void;

export type ScriptRace = (
  t: TestApp,
  rounds: number,
  onRound: RoundReport,
) => Promise<ScriptRaceFigures>;

export interface RaceScript {
  /** What a round must have exactly one of: `credit`, `winner`, or `clean round` (1: clean). */
  unit: 'credit' | 'winner' | 'clean round';
  /**
   * JSON names of the clean-round count and the per-round range, where a clean round is not
   * "exactly one" of the unit (the limit races: exactly what fits; the range: deposits kept).
   */
  labels?: { clean: string; perRound: string };
  races: Record<string, ScriptRace>;
  /** `--race`'s value (default all). */
  wanted: string | undefined;
  rounds: number;
  dialect: DialectName;
}

const progress =
  (name: string, unit: string): RoundReport =>
  (round, counts) => {
    const list = typeof counts === 'number' ? [counts] : counts;
    if (list.some((n) => n !== 1))
      console.log(`  ${name} round ${round}: ${list.join('/')} ${unit}s`);
    if ((round + 1) % 100 === 0) console.log(`  ${name}: ${round + 1} rounds done`);
  };

/** Runs the chosen races, prints the figures and exits the process (0 only when all held). */
export async function runRaceScript(script: RaceScript): Promise<never> {
  const { races, rounds, dialect, unit } = script;
  const wanted = script.wanted ?? 'all';
  const chosen = wanted === 'all' ? Object.keys(races) : wanted.split(',');
  for (const name of chosen) {
    if (!races[name]) {
      console.error(`unknown race ${name}; choose from ${Object.keys(races).join(', ')} or all`);
      process.exit(2);
    }
  }
  const Unit = unit[0]!.toUpperCase() + unit.slice(1);
  const t = await startTestApp(dialect);
  let failed = false;
  try {
    for (const name of chosen) {
      console.log(`T3 ${name} races on ${dialect}: ${rounds} rounds`);
      const figures = await races[name]!(t, rounds, progress(name, unit));
      console.log(
        JSON.stringify(
          {
            test: `T3 ${name} races`,
            dialect,
            rounds: figures.rounds,
            requests: figures.requests,
            [script.labels?.clean ?? `roundsWithExactlyOne${Unit}`]: figures.cleanRounds,
            [script.labels?.perRound ?? `${unit}sPerRound`]: figures.perRound,
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
      // A race may refuse the losers, never crash on them: any 5xx answer fails the run.
      const serverErrors = Object.entries(figures.answers)
        .filter(([answer]) => /^5\d\d\b/.test(answer))
        .reduce((sum, [, count]) => sum + count, 0);
      if (
        figures.cleanRounds !== rounds ||
        figures.negativeBalances !== 0 ||
        figures.ledgerViolations.length > 0 ||
        serverErrors > 0
      )
        failed = true;
    }
  } finally {
    await t.close();
  }
  process.exit(failed ? 1 : 0);
}
