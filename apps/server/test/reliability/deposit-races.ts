// reliability.md T3, deposits: rounds of simultaneous deliveries of one QR payment's webhook
// (10 by default) and simultaneous redemptions of one gift link (50 by default, each with
// its own idempotency key, as 50 browser tabs would send). Exactly one credit per round:
// counted in the ledger (postings under the payment's external reference) and in the
// member's balance (it grows by exactly the amount). One function per race, shared by the
// CI test (20 rounds per dialect) and apps/server/scripts/t3-deposit-races.ts (1,000).
import type { QrGatewayCode } from '@wallet/contract';
import { ledgerCheck } from '../../src/modules/ledger';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../helpers';
import { createQr, deliverWebhook, encryptGiftLink, redeemLink } from '../deposit-support';
import type { QrAnswer } from '../deposit-support';
import { balances, tallyAnswer } from './money-helpers';
import type { Member } from './money-helpers';
import { negativeMemberBalances } from './withdraw-races';

export interface DepositRaceFigures {
  race: string;
  rounds: number;
  requests: number;
  /** Rounds with exactly one ledger credit and the balance up by exactly the amount. */
  cleanRounds: number;
  minCredits: number;
  maxCredits: number;
  /** Answers by `status message`. */
  answers: Record<string, number>;
  negativeBalances: number;
  ledgerViolations: string[];
  ms: number;
}

export interface RaceOptions {
  rounds: number;
  /** Simultaneous requests per round. */
  racers?: number;
  onRound?: (round: number, credits: number) => void;
}

async function creditsUnder(db: Db, externalRef: string): Promise<number> {
  const rows = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_ref', '=', externalRef)
    .execute();
  return rows.length;
}

async function finish(
  t: Pick<TestApp, 'db'>,
  race: string,
  options: RaceOptions,
  racers: number,
  tallies: { clean: number; min: number; max: number; answers: Record<string, number> },
  started: number,
): Promise<DepositRaceFigures> {
  return {
    race,
    rounds: options.rounds,
    requests: options.rounds * racers,
    cleanRounds: tallies.clean,
    minCredits: options.rounds === 0 ? 0 : tallies.min,
    maxCredits: tallies.max,
    answers: tallies.answers,
    negativeBalances: await negativeMemberBalances(t.db),
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}

const GATEWAYS: QrGatewayCode[] = ['KBANK', 'WW', 'PAYTIMZ'];

/** Each round: a fresh QR is paid once; its webhook is delivered `racers` times at once. */
export async function runWebhookRaces(
  t: TestApp,
  member: Member,
  options: RaceOptions,
): Promise<DepositRaceFigures> {
  const racers = options.racers ?? 10;
  const started = Date.now();
  const tallies = { clean: 0, min: Number.POSITIVE_INFINITY, max: 0, answers: {} };
  for (let round = 0; round < options.rounds; round++) {
    const gateway = GATEWAYS[round % GATEWAYS.length]!;
    const baht = 100 + (round % 50);
    const created = await createQr(t, member.token, gateway, baht);
    const qr = created.json<QrAnswer>();
    if (!qr.qrcodeId) throw new Error(`QR create failed: ${created.body}`);
    const event = t.qr.pay(gateway, qr.qrcodeId);
    const before = (await balances(t.db, member.id)).cash;
    const results = await Promise.all(
      Array.from({ length: racers }, () => deliverWebhook(t, event)),
    );
    for (const res of results) tallyAnswer(tallies.answers, res.statusCode, res.body);
    const credits = await creditsUnder(t.db, `qr:${gateway}:${event.txnId}`);
    const grew = (await balances(t.db, member.id)).cash - before;
    if (credits === 1 && grew === baht * 100) tallies.clean++;
    tallies.min = Math.min(tallies.min, credits);
    tallies.max = Math.max(tallies.max, credits);
    options.onRound?.(round, credits);
  }
  return finish(t, 'webhook', options, racers, tallies, started);
}

/** Each round: one gift link of the member's is redeemed by `racers` requests at once. */
export async function runGiftLinkRaces(
  t: TestApp,
  member: Member & { phone: string },
  options: RaceOptions,
): Promise<DepositRaceFigures> {
  const racers = options.racers ?? 50;
  const started = Date.now();
  const tallies = { clean: 0, min: Number.POSITIVE_INFINITY, max: 0, answers: {} };
  for (let round = 0; round < options.rounds; round++) {
    const satang = 200 + (round % 100) * 37;
    const voucher = t.gifts.issue(member.phone, satang);
    const link = encryptGiftLink(voucher.link);
    const before = (await balances(t.db, member.id)).cash;
    const results = await Promise.all(
      Array.from({ length: racers }, () => redeemLink(t, member.token, link)),
    );
    for (const res of results) tallyAnswer(tallies.answers, res.statusCode, res.body);
    const credits = await creditsUnder(t.db, `gift:${voucher.hash}`);
    const grew = (await balances(t.db, member.id)).cash - before;
    const winners = results.filter((r) => r.statusCode === 200).length;
    if (credits === 1 && winners === 1 && grew === satang) tallies.clean++;
    tallies.min = Math.min(tallies.min, credits);
    tallies.max = Math.max(tallies.max, credits);
    options.onRound?.(round, credits);
  }
  return finish(t, 'giftLink', options, racers, tallies, started);
}

/** The member's phone (login name), which gift links must come from. */
export async function phoneOf(db: Db, memberId: number): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select('username')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.username;
}
