// Spin coupons (decision 0092): newest first, by member number and state, a page at a time.
import { useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Money } from '@/components/money';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { StatusBadge } from '@/components/status-badge';
import { useI18n } from '@/i18n/i18n';
import { useCoupons, type CouponPage, type CouponStatus } from './api';
import { SelectField } from './fields';
import { LoadFailed } from './shared';

type Coupon = CouponPage['rows'][number];
const PAGE_SIZE = 50;
const tones = { open: 'info', claimed: 'ok', expired: 'neutral' } as const;

export function CouponsTab() {
  const { t } = useI18n();
  const [member, setMember] = useState('');
  const [status, setStatus] = useState<CouponStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const badMember = member !== '' && !/^[0-9]{1,12}$/.test(member);
  const coupons = useCoupons({
    ...(member && !badMember ? { member } : {}),
    ...(status === 'all' ? {} : { status }),
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: Column<Coupon>[] = [
    { id: 'id', header: t('promotions.coupons.columns.id'), align: 'end', cell: (c) => c._id },
    {
      id: 'won',
      header: t('promotions.coupons.columns.won'),
      cell: (c) => <DateTime value={c.createdAt} />,
    },
    { id: 'member', header: t('promotions.coupons.columns.member'), cell: (c) => c.memberId },
    {
      id: 'slice',
      header: t('promotions.coupons.columns.slice'),
      cell: (c) => <code>{c.sliceCode}</code>,
    },
    {
      id: 'amount',
      header: t('promotions.coupons.columns.amount'),
      align: 'end',
      cell: (c) => <Money baht={c.amount} />,
    },
    {
      id: 'expires',
      header: t('promotions.coupons.columns.expires'),
      cell: (c) => <DateTime value={c.expiresAt} />,
    },
    {
      id: 'status',
      header: t('promotions.columns.status'),
      cell: (c) => (
        <StatusBadge tone={tones[c.status]}>
          {t(`promotions.coupons.status.${c.status}`)}
          {c.claimedAt ? (
            <>
              {' '}
              <DateTime value={c.claimedAt} />
            </>
          ) : null}
        </StatusBadge>
      ),
    },
  ];

  return (
    <section className="promo-tab" data-testid="coupons-tab">
      <p className="muted">{t('promotions.coupons.intro')}</p>
      <div className="promo-filters">
        <SearchBox
          label={t('promotions.coupons.member')}
          hint={t('promotions.coupons.memberHint')}
          value={member}
          onSearch={(value) => {
            setMember(value);
            setPage(1);
          }}
        />
        <SelectField
          label={t('promotions.coupons.statusFilter')}
          value={status}
          options={[
            { value: 'all', label: t('promotions.coupons.status.all') },
            { value: 'open', label: t('promotions.coupons.status.open') },
            { value: 'claimed', label: t('promotions.coupons.status.claimed') },
            { value: 'expired', label: t('promotions.coupons.status.expired') },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      {badMember ? (
        <p className="field-error" role="alert">
          {t('errors.KEY_INVALID')} · {t('promotions.coupons.memberHint')}
        </p>
      ) : null}
      {coupons.isError ? (
        <LoadFailed error={coupons.error} onRetry={() => void coupons.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('promotions.coupons.caption')}
            columns={columns}
            rows={coupons.data?.rows}
            rowKey={(c) => c._id}
            loading={coupons.isPending}
          />
          {coupons.data ? (
            <Pager page={page} pageSize={PAGE_SIZE} total={coupons.data.total} onPage={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}
