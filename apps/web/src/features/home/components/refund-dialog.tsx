import { useEffect, useId, useMemo, useState } from 'react';
import { limits } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Pager } from '@/components/pager';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { currencySign, formatAmount, toSatang } from '@/lib/money';
import { pageCount } from '@/lib/pager';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useWallet } from '@/lib/api/get-wallet';
import { useRefundBanners } from '@/features/home/api/get-refund-banners';
import { useRefundCheck } from '@/features/home/api/get-refund-check';
import { useRefunds } from '@/features/home/api/get-refunds';
import { useReceiveRefund } from '@/features/home/api/receive-refund';
import { MoveBonusDialog } from '@/features/home/components/move-bonus-dialog';
import { PromoCarousel } from '@/components/promo-carousel';
import './home-promos.css';

const PAGE_RANGE = { before: 2, after: 1 } as const;

/** The refund log (spec section 2): refundAmount and createdAt, 10 per page. */
function RefundLog({ currency }: { currency: string | undefined }) {
  const { t } = useI18n();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const refunds = useRefunds(page);
  const data = refunds.data;
  const pages = pageCount(data?.total ?? 0, limits.tablePageSize);
  // Spec section 8: a failed refund lookup is swallowed; the log reads as empty.
  const rows = data?.refunds ?? [];
  return (
    <section className="promo-log" aria-labelledby={titleId}>
      <h3 id={titleId} className="promo-log__title">
        {t('refund.logTitle')}
      </h3>
      {refunds.isPending ? <Spinner /> : null}
      {!refunds.isPending && rows.length === 0 ? (
        <p className="muted" data-testid="refund-empty">
          {t('refund.empty')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="promo-table" data-testid="refund-table">
          <thead>
            <tr>
              <th scope="col" className="promo-table__number">
                {t('refund.refundAmount')}
              </th>
              <th scope="col">{t('refund.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, n) => (
              <tr key={`${row.createdAt}-${n}`} data-testid="refund-row">
                <td className="mono promo-table__number" data-testid="refund-row-amount">
                  {currencySign(currency)}
                  {formatAmount(row.refundAmount)}
                </td>
                <td>
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        range={PAGE_RANGE}
        label={t('refund.pages')}
        testId="refund-pager"
        disabled={refunds.isPlaceholderData}
      />
    </section>
  );
}

/**
 * The refund (cashback) dialog (spec section 2): the banner carousel when the operator has
 * refund banners, the info HTML (sanitised), the amount waiting, the success and fail %, the
 * receive button (disabled with two red lines while a bonus is open), the move-to-wallet
 * button behind the confirm dialog, and the log. A successful receive opens the confirm at
 * once (decision 0081). The home reloads the wallet when this dialog closes.
 */
export function RefundDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const wallet = useWallet();
  const currency = wallet.data?.wallet.currency;
  // Failed lookups are swallowed (spec section 8): no carousel, no figures; the server
  // still answers the buttons.
  const banners = useRefundBanners();
  const check = useRefundCheck();
  const receive = useReceiveRefund();
  const [confirming, setConfirming] = useState(false);
  const bonusLinesId = useId();
  const reasonId = useId();
  const info = useMemo(() => (check.data ? sanitizeHtml(check.data.info) : ''), [check.data]);

  const loading = banners.isPending || check.isPending;
  const state = check.data;
  const blocked = state?.bonus === true;
  // What was received and waits to be moved; a server without the figure: all of it once
  // there is a result.
  const movable = state ? (state.received ?? (state.result ? state.refundAmount : 0)) : 0;
  // What can still be received: the rest of the amount. Nothing when the server says there is
  // no result and nothing waits (nothing owed, or below the minimum), or when the figures did
  // not load; then the button is off and says why (issue 26: not a press that answers
  // NO_REFUND for ฿0.00).
  const receivable =
    state && (state.result || movable > 0)
      ? Math.max(0, toSatang(state.refundAmount) - toSatang(state.received ?? 0))
      : 0;
  const nothingToReceive = !blocked && state !== undefined && receivable === 0;

  const receiving = useAsyncAction(() => receive.mutateAsync());
  // 'Refund received' belongs to the confirm that opens with it: raised once that dialog is
  // open (Dialog registers its toast slot at commit, before this effect), not under it
  // (decision 0131).
  const [justReceived, setJustReceived] = useState(false);
  useEffect(() => {
    if (!justReceived) return;
    setJustReceived(false);
    toast.success(t('errors.REFUND_SUCCESS'));
  }, [justReceived, t]);
  const onReceive = async () => {
    if (blocked || nothingToReceive) return;
    const outcome = await receiving.run();
    if (!outcome) return;
    if (outcome.ok) {
      setConfirming(true);
      setJustReceived(true);
    } else {
      toast.error(errorMessage(outcome.error));
    }
  };

  return (
    <Dialog
      title={t('refund.title')}
      onClose={onClose}
      testId="refund-dialog"
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {loading ? (
        <Spinner />
      ) : (
        <div
          className="promo-body"
          data-testid="refund-content"
          data-view={(banners.data?.length ?? 0) > 0 ? 'carousel' : 'plain'}
        >
          {banners.data && banners.data.length > 0 ? (
            <PromoCarousel banners={banners.data} />
          ) : null}
          {info ? (
            <div
              className="rich-text promo-info"
              data-testid="refund-info"
              // Sanitised with an allowlist (lib/sanitize-html.ts).
              dangerouslySetInnerHTML={{ __html: info }}
            />
          ) : null}
          {state ? (
            <dl className="promo-figures" data-testid="refund-figures">
              <div>
                <dt>{t('refund.amount')}</dt>
                <dd className="mono" data-testid="refund-amount">
                  {currencySign(currency)}
                  {formatAmount(state.refundAmount)}
                </dd>
              </div>
              <div>
                <dt>{t('refund.success')}</dt>
                <dd className="mono promo-figures__success" data-testid="refund-success">
                  {state.refundSuccess}%
                </dd>
              </div>
              <div>
                <dt>{t('refund.fail')}</dt>
                <dd className="mono promo-figures__fail" data-testid="refund-fail">
                  {state.refundFail}%
                </dd>
              </div>
            </dl>
          ) : null}
          {blocked ? (
            <div id={bonusLinesId} className="promo-blocked" data-testid="refund-bonus-lines">
              <p className="form__error">{t('refund.bonusLine1')}</p>
              <p className="form__error">{t('refund.bonusLine2')}</p>
            </div>
          ) : null}
          {nothingToReceive ? (
            <p id={reasonId} className="muted" data-testid="refund-nothing">
              {movable > 0 ? t('refund.nothingMore') : t('refund.nothing')}
            </p>
          ) : null}
          <div className="promo-actions">
            <Button
              block
              onClick={() => void onReceive()}
              pending={receiving.pending}
              disabled={blocked || nothingToReceive}
              aria-describedby={blocked ? bonusLinesId : nothingToReceive ? reasonId : undefined}
              data-testid="refund-receive"
            >
              {t('refund.receive')}
            </Button>
            {movable > 0 && !blocked ? (
              <Button
                block
                variant="secondary"
                onClick={() => setConfirming(true)}
                data-testid="refund-move"
              >
                {t('refund.move')}
              </Button>
            ) : null}
          </div>
          <RefundLog currency={currency} />
        </div>
      )}
      {confirming ? (
        <MoveBonusDialog
          kind="refund"
          amount={check.data?.refundAmount ?? 0}
          currency={currency}
          success={check.data?.refundSuccess ?? 0}
          fail={check.data?.refundFail ?? 0}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Dialog>
  );
}
