// The operator's reports (decision 0094): per Bangkok day, and per ledger account kind, as
// the contract's JSON and as CSV files.
import type { Currency, DailyFigures, DailyReport, LedgerReport, Locale } from '@wallet/contract';
import { ledgerAccountKinds, satangToBaht } from '@wallet/contract';
import type { Db } from '../../db/database';
import { bangkokDayStart } from '../../lib/bangkok-day';
import { countTransactions, movementsByKind, storedBalancesByKind } from '../ledger';
import type { CsvCell } from './reports.csv';
import { toCsv } from './reports.csv';
import { addFigures, emptyFigures, figuresAnswer, figuresByDay } from './reports.figures';

export interface ReportRange {
  from: string;
  to: string;
  currency: Currency;
}

export async function dailyReport(db: Db, range: ReportRange): Promise<DailyReport> {
  const days = await figuresByDay(db, range);
  const totals = emptyFigures();
  for (const day of days) addFigures(totals, day.figures);
  return {
    ...range,
    days: days.map((d) => ({ date: d.date, ...figuresAnswer(d.figures) })),
    totals: figuresAnswer(totals),
  };
}

export async function ledgerReport(db: Db, range: ReportRange): Promise<LedgerReport> {
  const fromIso = bangkokDayStart(range.from);
  const toIso = bangkokDayStart(range.to, 1);
  const { currency } = range;
  const [before, period, allTime, stored, transactions] = await Promise.all([
    movementsByKind(db, { toIso: fromIso, currency }),
    movementsByKind(db, { fromIso, toIso, currency }),
    movementsByKind(db, { currency }),
    storedBalancesByKind(db, currency),
    countTransactions(db, { fromIso, toIso, currency }),
  ]);
  const net = (m: { debits: number; credits: number } | undefined) =>
    m ? m.credits - m.debits : 0;
  let sumOfBalances = 0;
  const kinds = ledgerAccountKinds.map((kind) => {
    const opening = net(before.get(kind));
    const moved = period.get(kind) ?? { debits: 0, credits: 0 };
    const storedBalance = stored.get(kind) ?? 0;
    const entriesBalance = net(allTime.get(kind));
    sumOfBalances += storedBalance;
    return {
      kind,
      opening: satangToBaht(opening),
      debits: satangToBaht(moved.debits),
      credits: satangToBaht(moved.credits),
      closing: satangToBaht(opening + moved.credits - moved.debits),
      storedBalance: satangToBaht(storedBalance),
      entriesBalance: satangToBaht(entriesBalance),
      balanced: storedBalance === entriesBalance,
    };
  });
  return {
    ...range,
    kinds,
    transactions,
    check: {
      ok: sumOfBalances === 0 && kinds.every((k) => k.balanced),
      sumOfBalances: satangToBaht(sumOfBalances),
    },
  };
}

type Text = Record<'th' | 'en', string>;
/** Column headings in Thai and English; Lao readers get English (decision 0094). */
const say = (text: Text, locale: Locale) => (locale === 'th' ? text.th : text.en);

