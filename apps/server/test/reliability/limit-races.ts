// reliability.md T3 at a deposit limit's edge (issue 28, decisions 0139 and 0140): rounds of
// 20 simultaneous deposits of one kind by a member whose day limit leaves little room. Each
// kind has its own rule, and a round is clean only when exactly that rule's outcome came out:
//   qr        an open QR counts toward the limit until it expires, is cancelled or is paid; a
//             new QR cancels the member's open one. 20 creations at once, half that fit the
//             room and half that do not: none of the 10 that fit is refused by the limit
//             (each replaces the last; one replaced while its gateway answered gets QR_FAIL),
//             the 10 others are refused DEPOSIT_LIMIT_REACHED, exactly one QR is left open and
//             holds its room against a gift link; paying it credits once, and then only what
//             is left fits.
//   giftLink  a claimed gift link counts from its claim: 20 links at once, exactly as many as
//             fit are credited, the rest refused DEPOSIT_LIMIT_REACHED.
//   slip      a slip is never refused at upload (decision 0140): 20 slips of 20 transfers
//             uploaded at once are all credited in full; what goes beyond the limit is paid
//             back (a withdrawal `protection-return:<ref>`, a protection_returns row), so what
//             stays is exactly the limit and the member's limit shows it used up.
// Shared by t3-limit-races.int.test.ts (a few rounds per dialect) and
// apps/server/scripts/t3-limit-races.ts (1,000 rounds).
import { ledgerCheck } from '../../src/modules/ledger';
import type { TestApp } from '../helpers';
import {
  createQr,
  creditTestDeposit,
  deliverWebhook,
  encryptGiftLink,
  redeemLink,
} from '../deposit-support';
import { bankTransfer, slipImage, upload } from '../slip-support';
import { phoneOf } from './deposit-races';
import type { RaceOptions } from './deposit-races';
import { balances, newMember, tallyAnswer } from './money-helpers';
import type { Member } from './money-helpers';
import { slipRacer } from './slip-races';
import { negativeMemberBalances } from './withdraw-races';

/** The day limit of every round, baht. */
export const LIMIT_BAHT = 1000;

export interface LimitRaceFigures {
  race: string;
  rounds: number;
  requests: number;
  /** Rounds whose outcome was exactly the rule's. */
  cleanRounds: number;
  /** The fewest and most deposits accepted (kept in full, for slips) in one round. */
  minAccepted: number;
  maxAccepted: number;
  /** The most any round kept beyond its limit, satang (must be 0). */
  maxOverLimit: number;
  answers: Record<string, number>;
  negativeBalances: number;
  ledgerViolations: string[];
  ms: number;
}

export interface LimitRaceOptions extends RaceOptions {
  /** Called with the first rule the round broke (a clean round is not reported). */
  onBreak?: (round: number, what: string) => void;
}

const setDayLimit = async (t: TestApp, token: string, baht: number) => {
  const res = await t.call('PUT', '/api/protection/limits', {
    token,
    body: { kind: 'deposit', period: 'day', amount: baht },
  });
  if (res.statusCode !== 200) throw new Error(`limit: ${res.statusCode} ${res.body}`);
};

const messageOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { message?: string }).message;
  } catch {
    return undefined;
  }
};

async function creditsUnder(t: Pick<TestApp, 'db'>, externalRef: string): Promise<number> {
  const rows = await t.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('external_ref', '=', externalRef)
    .execute();
  return rows.length;
}

async function returnsOf(t: Pick<TestApp, 'db'>, memberId: number) {
  const rows = await t.db
    .selectFrom('protection_returns')
    .select(['deposit_amount', 'returned_amount', 'cause', 'withdrawal_ref'])
    .where('member_id', '=', memberId)
    .execute();
  return rows.map((r) => ({
    deposit: Number(r.deposit_amount),
    returned: Number(r.returned_amount),
    cause: r.cause,
    withdrawalRef: r.withdrawal_ref,
  }));
}

/** The deposit day limit's `used` in the member's own view (baht). */
async function usedOfDayLimit(t: TestApp, token: string): Promise<number | undefined> {
  const res = await t.call('GET', '/api/protection', { token });
  const limits = res.json<{ limits?: { kind: string; period: string; used: number }[] }>().limits;
  return limits?.find((l) => l.kind === 'deposit' && l.period === 'day')?.used;
}

