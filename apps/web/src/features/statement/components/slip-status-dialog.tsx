import { useState } from 'react';
import { limits } from '@wallet/contract/client';
import { AskAboutButton } from '@/components/ask-about-button';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Pager } from '@/components/pager';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { pageCount } from '@/lib/pager';
import { slipReasonMessage, slipStatusKind } from '@/lib/slip-reason';
import { getSlipReference } from '@/features/statement/api/get-slip-reference';
import { useSlips, type SlipEntry } from '@/features/statement/api/get-slips';
import { safeSlipUrl } from '@/features/statement/lib/slip-link';
import './slip-status-dialog.css';

const PAGE_RANGE = { before: 2, after: 1 } as const;

/** Opens the slip image: its direct link, or the link looked up by its bank reference. */
function SlipLink({ slip }: { slip: SlipEntry }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const label = t('slips.viewLabel', { time: formatDateTime(slip.createdAt) });
  const direct = safeSlipUrl(slip.link, window.location.origin);
  if (direct) {
    return (
      <a
        href={direct}
        target="_blank"
        rel="noopener noreferrer"
        className="slip-table__view"
        aria-label={label}
        data-testid="slip-view"
      >
        {t('slips.view')}
      </a>
    );
  }
  if (!slip.reference) return <span aria-hidden="true">-</span>;
  const reference = slip.reference;

  const open = async () => {
    if (busy) return;
    // Opened inside the click (pop-up blockers), pointed at the link once it arrives.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const { url } = await getSlipReference(reference);
      const safe = safeSlipUrl(url, window.location.origin);
      if (!safe) throw new Error('NO_DATA');
      if (tab && !tab.closed) tab.location.href = safe;
      else window.open(safe, '_blank', 'noopener,noreferrer');
    } catch (error) {
      tab?.close();
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--link slip-table__view"
      onClick={() => void open()}
      aria-label={label}
      aria-busy={busy || undefined}
      data-testid="slip-view"
    >
      {t('slips.view')}
    </button>
  );
}

function SlipRow({ slip, onAsked }: { slip: SlipEntry; onAsked: () => void }) {
  const { t } = useI18n();
  const kind = slipStatusKind(slip.status);
  const reason = slip.note ? slipReasonMessage(slip.note) : null;
  return (
    <tr role="row" className="slip-table__row" data-testid="slip-row" data-status={kind}>
      <td role="cell" data-testid="slip-time">
        <span className="slip-table__label" aria-hidden="true">
          {t('slips.receivedAt')}
        </span>
        <time dateTime={slip.createdAt}>{formatDateTime(slip.createdAt)}</time>
      </td>
      <td role="cell" className="mono" data-testid="slip-amount">
        <span className="slip-table__label" aria-hidden="true">
          {t('slips.amount')}
        </span>
        {slip.amount > 0 ? (
          `฿${formatAmount(slip.amount)}`
        ) : (
          <span aria-label={t('slips.noAmount')}>-</span>
        )}
      </td>
      <td role="cell" data-testid="slip-status">
        <span className="slip-table__label" aria-hidden="true">
          {t('slips.status')}
        </span>
        <span className={`badge badge--${kind === 'processing' ? 'progress' : kind}`}>
          {t(`slips.statuses.${kind}`)}
        </span>
      </td>
      <td role="cell" data-testid="slip-reason">
        <span className="slip-table__label" aria-hidden="true">
          {t('slips.reason')}
        </span>
        <span className="slip-table__reason">
          {reason ?? <span aria-hidden="true">-</span>}
          {slip.reviewNote ? (
            // The words of the operator who refused the slip on review (decision 0091).
            <span className="slip-table__note" data-testid="slip-review-note">
              {t('slips.staffNote')}: {slip.reviewNote}
            </span>
          ) : null}
        </span>
      </td>
      <td role="cell">
        <span className="slip-table__label" aria-hidden="true">
          {t('slips.slip')}
        </span>
        <SlipLink slip={slip} />
        <AskAboutButton
          request={{ kind: 'slip', ref: slip._id }}
          itemLabel={t('chat.context.slip')}
          onAsked={onAsked}
        />
      </td>
    </tr>
  );
}

// Explicit table roles: on a phone the rows are laid out as cards (CSS display changes),
// which would otherwise drop the table semantics in some browsers.

/**
 * The slip upload-status dialog (spec sections 2 and 8): a table of 10 per page with a
 * refresh action; received time, amount (a dash when not positive), status, reason, and a
 * view link or the reference lookup. On a phone each row reads as a small card.
 */
export function SlipStatusDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const slips = useSlips(page);
  const data = slips.data;
  const pages = pageCount(data?.total ?? 0, limits.tablePageSize);
  const refreshing = slips.isFetching && !slips.isPending;

  const refresh = async () => {
    const result = await slips.refetch();
    if (result.isError) toast.error(errorMessage(result.error));
  };

  return (
    <Dialog
      title={t('slips.title')}
      onClose={onClose}
      testId="slip-status-dialog"
      className="dialog--wide"
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div className="slip-status__bar">
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          pending={refreshing}
          data-testid="slip-refresh"
        >
          {t('slips.refresh')}
        </Button>
      </div>
      {slips.isPending ? <Spinner /> : null}
      {slips.isError && !data ? (
        <p className="form__error" data-testid="slip-load-error">
          {t('slips.loadFailed')}
        </p>
      ) : null}
      {data && data.slips.length === 0 ? (
        <p className="muted" data-testid="slip-empty">
          {t('slips.empty')}
        </p>
      ) : null}
      {data && data.slips.length > 0 ? (
        <table
          role="table"
          className="slip-table"
          data-testid="slip-table"
          aria-busy={refreshing || undefined}
        >
          <caption className="visually-hidden">{t('slips.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {t('slips.receivedAt')}
              </th>
              <th role="columnheader" scope="col">
                {t('slips.amount')}
              </th>
              <th role="columnheader" scope="col">
                {t('slips.status')}
              </th>
              <th role="columnheader" scope="col">
                {t('slips.reason')}
              </th>
              <th role="columnheader" scope="col">
                {t('slips.slip')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {data.slips.map((slip) => (
              <SlipRow key={slip._id} slip={slip} onAsked={onClose} />
            ))}
          </tbody>
        </table>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        range={PAGE_RANGE}
        label={t('slips.pages')}
        testId="slip-pager"
        disabled={slips.isPlaceholderData}
      />
    </Dialog>
  );
}
