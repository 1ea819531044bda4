// reliability.md T3, slips: rounds of 20 simultaneous uploads of one slip (PNG and JPEG
// copies of the same transfer, each with its own idempotency key, as 20 taps or tabs
// would send) by its rightful member. Exactly one credit per round: counted in the ledger
// (postings under the transfer's external reference) and in the member's balance (it grows
// by exactly the amount); the other uploads fail SLIP_REFNO_DUPLICATED. Shared by the CI
// test (10 rounds per dialect) and apps/server/scripts/t3-deposit-races.ts --race slip.
// runSharedSlipRaces (decision 0124): the same slip uploaded at once by its owner and by a
// thief whose account shows the same digits: held, then exactly one credit on approval.
import { ledgerCheck } from '../../src/modules/ledger';
import type { TestApp } from '../helpers';
import { uniqueAccountNo, uniquePhone } from '../helpers';
import { bankTransfer, registeredLongAgo, slipImage, upload } from '../slip-support';
import type { DepositRaceFigures, RaceOptions } from './deposit-races';
import { balances } from './money-helpers';
import { negativeMemberBalances } from './withdraw-races';

export interface SlipRacer {
  token: string;
  id: number;
  bankAccountNo: string;
}

/**
 * A member whose registered account sends the transfers (SCB, as the slips say), of long
 * standing unless `fresh` (a new account's slips wait for an operator: decision 0124).
 */
export async function slipRacer(
  t: TestApp,
  input: { bankAccountNo?: string; bankAccountName?: string; fresh?: boolean } = {},
): Promise<SlipRacer> {
  const bankAccountNo = input.bankAccountNo ?? uniqueAccountNo();
  const token = await t.registerMember({
    username: uniquePhone(),
    bankCode: 'SCB',
    bankAccountNo,
    ...(input.bankAccountName ? { bankAccountName: input.bankAccountName } : {}),
  });
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('member_no', '=', await t.memberNo(token))
    .executeTakeFirstOrThrow();
  if (!input.fresh) await registeredLongAgo(t, row.id);
  return { token, id: row.id, bankAccountNo };
}

export async function runSlipRaces(
  t: TestApp,
  member: SlipRacer,
  options: RaceOptions,
): Promise<DepositRaceFigures> {
  const racers = options.racers ?? 20;
  const started = Date.now();
  const answers: Record<string, number> = {};
  let clean = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let round = 0; round < options.rounds; round++) {
    const amount = 10_000 + round;
    const slip = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo: member.bankAccountNo },
      amount,
    });
    const images = [slipImage(slip), slipImage(slip, { format: 'jpg' })];
    const before = (await balances(t.db, member.id)).cash;
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) => upload(t, member.token, images[i % 2]!)),
    );
    for (const res of results) {
      let message = 'not json';
      try {
        message = res.json<{ message?: string }>().message ?? '';
      } catch {
        // counted as 'not json'
      }
      const label = `${res.statusCode} ${message}`;
      answers[label] = (answers[label] ?? 0) + 1;
    }
    const credits = (
      await t.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('external_ref', '=', `slip:${slip.sendingBank}:${slip.transRef}`)
        .execute()
    ).length;
    const grew = (await balances(t.db, member.id)).cash - before;
    if (credits === 1 && grew === amount) clean++;
    min = Math.min(min, credits);
    max = Math.max(max, credits);
    options.onRound?.(round, credits);
  }
  return {
    race: 'slip',
    rounds: options.rounds,
    requests: options.rounds * racers,
    cleanRounds: clean,
    minCredits: options.rounds === 0 ? 0 : min,
    maxCredits: max,
    answers,
    negativeBalances: await negativeMemberBalances(t.db),
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}

export interface SharedSlipRaceFigures extends DepositRaceFigures {
  /** The most credits any round had before an operator approved anything (must be 0). */
  maxCreditsBeforeReview: number;
}

/**
 * reliability.md T3, slips whose sender two members' accounts fit (decision 0124): each round
 * a member of long standing and a thief who registered just now with the same name and an
 * account showing the same digits upload one slip `racers` times at once between them (half
 * each). The rules credit none (every upload is held for an operator); then an operator
 * approves every held slip at once, and exactly one credit follows.
 */
export async function runSharedSlipRaces(
  t: TestApp,
  options: RaceOptions,
): Promise<SharedSlipRaceFigures> {
  const racers = options.racers ?? 20;
  const started = Date.now();
  const answers: Record<string, number> = {};
  const count = (label: string) => (answers[label] = (answers[label] ?? 0) + 1);
  const cashier = await t.operatorTokenAs('cashier');
  let clean = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let beforeReview = 0;
  for (let round = 0; round < options.rounds; round++) {
    const victim = await slipRacer(t, { bankAccountName: 'SOMCHAI JAIDEE' });
    const thief = await slipRacer(t, {
      bankAccountNo: `8${victim.bankAccountNo.slice(1)}`,
      bankAccountName: 'SOMCHAI JAIDEE',
      fresh: true,
    });
    const amount = 20_000 + round;
    const slip = bankTransfer(t, {
      from: { bankCode: 'SCB', accountNo: victim.bankAccountNo, name: 'MR SOMCHAI JAIDEE' },
      amount,
    });
    const externalRef = `slip:${slip.sendingBank}:${slip.transRef}`;
    const images = [slipImage(slip), slipImage(slip, { format: 'jpg' })];
    const uploads = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        upload(t, (i % 2 === 0 ? victim : thief).token, images[i % 2]!),
      ),
    );
    const held: string[] = [];
    for (const res of uploads) {
      const body = res.json<{ message?: string; slipId?: string }>();
      count(`upload ${res.statusCode} ${body.message ?? ''}`);
      if (body.message === 'PROCESSING' && body.slipId) held.push(body.slipId);
    }
    const reviewed = await creditsUnder(t, externalRef);
    beforeReview = Math.max(beforeReview, reviewed);
    const decisions = await Promise.all(
      held.map((ref, i) =>
        t.call('POST', `/api/operator/deposits/slips/${ref}/approve`, {
          token: cashier,
          body: {},
          headers: { 'idempotency-key': `t3-shared-${process.pid}-${round}-${i}-${Date.now()}` },
        }),
      ),
    );
    for (const res of decisions) {
      const body = res.json<{ state?: string; reason?: string | null; message?: string }>();
      count(
        `approve ${res.statusCode} ${body.state ?? body.message ?? ''}${body.reason ? ` ${body.reason}` : ''}`,
      );
    }
    const credits = await creditsUnder(t, externalRef);
    const [v, th] = [(await balances(t.db, victim.id)).cash, (await balances(t.db, thief.id)).cash];
    if (reviewed === 0 && credits === 1 && v + th === amount) clean++;
    min = Math.min(min, credits);
    max = Math.max(max, credits);
    options.onRound?.(round, credits);
  }
  return {
    race: 'slipShared',
    rounds: options.rounds,
    requests: options.rounds * racers * 2,
    cleanRounds: clean,
    minCredits: options.rounds === 0 ? 0 : min,
    maxCredits: max,
    maxCreditsBeforeReview: beforeReview,
    answers,
    negativeBalances: await negativeMemberBalances(t.db),
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}

async function creditsUnder(t: Pick<TestApp, 'db'>, externalRef: string): Promise<number> {
  const rows = await t.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_ref', '=', externalRef)
    .execute();
  return rows.length;
}