interface Tally {
  clean: number;
  min: number;
  max: number;
  over: number;
  answers: Record<string, number>;
}

const newTally = (): Tally => ({
  clean: 0,
  min: Number.POSITIVE_INFINITY,
  max: 0,
  over: 0,
  answers: {},
});

async function finish(
  t: Pick<TestApp, 'db'>,
  race: string,
  options: LimitRaceOptions,
  requestsPerRound: number,
  tally: Tally,
  started: number,
): Promise<LimitRaceFigures> {
  return {
    race,
    rounds: options.rounds,
    requests: options.rounds * requestsPerRound,
    cleanRounds: tally.clean,
    minAccepted: options.rounds === 0 ? 0 : tally.min,
    maxAccepted: tally.max,
    maxOverLimit: tally.over,
    answers: tally.answers,
    negativeBalances: await negativeMemberBalances(t.db),
    ledgerViolations: (await ledgerCheck(t.db)).violations,
    ms: Date.now() - started,
  };
}

/** Checks a round's facts in order; the first false one is the broken rule. */
function judge(facts: [string, boolean][]): string | null {
  for (const [what, holds] of facts) if (!holds) return what;
  return null;
}

function close(
  tally: Tally,
  options: LimitRaceOptions,
  round: number,
  accepted: number,
  broken: string | null,
): void {
  tally.min = Math.min(tally.min, accepted);
  tally.max = Math.max(tally.max, accepted);
  if (broken === null) tally.clean++;
  else options.onBreak?.(round, broken);
  options.onRound?.(round, broken === null ? 1 : 0);
}

/**
 * Each round: a fresh member with a day limit of 1,000 baht who already deposited 400; 20 QR
 * creations at once, even ones of 500 baht (fit the 600 left), odd ones of 700 (do not). The
 * 10 that fit are never refused (QR_FAIL when superseded while the gateway answered); exactly
 * one QR stays open and holds 500 of the room: a gift link of 101 is refused; paying the QR
 * credits once; then a QR of 101 is refused.
 */
