import { useId, useState } from 'react';
import { limits } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Pager } from '@/components/pager';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/format';
import { currencySign, formatAmount } from '@/lib/money';
import { pageCount } from '@/lib/pager';
import { useWallet } from '@/lib/api/get-wallet';
import { useInviteBanners } from '@/features/home/api/get-invite-banners';
import { useInvites } from '@/features/home/api/get-invites';
import { PromoCarousel } from '@/components/promo-carousel';
import { InviteShare } from '@/features/home/components/invite-share';
import { inviteLink } from '@/features/home/lib/promo';
import './home-promos.css';

const PAGE_RANGE = { before: 2, after: 1 } as const;

/** The member's invite link in a read-only field, with a copy button. */
function InviteLink({ link }: { link: string }) {
  const { t } = useI18n();
  const inputId = useId();
  const hintId = useId();
  const copy = async () => {
    if (await copyText(link)) toast.success(t('invite.copied', { text: link }));
    else toast.error(t('invite.copyFailed'));
  };
  return (
    <div className="field invite-link">
      <label className="field__label" htmlFor={inputId}>
        {t('invite.linkLabel')}
      </label>
      <div className="invite-link__row">
        <input
          id={inputId}
          className="input mono invite-link__input"
          value={link}
          readOnly
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invite-link"
        />
        <Button
          variant="secondary"
          onClick={() => void copy()}
          aria-label={t('invite.copyLabel')}
          data-testid="invite-link-copy"
        >
          {t('invite.copy')}
        </Button>
      </div>
      <p id={hintId} className="field__hint">
        {t('invite.linkHint')}
      </p>
    </div>
  );
}

/** The link with its copy button, then the ways to share it. */
function InviteLinkAndShare({ memberNo }: { memberNo: string }) {
  const link = inviteLink(window.location.origin, memberNo);
  return (
    <>
      <InviteLink link={link} />
      <InviteShare link={link} />
    </>
  );
}

/** The invite table (spec section 2): from.name, amount, createdAt; 10 per page. */
function InviteTable({ currency }: { currency: string | undefined }) {
  const { t } = useI18n();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const data = invites.data;
  const pages = pageCount(data?.total ?? 0, limits.tablePageSize);
  // Spec section 8: a failed invite lookup is swallowed; the table reads as empty.
  const rows = data?.invites ?? [];
  return (
    <section className="promo-log" aria-labelledby={titleId}>
      <h3 id={titleId} className="promo-log__title">
        {t('invite.tableTitle')}
      </h3>
      {invites.isPending ? <Spinner /> : null}
      {!invites.isPending && rows.length === 0 ? (
        <p className="muted" data-testid="invite-empty">
          {t('invite.empty')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="promo-table" data-testid="invite-table">
          <thead>
            <tr>
              <th scope="col">{t('invite.from')}</th>
              <th scope="col" className="promo-table__number">
                {t('invite.amount')}
              </th>
              <th scope="col">{t('invite.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, n) => (
              <tr key={`${row.createdAt}-${n}`} data-testid="invite-row">
                <td data-testid="invite-from">{row.from.name}</td>
                <td className="mono promo-table__number" data-testid="invite-amount">
                  {currencySign(currency)}
                  {formatAmount(row.amount)}
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
        label={t('invite.pages')}
        testId="invite-pager"
        disabled={invites.isPlaceholderData}
      />
    </section>
  );
}

/**
 * The invite dialog (spec section 2): the banner carousel when the operator has invite
 * banners, else the plain dialog; either way the member's invite link with a copy button and
 * the invite table (decision 0080).
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const wallet = useWallet();
  // A failed banner lookup is swallowed (spec section 8): the plain dialog shows.
  const banners = useInviteBanners();
  const member = banners.isPending ? undefined : wallet.data;
  const withCarousel = (banners.data?.length ?? 0) > 0;
  return (
    <Dialog
      title={t('invite.title')}
      onClose={onClose}
      testId="invite-dialog"
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {member ? (
        <div
          className="promo-body"
          data-testid="invite-content"
          data-view={withCarousel ? 'carousel' : 'plain'}
        >
          {withCarousel && banners.data ? <PromoCarousel banners={banners.data} /> : null}
          <InviteLinkAndShare memberNo={member.profile._id} />
          <InviteTable currency={member.wallet.currency} />
        </div>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}
