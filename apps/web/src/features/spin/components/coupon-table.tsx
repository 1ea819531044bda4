import { useState } from 'react';
import { limits } from '@wallet/contract/client';
import { Pager } from '@/components/pager';
import { useI18n } from '@/i18n/use-i18n';
import { formatAmount } from '@/lib/money';
import { pageCount } from '@/lib/pager';
import type { Coupon } from '@/features/spin/api/get-coupons';

const PAGE_RANGE = { before: 1, after: 1 } as const;

/** Spec section 2: 3 per page; index, prize label and name, amount, a claim button. */
export function CouponTable({
  coupons,
  onClaim,
  disabled,
}: {
  coupons: readonly Coupon[];
  onClaim: (coupon: Coupon, index: number) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const size = limits.couponPageSize;
  const pages = pageCount(coupons.length, size);
  const current = Math.min(page, Math.max(1, pages));
  const shown = coupons.slice((current - 1) * size, current * size);
  return (
    <section className="coupons" aria-labelledby="coupons-title" data-testid="coupons">
      <h2 id="coupons-title" className="coupons__title">
        {t('spin.couponsTitle')}
      </h2>
      {coupons.length === 0 ? (
        <p className="coupons__empty" data-testid="coupons-empty">
          {t('spin.couponsEmpty')}
        </p>
      ) : (
        <table className="coupons__table">
          <thead>
            <tr>
              <th scope="col">{t('spin.index')}</th>
              <th scope="col">{t('spin.prize')}</th>
              <th scope="col" className="coupons__num">
                {t('spin.amount')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('spin.claim')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((coupon, i) => {
              const index = (current - 1) * size + i + 1;
              return (
                <tr key={coupon._id} data-testid="coupon-row">
                  <td className="mono">{index}</td>
                  <td>
                    <span
                      className="coupons__chip"
                      style={{
                        background: coupon.prize.slice.bgColor,
                        color: coupon.prize.slice.textColor,
                      }}
                    >
                      {coupon.prize.slice.label}
                    </span>{' '}
                    <span className="coupons__name">{coupon.prize.name}</span>
                  </td>
                  <td className="coupons__num mono">฿{formatAmount(coupon.amount)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--primary coupons__claim"
                      onClick={() => onClaim(coupon, index)}
                      disabled={disabled}
                      aria-label={t('spin.claimLabel', { index, label: coupon.prize.slice.label })}
                      data-testid="coupon-claim"
                    >
                      {t('spin.claim')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager
        page={current}
        pages={pages}
        onPage={setPage}
        range={PAGE_RANGE}
        label={t('spin.couponsPager')}
        testId="coupons-pager"
      />
    </section>
  );
}