export async function runLimitQrRaces(
  t: TestApp,
  options: LimitRaceOptions,
): Promise<LimitRaceFigures> {
  const racers = options.racers ?? 20;
  const started = Date.now();
  const tally = newTally();
  const [fit, tooBig, before] = [500, 700, 400];
  for (let round = 0; round < options.rounds; round++) {
    const m = await newMember(t);
    await setDayLimit(t, m.token, LIMIT_BAHT);
    await creditTestDeposit(t, m.id, before * 100);
    const results = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        createQr(t, m.token, 'KBANK', i % 2 === 0 ? fit : tooBig),
      ),
    );
    const fitting = Math.ceil(racers / 2);
    let accepted = 0;
    let superseded = 0;
    let refusedRight = 0;
    results.forEach((res, i) => {
      tallyAnswer(tally.answers, res.statusCode, res.body);
      const body = res.json<{ qrcodeId?: string; message?: string; remaining?: number }>();
      if (i % 2 === 0) {
        // One that fits is never refused by the limit: it gets its QR, or QR_FAIL when a
        // later creation cancelled it while its gateway answered (one open QR per member).
        if (res.statusCode === 200 && body.qrcodeId) accepted++;
        else if (res.statusCode === 200 && body.message === 'QR_FAIL') superseded++;
      } else if (
        // A refusal names the room: the open QR it would replace is not counted.
        res.statusCode === 403 &&
        body.message === 'DEPOSIT_LIMIT_REACHED' &&
        body.remaining === LIMIT_BAHT - before
      )
        refusedRight++;
    });
    const open = await t.db
      .selectFrom('qr_deposits')
      .select(['ref', 'amount', 'status'])
      .where('member_id', '=', m.id)
      .where('status', 'in', ['CREATING', 'OPEN'])
      .execute();
    // The open QR counts toward the limit: a gift link of more than what is left is refused.
    const gift = t.gifts.issue(await phoneOf(t.db, m.id), (LIMIT_BAHT - before - fit + 1) * 100);
    const claim = await redeemLink(t, m.token, encryptGiftLink(gift.link));
    tallyAnswer(tally.answers, claim.statusCode, claim.body);
    const claimRefused =
      claim.statusCode === 403 &&
      messageOf(claim.body) === 'DEPOSIT_LIMIT_REACHED' &&
      claim.json<{ remaining?: number }>().remaining === LIMIT_BAHT - before - fit;
    // Pay the one left open: one credit; then only the rest of the limit fits.
    let credits = -1;
    let after: { status: number; message: string | undefined; remaining?: number } = {
      status: 0,
      message: undefined,
    };
    if (open.length === 1) {
      const event = t.qr.pay('KBANK', open[0]!.ref);
      const delivered = await deliverWebhook(t, event);
      tallyAnswer(tally.answers, delivered.statusCode, delivered.body);
      credits = await creditsUnder(t, `qr:KBANK:${event.txnId}`);
      const more = await createQr(t, m.token, 'KBANK', LIMIT_BAHT - before - fit + 1);
      tallyAnswer(tally.answers, more.statusCode, more.body);
      after = {
        status: more.statusCode,
        message: messageOf(more.body),
        remaining: more.json<{ remaining?: number }>().remaining,
      };
    }
    const kept = (await balances(t.db, m.id)).cash;
    tally.over = Math.max(tally.over, kept - LIMIT_BAHT * 100);
    const broken = judge([
      [
        `${accepted} QRs accepted and ${superseded} superseded of ${fitting} that fit`,
        accepted >= 1 && accepted + superseded === fitting,
      ],
      [
        `${refusedRight} of ${racers - fitting} refused with the room`,
        refusedRight === racers - fitting,
      ],
      [`${open.length} QRs open`, open.length === 1 && Number(open[0]!.amount) === fit * 100],
      [`a gift link beyond the open QR's room: ${claim.statusCode} ${claim.body}`, claimRefused],
      [`${credits} credits for the paid QR`, credits === 1],
      [`wallet ${kept}`, kept === (before + fit) * 100],
      [
        `after the payment: ${after.status} ${after.message} remaining ${after.remaining}`,
        after.status === 403 &&
          after.message === 'DEPOSIT_LIMIT_REACHED' &&
          after.remaining === LIMIT_BAHT - before - fit,
      ],
      ['a return was made', (await returnsOf(t, m.id)).length === 0],
    ]);
    close(tally, options, round, accepted, broken);
  }
  return finish(t, 'qr', options, racers + 3, tally, started);
}

const GIFT_SATANG = 13_700;

/** Each round: a fresh member with a day limit of 1,000 baht redeems 20 links of 137 at once. */
export async function runLimitGiftLinkRaces(
  t: TestApp,
  options: LimitRaceOptions,
): Promise<LimitRaceFigures> {
  const racers = options.racers ?? 20;
  const started = Date.now();
  const tally = newTally();
  const fitting = Math.min(racers, Math.floor((LIMIT_BAHT * 100) / GIFT_SATANG));
  for (let round = 0; round < options.rounds; round++) {
    const m: Member = await newMember(t);
    const phone = await phoneOf(t.db, m.id);
    await setDayLimit(t, m.token, LIMIT_BAHT);
    const vouchers = Array.from({ length: racers }, () => t.gifts.issue(phone, GIFT_SATANG));
    const results = await Promise.all(
      vouchers.map((v) => redeemLink(t, m.token, encryptGiftLink(v.link))),
    );
    let accepted = 0;
    let refused = 0;
    for (const res of results) {
      tallyAnswer(tally.answers, res.statusCode, res.body);
      const message = messageOf(res.body);
      if (res.statusCode === 200 && message === 'SUCCESS') accepted++;
      if (res.statusCode === 403 && message === 'DEPOSIT_LIMIT_REACHED') refused++;
    }
    let credits = 0;
    for (const v of vouchers) credits += await creditsUnder(t, `gift:${v.hash}`);
    const kept = (await balances(t.db, m.id)).cash;
    tally.over = Math.max(tally.over, kept - LIMIT_BAHT * 100);
    const broken = judge([
      [`${accepted} links credited, ${fitting} fit`, accepted === fitting],
      [`${refused} refused`, refused === racers - fitting],
      [`${credits} ledger credits`, credits === fitting],
      [`wallet ${kept}`, kept === fitting * GIFT_SATANG],
      ['a return was made', (await returnsOf(t, m.id)).length === 0],
    ]);
    close(tally, options, round, accepted, broken);
  }
  return finish(t, 'giftLink', options, racers, tally, started);
}

