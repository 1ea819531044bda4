import type { dashboardTh } from './dashboard.th';
import type { Widen } from './types';

export const dashboardEn: Widen<typeof dashboardTh> = {
  description: "Today's and this week's deposits, withdrawals and new members, and what is waiting",
  asOf: 'Figures for {date} (Bangkok time)',
  refresh: 'Refresh',
  today: 'Today',
  week: 'This week (from Monday {date})',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals paid',
  net: 'Net (deposits − withdrawals)',
  newMembers: 'New members',
  bonusesPaid: 'Bonuses paid',
  transactions: 'Transactions: {count}',
  ofWeek: '{label} this week',
  pendingTitle: 'Waiting for an operator',
  pendingWithdrawals: 'Withdrawals to approve',
  pendingSlips: 'Slips to review',
  pendingTransfers: 'Provider transfers being confirmed',
  pendingNone: 'Nothing waiting',
  pendingSome: 'Waiting for you',
  open: 'Open the queue',
  chartsTitle: 'The last 14 days',
  chartMoney: 'Deposits and withdrawals per day (THB)',
  chartNet: 'Net per day (THB)',
  chartMembers: 'New members per day',
  countsOnly:
    'Your role sees counts only; money figures are shown to cashiers, marketing and admins',
};
