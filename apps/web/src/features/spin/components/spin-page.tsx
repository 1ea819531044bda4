import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/spinner';
import { showToast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { walletQueryKey } from '@/lib/api/get-wallet';
import { errorMessage } from '@/lib/error-message';
import { turnoverQueryKey, useTurnover, type TurnoverGrant } from '@/lib/api/get-turnover';
import { formatAmount, fromSatang, toSatang } from '@/lib/money';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { claimCoupon } from '@/features/spin/api/claim-coupon';
import { useCoupons, type Coupon } from '@/features/spin/api/get-coupons';
import { spinQueryKey, useSpinSetup, type Slice } from '@/features/spin/api/get-spin-setup';
import { spinWheel } from '@/features/spin/api/spin';
import { CouponTable } from '@/features/spin/components/coupon-table';
import { SpinWheel } from '@/features/spin/components/spin-wheel';
import './spin-page.css';

/** Spec section 9: a second claim press within 500 ms is ignored. */
export const CLAIM_DEBOUNCE_MS = 500;

function PrizeDialog({ slice, onClose }: { slice: Slice; onClose: () => void }) {
  const { t } = useI18n();
  const html = useMemo(() => sanitizeHtml(slice.htmlDescription), [slice.htmlDescription]);
  return (
    <Dialog
      title={t('spin.prizeTitle')}
      onClose={onClose}
      testId="prize-dialog"
      footer={
        <Button block onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      }
    >
      <p className="prize__label" style={{ background: slice.bgColor, color: slice.textColor }}>
        {slice.label}
      </p>
      {/* Sanitised with an allowlist (lib/sanitize-html.ts). */}
      <div className="prize__html" dangerouslySetInnerHTML={{ __html: html }} />
    </Dialog>
  );
}

/** The turnover that comes with a coupon (decision 0112), from the coupon's own terms. */
function couponTurnover(coupon: Coupon) {
  const multiple = coupon.terms.turnoverMultiple;
  return { multiple, required: fromSatang(toSatang(coupon.amount) * multiple) };
}

function ClaimDialog({
  coupon,
  grant,
  pending,
  onConfirm,
  onClose,
}: {
  coupon: Coupon;
  /** The member's open grant, if any (one at a time). */
  grant: TurnoverGrant | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const turnover = couponTurnover(coupon);
  const lastPress = useRef(0);
  const press = () => {
    const now = Date.now();
    if (now - lastPress.current < CLAIM_DEBOUNCE_MS) return;
    lastPress.current = now;
    onConfirm();
  };
  return (
    <Dialog
      title={t('spin.confirmTitle')}
      onClose={onClose}
      testId="claim-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('spin.cancel')}
          </Button>
          <Button onClick={press} pending={pending} data-testid="claim-confirm" data-autofocus>
            {t('spin.confirm')}
          </Button>
        </>
      }
    >
      <p>
        {t('spin.confirmText', {
          amount: formatAmount(coupon.amount),
          label: coupon.prize.slice.label,
        })}
      </p>
      {grant && grant.kind !== 'coupon' ? (
        <p className="notice notice--danger" data-testid="claim-blocked">
          {t('spin.blocked', { kind: t(`bonus.kinds.${grant.kind}`) })}
        </p>
      ) : null}
      <ul className="claim-terms" data-testid="claim-terms">
        <li data-testid="claim-turnover">
          {t('spin.turnoverKnown', {
            multiple: turnover.multiple,
            required: formatAmount(turnover.required),
          })}
        </li>
        {grant?.kind === 'coupon' ? <li data-testid="claim-adds-to">{t('spin.addsTo')}</li> : null}
        <li>{t('bonus.terms.ownMoney')}</li>
        <li>{t('bonus.terms.oneAtATime')}</li>
      </ul>
    </Dialog>
  );
}

/** /user/spin (spec sections 2 and 4): the wheel, the prize dialog and the coupon table. */
export function SpinPage() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const setup = useSpinSetup();
  const coupons = useCoupons();
  // The open grant, for the claim confirm's turnover and one-at-a-time lines (decision 0112).
  const turnover = useTurnover(locale);
  const spinKey = useActionKey();
  const claimKey = useActionKey();
  const [prize, setPrize] = useState<Slice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<Coupon | null>(null);
  // The shared guard of money buttons: one spin and one claim at a time, checked before any
  // render (the wheel and the claim confirm keep their own guards too: turning, 500 ms).
  const spinning = useAsyncAction(() => spinWheel(spinKey.for('spin')));
  const claim = useAsyncAction((coupon: Coupon) =>
    claimCoupon(coupon._id, claimKey.for(coupon._id)),
  );
  const claimPending = claim.pending;
  const [coinsLeft, setCoinsLeft] = useState<number | null>(null);

  const reload = () => {
    setCoinsLeft(null);
    void queryClient.invalidateQueries({ queryKey: spinQueryKey });
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    void queryClient.invalidateQueries({ queryKey: turnoverQueryKey });
  };

  const onSpin = async (): Promise<string | null> => {
    setAnnouncement(t('spin.spinning'));
    const outcome = await spinning.run();
    if (!outcome) return null;
    spinKey.settle(outcome.ok ? undefined : outcome.error);
    const error = outcome.ok
      ? outcome.value.result
        ? null
        : new Error(outcome.value.error ?? 'NO_DATA')
      : outcome.error;
    if (outcome.ok && outcome.value.result) {
      setCoinsLeft(outcome.value.result.remainingCoin);
      return outcome.value.result.code;
    }
    setAnnouncement('');
    setFailure(errorMessage(error));
    return null;
  };

  const onLanded = (slice: Slice) => {
    setAnnouncement(t('spin.landed', { label: slice.label }));
    setPrize(slice);
  };

  const confirmClaim = async () => {
    if (!claiming) return;
    const outcome = await claim.run(claiming);
    if (!outcome) return;
    setClaiming(null);
    if (outcome.ok) {
      claimKey.settle();
      showToast('success', t('spin.claimed'));
    } else {
      claimKey.settle(outcome.error);
      setFailure(errorMessage(outcome.error));
    }
    reload();
  };

  const wheel = setup.data?.activeSpinwheel;
  const coins = coinsLeft ?? setup.data?.userCoin ?? 0;
  return (
    <section className="page spin-page" data-testid="spin-page">
      <PageHeader title={t('spin.title')} />
      {setup.isPending ? <PageLoader /> : null}
      {setup.data && !wheel ? (
        <p className="spin-page__closed" data-testid="spin-closed">
          {t('spin.noWheel')}
        </p>
      ) : null}
      {wheel ? (
        <section className="spin-page__wheel" aria-labelledby="spin-wheel-name">
          <h2 id="spin-wheel-name" className="spin-page__name" data-testid="spin-name">
            {wheel.name}
          </h2>
          <SpinWheel
            name={wheel.name}
            slices={wheel.slices}
            coins={coins}
            onSpin={onSpin}
            onLanded={onLanded}
          />
          <p className="spin-page__coins" data-testid="spin-coin-text">
            {coins > 0 ? t('spin.coins', { coins }) : t('spin.noCoins')}
          </p>
        </section>
      ) : null}
      <p className="visually-hidden" aria-live="polite" data-testid="spin-live">
        {announcement}
      </p>
      {coupons.data ? (
        <CouponTable
          coupons={coupons.data}
          disabled={claimPending}
          onClaim={(coupon) => setClaiming(coupon)}
        />
      ) : null}
      {prize ? (
        <PrizeDialog
          slice={prize}
          onClose={() => {
            setPrize(null);
            reload();
          }}
        />
      ) : null}
      {claiming ? (
        <ClaimDialog
          coupon={claiming}
          grant={turnover.data?.grants[0]}
          pending={claimPending}
          onConfirm={() => void confirmClaim()}
          onClose={() => setClaiming(null)}
        />
      ) : null}
      {failure ? (
        <AlertDialog
          kind="error"
          message={failure}
          onClose={() => setFailure(null)}
          testId="spin-error"
        />
      ) : null}
    </section>
  );
}
