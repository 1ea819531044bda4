// reliability.md T3, withdrawals: rounds of 50 simultaneous full-balance withdrawals with
// different idempotency keys against one member. Exactly one may win each round, and no
// member account may go below zero. Shared by the CI test (20 rounds per dialect) and
// apps/server/scripts/t3-withdraw-races.ts (1,000 rounds, prints the figures).
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { ledgerCheck } from '../../src/modules/ledger';

export interface RaceTarget {
  db: Db;
  /** A member call (with the wallet-user header) carrying this member token. */
  call(
    method: string,
    url: string,
    options: { token?: string; headers?: Record<string, string>; body?: unknown },
  ): Promise<LightMyRequestResponse>;
  operatorToken(): Promise<string>;
  fund(memberNo: string, baht: number): Promise<number>;
}

export interface RaceFigures {
  rounds: number;
  requests: number;
  /** Rounds with exactly one winner. */
  cleanRounds: number;
  minWinners: number;
  maxWinners: number;
  /** Answers by `status code`/`message` or `status`. */
  answers: Record<string, number>;
  negativeBalances: number;
  ledgerViolations: string[];
  ms: number;
}

export async function negativeMemberBalances(db: Db): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ledger_accounts
    where member_id is not null and balance < 0`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * Runs `rounds` races for one member. Even rounds withdraw 1,000 baht (paid at once), odd
 * rounds 6,000 baht (above the auto-payout limit: waits, then the operator approves it).
 */
export async function runWithdrawRaces(
  target: RaceTarget,
  member: { token: string; memberNo: string },
  options: { rounds: number; racers?: number; onRound?: (round: number, winners: number) => void },
): Promise<RaceFigures> {
  const racers = options.racers ?? 50;
  const started = Date.now();
  const answers: Record<string, number> = {};
  let cleanRounds = 0;
  let minWinners = Number.POSITIVE_INFINITY;
  let maxWinners = 0;
  const operator = await target.operatorToken();
  for (let round = 0; round < options.rounds; round++) {
    const amount = round % 2 === 0 ? 1000 : 6000;
    await target.fund(member.memberNo, amount);
    const results = await Promise.all(
      Array.from({ length: racers }, () =>
        target.call('POST', '/api/wallet/withdrawAll', {
          token: member.token,
          headers: { 'idempotency-key': `t3-${randomUUID()}` },
          body: { amount },
        }),
      ),
    );
    let winners = 0;
    for (const res of results) {
      const body = res.json<{ message: string; status?: string; reference?: string }>();
      const label = `${res.statusCode} ${body.status ?? body.message}`;
      answers[label] = (answers[label] ?? 0) + 1;
      if (res.statusCode === 200) {
        winners++;
        if (body.status === 'WAITING') {
          const decided = await target.call('POST', `/api/operator/withdrawals/${body.reference}`, {
            token: operator,
            body: { decision: 'approve' },
          });
          if (decided.statusCode !== 200) throw new Error(`approve failed: ${decided.body}`);
        }
      }
    }
    if (winners === 1) cleanRounds++;
    minWinners = Math.min(minWinners, winners);
    maxWinners = Math.max(maxWinners, winners);
    options.onRound?.(round, winners);
  }
  return {
    rounds: options.rounds,
    requests: options.rounds * racers,
    cleanRounds,
    minWinners: options.rounds === 0 ? 0 : minWinners,
    maxWinners,
    answers,
    negativeBalances: await negativeMemberBalances(target.db),
    ledgerViolations: (await ledgerCheck(target.db)).violations,
    ms: Date.now() - started,
  };
}
