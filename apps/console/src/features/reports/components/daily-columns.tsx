import type { Column } from '@/components/data-table';
import { Money } from '@/components/money';
import { useI18n } from '@/i18n/i18n';
import { dayMonthYear } from '@/lib/bangkok-date';
import { formatCount } from '@/lib/format';
import type { DailyRow } from '../api';

const sumCell = (c: { count: number; sum: number }) => <Money baht={c.sum} />;

/** The daily report's columns: money by kind, net and new members per day. */
export function useDailyColumns(): Column<DailyRow>[] {
  const { t } = useI18n();
  return [
    {
      id: 'date',
      header: t('reports.col.date'),
      cell: (r) => dayMonthYear(r.date),
      sortValue: (r) => r.date,
    },
    { id: 'qr', header: t('reports.col.qr'), cell: (r) => sumCell(r.deposits.qr), align: 'end' },
    {
      id: 'slip',
      header: t('reports.col.slip'),
      cell: (r) => sumCell(r.deposits.slip),
      align: 'end',
    },
    {
      id: 'gift',
      header: t('reports.col.giftLink'),
      cell: (r) => sumCell(r.deposits.giftLink),
      align: 'end',
    },
    {
      id: 'deposits',
      header: t('reports.col.deposits'),
      cell: (r) => sumCell(r.deposits.total),
      align: 'end',
      sortValue: (r) => r.deposits.total.sum,
    },
    {
      id: 'withdrawals',
      header: t('reports.col.withdrawals'),
      cell: (r) => sumCell(r.withdrawals),
      align: 'end',
      sortValue: (r) => r.withdrawals.sum,
    },
    {
      id: 'adjustUp',
      header: t('reports.col.adjustCredit'),
      cell: (r) => sumCell(r.adjustments.credit),
      align: 'end',
    },
    {
      id: 'adjustDown',
      header: t('reports.col.adjustDebit'),
      cell: (r) => sumCell(r.adjustments.debit),
      align: 'end',
    },
    {
      id: 'promotions',
      header: t('reports.col.promotionsPaid'),
      cell: (r) => sumCell(r.promotions.paid),
      align: 'end',
    },
    {
      id: 'forfeited',
      header: t('reports.col.promotionsForfeited'),
      cell: (r) => sumCell(r.promotions.forfeited),
      align: 'end',
    },
    {
      id: 'net',
      header: t('reports.col.net'),
      cell: (r) => <Money baht={r.net} />,
      align: 'end',
      sortValue: (r) => r.net,
    },
    {
      id: 'members',
      header: t('reports.col.newMembers'),
      cell: (r) => formatCount(r.newMembers),
      align: 'end',
      sortValue: (r) => r.newMembers,
    },
  ];
}