const DAILY_COLUMNS: [Text, (f: DailyFigures) => CsvCell][] = [
  [{ th: 'ฝาก QR (รายการ)', en: 'QR deposits (count)' }, (f) => f.deposits.qr.count],
  [{ th: 'ฝาก QR (บาท)', en: 'QR deposits (THB)' }, (f) => f.deposits.qr.sum],
  [{ th: 'ฝากสลิป (รายการ)', en: 'Slip deposits (count)' }, (f) => f.deposits.slip.count],
  [{ th: 'ฝากสลิป (บาท)', en: 'Slip deposits (THB)' }, (f) => f.deposits.slip.sum],
  [
    { th: 'ฝากซองของขวัญ (รายการ)', en: 'Gift link deposits (count)' },
    (f) => f.deposits.giftLink.count,
  ],
  [{ th: 'ฝากซองของขวัญ (บาท)', en: 'Gift link deposits (THB)' }, (f) => f.deposits.giftLink.sum],
  [{ th: 'ฝากอื่น ๆ (รายการ)', en: 'Other deposits (count)' }, (f) => f.deposits.other.count],
  [{ th: 'ฝากอื่น ๆ (บาท)', en: 'Other deposits (THB)' }, (f) => f.deposits.other.sum],
  [{ th: 'ฝากรวม (รายการ)', en: 'Deposits (count)' }, (f) => f.deposits.total.count],
  [{ th: 'ฝากรวม (บาท)', en: 'Deposits (THB)' }, (f) => f.deposits.total.sum],
  [{ th: 'ถอนที่จ่ายแล้ว (รายการ)', en: 'Withdrawals paid (count)' }, (f) => f.withdrawals.count],
  [{ th: 'ถอนที่จ่ายแล้ว (บาท)', en: 'Withdrawals paid (THB)' }, (f) => f.withdrawals.sum],
  [{ th: 'ปรับเพิ่ม (รายการ)', en: 'Adjustments credit (count)' }, (f) => f.adjustments.credit.count],
  [{ th: 'ปรับเพิ่ม (บาท)', en: 'Adjustments credit (THB)' }, (f) => f.adjustments.credit.sum],
  [{ th: 'ปรับลด (รายการ)', en: 'Adjustments debit (count)' }, (f) => f.adjustments.debit.count],
  [{ th: 'ปรับลด (บาท)', en: 'Adjustments debit (THB)' }, (f) => f.adjustments.debit.sum],
  [{ th: 'โปรโมชันที่จ่าย (รายการ)', en: 'Promotions paid (count)' }, (f) => f.promotions.paid.count],
  [{ th: 'โปรโมชันที่จ่าย (บาท)', en: 'Promotions paid (THB)' }, (f) => f.promotions.paid.sum],
  [
    { th: 'โปรโมชันที่ริบคืน (รายการ)', en: 'Promotions forfeited (count)' },
    (f) => f.promotions.forfeited.count,
  ],
  [
    { th: 'โปรโมชันที่ริบคืน (บาท)', en: 'Promotions forfeited (THB)' },
    (f) => f.promotions.forfeited.sum,
  ],
  [{ th: 'สุทธิ (บาท)', en: 'Net (THB)' }, (f) => f.net],
  [{ th: 'สมาชิกใหม่', en: 'New members' }, (f) => f.newMembers],
];

export function dailyCsv(report: DailyReport, locale: Locale): string {
  return toCsv([
    [say({ th: 'วันที่', en: 'Date' }, locale), ...DAILY_COLUMNS.map(([h]) => say(h, locale))],
    ...report.days.map((d) => [d.date, ...DAILY_COLUMNS.map(([, get]) => get(d))]),
    [
      say({ th: 'รวม', en: 'Total' }, locale),
      ...DAILY_COLUMNS.map(([, get]) => get(report.totals)),
    ],
  ]);
}

const KIND_NAMES: Record<(typeof ledgerAccountKinds)[number], Text> = {
  member_cash: { th: 'กระเป๋าเงินสมาชิก', en: 'Member wallets' },
  member_hold: { th: 'เงินพักของสมาชิก', en: 'Member holds' },
  provider: { th: 'ค่ายเกม', en: 'Game providers' },
  world: { th: 'ธนาคาร (ภายนอก)', en: 'Banks (outside world)' },
  house: { th: 'บัญชีของเว็บ', en: 'House' },
};

export function ledgerCsv(report: LedgerReport, locale: Locale): string {
  const yes = say({ th: 'ตรง', en: 'yes' }, locale);
  const no = say({ th: 'ไม่ตรง', en: 'NO' }, locale);
  return toCsv([
    [
      say({ th: 'ประเภทบัญชี', en: 'Account kind' }, locale),
      say({ th: 'ยอดยกมา (บาท)', en: 'Opening (THB)' }, locale),
      say({ th: 'เดบิต (บาท)', en: 'Debits (THB)' }, locale),
      say({ th: 'เครดิต (บาท)', en: 'Credits (THB)' }, locale),
      say({ th: 'ยอดยกไป (บาท)', en: 'Closing (THB)' }, locale),
      say({ th: 'ยอดคงเหลือที่บันทึก (บาท)', en: 'Stored balance (THB)' }, locale),
      say({ th: 'ยอดจากรายการ (บาท)', en: 'Balance from entries (THB)' }, locale),
      say({ th: 'ตรงกัน', en: 'Balanced' }, locale),
    ],
    ...report.kinds.map((k) => [
      say(KIND_NAMES[k.kind], locale),
      k.opening,
      k.debits,
      k.credits,
      k.closing,
      k.storedBalance,
      k.entriesBalance,
      k.balanced ? yes : no,
    ]),
    [
      say({ th: 'ผลตรวจบัญชี', en: 'Ledger check' }, locale),
      report.check.ok ? yes : no,
      say({ th: 'ผลรวมยอดทุกบัญชี (บาท)', en: 'Sum of all balances (THB)' }, locale),
      report.check.sumOfBalances,
    ],
  ]);
}

/** `daily-2025-06-01_2025-06-30.csv`: what the browser saves the file as. */
export function attachmentName(kind: 'daily' | 'ledger', range: ReportRange): string {
  return `${kind}-${range.from}_${range.to}${range.currency === 'BAHT' ? '' : `-${range.currency}`}.csv`;
}