const SLIP_SATANG = 13_700;

/**
 * Each round: a fresh member of long standing with a day limit of 1,000 baht uploads 20 slips
 * of 20 transfers of 137 baht at once. Decision 0140: all credited in full; 7 stay whole, one
 * stays in part (41 baht), the rest goes back; what stays is exactly 1,000 baht.
 */
export async function runLimitSlipRaces(
  t: TestApp,
  options: LimitRaceOptions,
): Promise<LimitRaceFigures> {
  const racers = options.racers ?? 20;
  const started = Date.now();
  const tally = newTally();
  const limit = LIMIT_BAHT * 100;
  const total = racers * SLIP_SATANG;
  const keptWhole = Math.min(racers, Math.floor(limit / SLIP_SATANG));
  const stays = Math.min(total, limit);
  for (let round = 0; round < options.rounds; round++) {
    const m = await slipRacer(t);
    await setDayLimit(t, m.token, LIMIT_BAHT);
    const slips = Array.from({ length: racers }, () =>
      bankTransfer(t, {
        from: { bankCode: 'SCB', accountNo: m.bankAccountNo },
        amount: SLIP_SATANG,
      }),
    );
    const results = await Promise.all(
      slips.map((s, i) => upload(t, m.token, slipImage(s, i % 2 ? { format: 'jpg' } : {}))),
    );
    let answeredOk = 0;
    for (const res of results) {
      tallyAnswer(tally.answers, res.statusCode, res.body);
      if (res.statusCode === 200 && messageOf(res.body) === 'SUCCESS') answeredOk++;
    }
    let credits = 0;
    for (const s of slips) credits += await creditsUnder(t, `slip:${s.sendingBank}:${s.transRef}`);
    const returns = await returnsOf(t, m.id);
    const returned = returns.reduce((n, r) => n + r.returned, 0);
    const refs = returns.map((r) => r.withdrawalRef);
    const payouts =
      refs.length === 0
        ? []
        : await t.db
            .selectFrom('withdrawals')
            .select(['amount', 'idempotency_key'])
            .where('ref', 'in', refs)
            .execute();
    const statement = await t.db
      .selectFrom('statement_items')
      .select('amount')
      .where('member_id', '=', m.id)
      .where('statement_type', '=', 'deposit')
      .where('status', '=', 'SUCCESS')
      .execute();
    const { cash, hold } = await balances(t.db, m.id);
    tally.over = Math.max(tally.over, cash - limit);
    const wholeKept = racers - returns.length;
    const used = await usedOfDayLimit(t, m.token);
    const broken = judge([
      [`${answeredOk} uploads answered SUCCESS`, answeredOk === racers],
      [`${credits} credits`, credits === racers],
      [
        `${statement.length} deposit rows in the statement`,
        statement.length === racers && statement.every((s) => Number(s.amount) === SLIP_SATANG),
      ],
      [`wallet ${cash}, limit ${limit}`, cash === stays],
      [`returned ${returned} of ${total}`, returned === total - stays],
      [`withdraw hold ${hold}`, hold === returned],
      [
        `${returns.length} returns, ${wholeKept} kept whole`,
        wholeKept === keptWhole &&
          returns.every((r) => r.cause === 'deposit_limit' && r.deposit === SLIP_SATANG) &&
          returns.filter((r) => r.returned < SLIP_SATANG).length === (stays % SLIP_SATANG ? 1 : 0),
      ],
      [
        `${payouts.length} return payouts`,
        payouts.length === returns.length &&
          payouts.reduce((n, p) => n + Number(p.amount), 0) === returned &&
          payouts.every((p) => String(p.idempotency_key).startsWith('protection-return:')),
      ],
      [`the limit shows ${used} used`, used === stays / 100],
    ]);
    close(tally, options, round, wholeKept, broken);
  }
  return finish(t, 'slip', options, racers, tally, started);
}
