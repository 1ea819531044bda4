import { z } from 'zod';
import { endpoint } from '../endpoint';
import { currencies } from '../constants';
import { routes } from '../routes';
import { bahtFigureSchema } from '../money-schema';

// The operator's dashboard and reports (issue 13, decision 0094). Days are Bangkok days
// (UTC+7); figures come from the ledger (money) and the owning tables (members, queues).
// Money is baht here, integer minor units inside the server.

/** A calendar date, `YYYY-MM-DD`, that exists (2025-02-30 is refused). */
export const ymdSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const ms = Date.parse(`${s}T00:00:00.000Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
  });

/** The longest period a report covers. */
export const REPORT_MAX_DAYS = 366;

/** Whole days from `from` to `to`, both included (1 for one day). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `from`..`to` (inclusive Bangkok days, at most REPORT_MAX_DAYS), and the currency. */
export const reportRangeQuerySchema = z
  .object({
    from: ymdSchema,
    to: ymdSchema,
    currency: z.enum(currencies).default('BAHT'),
  })
  .refine((q) => q.from <= q.to && daysInRange(q.from, q.to) <= REPORT_MAX_DAYS);

/** How many ledger transactions, and their sum in baht. */
export const countSumSchema = z.object({ count: z.number().int(), sum: bahtFigureSchema });
export type CountSum = z.infer<typeof countSumSchema>;

/** One day's (or a whole period's) figures of the daily report. */
export const dailyFiguresSchema = z.object({
  deposits: z.object({
    qr: countSumSchema,
    slip: countSumSchema,
    giftLink: countSumSchema,
    /** Outside money into a wallet under any other ledger event. */
    other: countSumSchema,
    total: countSumSchema,
  }),
  /** Withdrawals paid out (by the day the payout settled). */
  withdrawals: countSumSchema,
  adjustments: z.object({ credit: countSumSchema, debit: countSumSchema }),
  promotions: z.object({
    /** Promotion credits (bonuses, codes, invite, refund, spin coupons). */
    paid: countSumSchema,
    /** Promotion money taken back (a bonus forfeited on withdrawal or cleared). */
    forfeited: countSumSchema,
  }),
  /** Deposits minus withdrawals paid. */
  net: bahtFigureSchema,
  newMembers: z.number().int(),
});
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;

export const dailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.enum(currencies),
  days: z.array(dailyFiguresSchema.extend({ date: z.string() })),
  totals: dailyFiguresSchema,
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const ledgerAccountKinds = [
  'member_cash',
  'member_hold',
  'provider',
  'world',
  'house',
] as const;

/** One account kind's movement in the period, and its balance before and after. */
export const ledgerKindRowSchema = z.object({
  kind: z.enum(ledgerAccountKinds),
  opening: bahtFigureSchema,
  debits: bahtFigureSchema,
  credits: bahtFigureSchema,
  /** opening + credits - debits. */
  closing: bahtFigureSchema,
  /** The accounts' stored balances now, and what all their entries sum to. */
  storedBalance: bahtFigureSchema,
  entriesBalance: bahtFigureSchema,
  /** storedBalance equals entriesBalance. */
  balanced: z.boolean(),
});

export const ledgerReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.enum(currencies),
  kinds: z.array(ledgerKindRowSchema),
  transactions: z.number().int(),
  check: z.object({
    /** Every kind balanced and all balances together zero (double entry). */
    ok: z.boolean(),
    sumOfBalances: bahtFigureSchema,
  }),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;

/** What the CSV routes answer: the text of the file (UTF-8 with BOM, CRLF, RFC 4180). */
const csvSchema = z.string();

export const operatorReportsEndpoints = {
  daily: endpoint({
    ...routes.operatorReports.daily,
    summary:
      'Money and members per Bangkok day: deposits by channel, withdrawals, adjustments, promotions, net, new members',
    query: reportRangeQuerySchema,
    response: dailyReportSchema,
    milestone: 13,
  }),
  dailyCsv: endpoint({
    ...routes.operatorReports.dailyCsv,
    summary: 'The daily report as a CSV file that Excel opens with Thai text intact',
    query: reportRangeQuerySchema,
    response: csvSchema,
    milestone: 13,
  }),
  ledger: endpoint({
    ...routes.operatorReports.ledger,
    summary: 'Per ledger account kind: the movement in the period and the balance check',
    query: reportRangeQuerySchema,
    response: ledgerReportSchema,
    milestone: 13,
  }),
  ledgerCsv: endpoint({
    ...routes.operatorReports.ledgerCsv,
    summary: 'The ledger report as a CSV file',
    query: reportRangeQuerySchema,
    response: csvSchema,
    milestone: 13,
  }),
};

const dashboardPeriodSchema = z.object({
  newMembers: z.number().int(),
  /** Money figures are null for roles that see counts only (support, decision 0094). */
  deposits: countSumSchema.nullable(),
  withdrawals: countSumSchema.nullable(),
  net: bahtFigureSchema.nullable(),
  bonusesPaid: countSumSchema.nullable(),
});

export const dashboardSchema = z.object({
  /** Today's Bangkok date and the Monday this week began. */
  date: z.string(),
  weekStart: z.string(),
  currency: z.enum(currencies),
  today: dashboardPeriodSchema,
  week: dashboardPeriodSchema,
  pending: z.object({
    /** Withdrawals waiting for an operator's approval. */
    withdrawals: z.number().int(),
    /** Slips the rules could not decide. */
    slips: z.number().int(),
    /** Provider transfers still open in the reconcile kernel. */
    providerTransfers: z.number().int(),
  }),
  /** The last 14 Bangkok days, oldest first, for the charts. */
  days: z.array(
    z.object({
      date: z.string(),
      newMembers: z.number().int(),
      deposits: bahtFigureSchema.nullable(),
      withdrawals: bahtFigureSchema.nullable(),
      net: bahtFigureSchema.nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const operatorDashboardEndpoints = {
  dashboard: endpoint({
    ...routes.operatorDashboard.dashboard,
    summary: "Today's and this week's figures, pending counts and the last 14 days",
    response: dashboardSchema,
    milestone: 13,
  }),
};
