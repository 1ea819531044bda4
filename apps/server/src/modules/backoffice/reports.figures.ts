// The money and member figures per Bangkok day that the daily report and the dashboard
// share (decision 0094). Money comes from the ledger, classified by the accounts a posting
// moves between (not by event names, so a reversal lands where its money went); members from
// the account module. Integer minor units throughout; baht only at the edge.
import type { Currency, DailyFigures } from '@wallet/contract';
import { satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import { bangkokDate, bangkokDayStart } from '../../lib/bangkok-day';
import { newMembersByHour } from '../account';
import type { HourlyMovement } from '../ledger';
import { accounts, movementsByHour } from '../ledger';

export interface CountSumRaw {
  count: number;
  /** Integer minor units. */
  sum: number;
}

export interface RawFigures {
  deposits: {
    qr: CountSumRaw;
    slip: CountSumRaw;
    giftLink: CountSumRaw;
    /** Outside money into a wallet under any other event (never in production code today). */
    other: CountSumRaw;
    total: CountSumRaw;
  };
  withdrawals: CountSumRaw;
  adjustments: { credit: CountSumRaw; debit: CountSumRaw };
  promotions: { paid: CountSumRaw; forfeited: CountSumRaw };
  newMembers: number;
}

const zero = (): CountSumRaw => ({ count: 0, sum: 0 });

export function emptyFigures(): RawFigures {
  return {
    deposits: { qr: zero(), slip: zero(), giftLink: zero(), other: zero(), total: zero() },
    withdrawals: zero(),
    adjustments: { credit: zero(), debit: zero() },
    promotions: { paid: zero(), forfeited: zero() },
    newMembers: 0,
  };
}

function add(into: CountSumRaw, from: CountSumRaw): void {
  into.count += from.count;
  into.sum += from.sum;
}

/** Adds `from` into `into` (a period's totals). */
export function addFigures(into: RawFigures, from: RawFigures): void {
  for (const key of ['qr', 'slip', 'giftLink', 'other', 'total'] as const)
    add(into.deposits[key], from.deposits[key]);
  add(into.withdrawals, from.withdrawals);
  add(into.adjustments.credit, from.adjustments.credit);
  add(into.adjustments.debit, from.adjustments.debit);
  add(into.promotions.paid, from.promotions.paid);
  add(into.promotions.forfeited, from.promotions.forfeited);
  into.newMembers += from.newMembers;
}

/** Deposits minus withdrawals paid: the money that stayed in. */
export const netOf = (f: RawFigures): number => f.deposits.total.sum - f.withdrawals.sum;

const DEPOSIT_CHANNELS: Record<string, 'qr' | 'slip' | 'giftLink'> = {
  qr_deposit: 'qr',
  slip_deposit: 'slip',
  gift_link_deposit: 'giftLink',
};

/** Where one summed posting belongs in the figures (none: money moving inside the wallet). */
function classify(m: HourlyMovement, currency: Currency, f: RawFigures): void {
  const world = accounts.worldBank(currency).code;
  const adjustments = accounts.house('adjustments', currency).code;
  const promotions = accounts.house('promotions', currency).code;
  const figure = { count: m.transactions, sum: m.amount };
  if (m.debitCode === world && m.creditKind === 'member_cash') {
    add(f.deposits[DEPOSIT_CHANNELS[m.event] ?? 'other'], figure);
    add(f.deposits.total, figure);
  } else if (m.creditCode === world && m.debitKind === 'member_hold') {
    add(f.withdrawals, figure);
  } else if (m.debitCode === adjustments) {
    add(f.adjustments.credit, figure);
  } else if (m.creditCode === adjustments) {
    add(f.adjustments.debit, figure);
  } else if (m.debitCode === promotions) {
    add(f.promotions.paid, figure);
  } else if (m.creditCode === promotions) {
    add(f.promotions.forfeited, figure);
  }
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00.000Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** A UTC hour `YYYY-MM-DDTHH` as the Bangkok day it falls in. */
const dayOfHour = (hour: string) => bangkokDate(`${hour}:00:00.000Z`);

/** The figures of every Bangkok day from `from` to `to` (both included), oldest first. */
export async function figuresByDay(
  db: Db,
  range: { from: string; to: string; currency: Currency },
): Promise<{ date: string; figures: RawFigures }[]> {
  const fromIso = bangkokDayStart(range.from);
  const toIso = bangkokDayStart(range.to, 1);
  const [movements, members] = await Promise.all([
    movementsByHour(db, { fromIso, toIso, currency: range.currency }),
    newMembersByHour(db, { fromIso, toIso }),
  ]);
  const days = new Map<string, RawFigures>();
  for (let date = range.from; date <= range.to; date = addDays(date, 1))
    days.set(date, emptyFigures());
  for (const m of movements) {
    const day = days.get(dayOfHour(m.hour));
    if (day) classify(m, range.currency, day);
  }
  for (const m of members) {
    const day = days.get(dayOfHour(m.hour));
    if (day) day.newMembers += m.count;
  }
  return [...days].map(([date, figures]) => ({ date, figures }));
}

const baht = (c: CountSumRaw) => ({ count: c.count, sum: satangToBaht(c.sum) });

/** The figures as the contract answers them: baht, with the net. */
export function figuresAnswer(f: RawFigures): DailyFigures {
  return {
    deposits: {
      qr: baht(f.deposits.qr),
      slip: baht(f.deposits.slip),
      giftLink: baht(f.deposits.giftLink),
      other: baht(f.deposits.other),
      total: baht(f.deposits.total),
    },
    withdrawals: baht(f.withdrawals),
    adjustments: { credit: baht(f.adjustments.credit), debit: baht(f.adjustments.debit) },
    promotions: { paid: baht(f.promotions.paid), forfeited: baht(f.promotions.forfeited) },
    net: satangToBaht(netOf(f)),
    newMembers: f.newMembers,
  };
}
