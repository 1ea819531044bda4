import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { limits, type BankAccount } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { PageLoader, Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { withExtraMessages, withPromoMessages } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useEngaged } from '@/lib/when-engaged';
import { useMounted } from '@/hooks/use-mounted';
import { turnoverQueryKey, useTurnover } from '@/lib/api/get-turnover';
import { useWallet, walletQueryKey } from '@/lib/api/get-wallet';
import { useProtection } from '@/lib/api/get-protection';
import { useRefreshSlots } from '@/features/home/api/refresh-slots';
import { isAgreementAcknowledged } from '@/features/home/lib/agreement';
import { readLastSync } from '@/features/home/lib/last-sync';
import { ActionTiles, type TileDialog } from '@/features/home/components/action-tiles';
import { useSpinActive } from '@/features/home/api/get-spin-active';
import { InviteBonus } from '@/features/home/components/invite-bonus';
import type { TransferPreset } from '@/features/home/lib/transfer-rules';
import { WalletSummary } from '@/features/home/components/wallet-summary';
import {
  HomeAnnouncement,
  HomeBanners,
  usePromotionsAhead,
} from '@/features/home/components/home-promotions';
import { InstallSlot } from '@/pwa/install-slot';
import './home-page.css';

// Everything below the first screen loads on demand (decisions 0006 and 0020): the carousels
// right after the page, each dialog (with the second message catalogue; the promotion ones
// and the withdraw dialog's bonus warning with the third, decision 0084) when it opens.
const GameCarousels = lazy(() =>
  import('@/features/home/components/game-carousels').then((m) => ({ default: m.GameCarousels })),
);
const SlotAccountDialog = lazy(
  withExtraMessages(() =>
    import('@/features/home/components/slot-account-dialog').then((m) => ({
      default: m.SlotAccountDialog,
    })),
  ),
);
const TransferDialog = lazy(
  withExtraMessages(() =>
    import('@/features/home/components/transfer-dialog').then((m) => ({
      default: m.TransferDialog,
    })),
  ),
);
const WithdrawDialog = lazy(
  withPromoMessages(() =>
    import('@/features/home/components/withdraw-dialog').then((m) => ({
      default: m.WithdrawDialog,
    })),
  ),
);
const AgreementDialog = lazy(
  withExtraMessages(() =>
    import('@/features/home/components/agreement-dialog').then((m) => ({
      default: m.AgreementDialog,
    })),
  ),
);
// The notice of a time-out or self-exclusion in force (issue 28), only then.
const BlockNotice = lazy(
  withExtraMessages(() =>
    import('@/features/home/components/block-notice').then((m) => ({ default: m.BlockNotice })),
  ),
);
// The turnover card (issue 12) only while a condition is open, after the wallet has loaded.
const TurnoverCard = lazy(
  withPromoMessages(() =>
    import('@/features/home/components/turnover-card').then((m) => ({
      default: m.TurnoverCard,
    })),
  ),
);
const InviteDialog = lazy(
  withPromoMessages(() =>
    import('@/features/home/components/invite-dialog').then((m) => ({ default: m.InviteDialog })),
  ),
);
const RefundDialog = lazy(
  withPromoMessages(() =>
    import('@/features/home/components/refund-dialog').then((m) => ({ default: m.RefundDialog })),
  ),
);
const MoveBonusDialog = lazy(
  withPromoMessages(() =>
    import('@/features/home/components/move-bonus-dialog').then((m) => ({
      default: m.MoveBonusDialog,
    })),
  ),
);

type OpenDialog =
  | { kind: 'slot'; code: string }
  | { kind: 'transfer'; preset: TransferPreset | null }
  | { kind: TileDialog }
  | { kind: 'withdrawAll' }
  | { kind: 'moveInvite' }
  | null;

/**
 * What the home hands the deposit dialog. The dialog lives in its own feature
 * (features/deposit); the app layer passes it in (features never import each other).
 */
export interface HomeDepositDialogProps {
  member: { phone: string; bankAccount: BankAccount };
  onClose: () => void;
  onWalletChange: () => void;
}

/** The optional deposit-limit offer (features/protection, handed in by the app layer, 0147). */
export type HomeLimitOffer = ComponentType<{ place: 'home' }>;

/** Opens the agreement 1.5 s after the home loads unless it was acknowledged (spec section 2). */
function useAgreementPrompt(): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (isAgreementAcknowledged()) return;
    const timer = setTimeout(() => setOpen(true), limits.agreementDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return [open, () => setOpen(false)];
}

/** While a dialog's code arrives (after 200 ms), a spinner over the page. */
function DialogLoading() {
  return (
    <div className="dialog-loading">
      <Spinner />
    </div>
  );
}

/**
 * The member home (spec section 2, dark theme): name and logo, total balance with the
 * check-balance action, the invite bonus, the action tiles, the three game carousels and
 * the dialogs. The wallet is reloaded whenever the transfer, withdraw, deposit, refund or
 * invite-bonus confirm dialog closes (and while the deposit dialog is open, as soon as money
 * arrives).
 */
export function HomePage({
  depositDialog: DepositDialog,
  limitOffer: LimitOffer,
}: {
  depositDialog: ComponentType<HomeDepositDialogProps>;
  limitOffer?: HomeLimitOffer;
}) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const turnover = useTurnover(locale, { enabled: wallet.isSuccess });
  const grants = turnover.data?.grants ?? [];
  const spinActive = useSpinActive();
  const refresh = useRefreshSlots();
  const [lastSync, setLastSync] = useState(readLastSync);
  // /user/home?withdraw=all (after a self-exclusion) opens the withdrawal with the balance.
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<OpenDialog>(() =>
    search.get('withdraw') === 'all' ? { kind: 'withdrawAll' } : null,
  );
  useEffect(() => {
    if (search.has('withdraw')) setSearch({}, { replace: true });
  }, [search, setSearch]);
  const [agreementOpen, closeAgreement] = useAgreementPrompt();
  const mounted = useMounted();
  // A time-out or self-exclusion in force (decision 0139), read beside the wallet; showing the
  // promotions waits for it (a failed read shows them: the server still refuses). Their
  // request does not wait: it goes beside the wallet and this one (decision 0149).
  const protection = useProtection();
  const block = protection.data?.block ?? null;
  const blocked = block !== null && Date.parse(block.endsAt) > Date.now();
  const showPromotions = !protection.isPending && !blocked;
  usePromotionsAhead({ blocked, shown: showPromotions });
  // Until the first deposit, a deposit limit is offered (issue 28, decision 0147): its chunk
  // loads only then, and decides itself (a limit set, a skip remembered). It brings the second
  // catalogue, so it waits until the member is engaged (idle, then a touch or a few seconds:
  // decision 0148), out of the first load, and sits below the banners (decision 0164).
  const mayOfferLimit = LimitOffer && protection.data?.depositCredited === false && !blocked;
  const offerLimit = useEngaged(Boolean(mayOfferLimit)) && mayOfferLimit;

  useEffect(() => {
    // Spec section 8: wallet load errors are only logged (the page offers a retry).
    if (wallet.isError) console.error('wallet load failed', wallet.error);
  }, [wallet.isError, wallet.error]);

  const refreshBalances = async () => {
    const outcome = await refresh.run();
    if (!outcome) return;
    if (outcome.ok) {
      setLastSync(readLastSync());
      toast.success(t('home.balancesUpdated'));
    } else {
      toast.error(errorMessage(outcome.error));
    }
  };

  const reloadWallet = () => {
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    // Money moved: the turnover played and what a withdrawal takes back may have changed.
    void queryClient.invalidateQueries({ queryKey: turnoverQueryKey });
  };
  const closeMoneyDialog = () => {
    setOpen(null);
    reloadWallet();
  };

  // The first screen shows once the wallet and the protection state have both answered (they
  // are asked for together): the state decides what sits above the balance (the block notice,
  // the announcement line), so drawing the balance first moved it and the tiles down under
  // the member's finger when the state came in later (a 0.25 layout shift, taps on the wrong
  // tile). A failed state read does not hold the page.
  const data = protection.isPending ? undefined : wallet.data;
  return (
    <section className="page page--home" data-testid="home-page">
      {showPromotions ? <HomeAnnouncement /> : null}
      {wallet.isPending || (wallet.data && !data) ? <PageLoader /> : null}
      {wallet.isError && !data ? (
        <div className="card" data-testid="home-load-error">
          <p className="form__error">{t('home.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void wallet.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          {blocked ? (
            <Suspense fallback={null}>
              <BlockNotice block={block} />
            </Suspense>
          ) : null}
          <WalletSummary
            wallet={data}
            lastSync={lastSync}
            checking={refresh.pending}
            onCheck={() => void refreshBalances()}
          />
          {blocked ? null : (
            <InviteBonus
              amount={data.invite.amount}
              currency={data.wallet.currency}
              onReceive={() => setOpen({ kind: 'moveInvite' })}
            />
          )}
          <ActionTiles
            onOpen={(dialog) => setOpen({ kind: dialog })}
            onRefreshAll={() => void refreshBalances()}
            refreshing={refresh.pending}
            spinCoins={spinActive.data?.active ? data.profile.coin : null}
            blocked={blocked}
          />
          <Link className="home-play-safe" to={paths.protection} data-testid="home-play-safe">
            {t('home.playSafe')}
          </Link>
          {grants.length > 0 && !blocked ? (
            <Suspense fallback={null}>
              <TurnoverCard grants={grants} />
            </Suspense>
          ) : null}
          {showPromotions ? <HomeBanners /> : null}
          {/* The cards that come once the member is engaged (at the first touch, or a few
              seconds after the page went idle) sit below the banners: placed above them, their
              arrival pushed the play-safe link and the banners down under the member's finger
              (206 px on a 390 x 844 phone; decision 0164). */}
          {offerLimit ? (
            <Suspense fallback={null}>
              <LimitOffer place="home" />
            </Suspense>
          ) : null}
          <InstallSlot />
          {/* Below the first screen, drawn by the app only: in the home the server renders
              (decision 0159) their 32 pictures were fetched beside the first banner. */}
          <Suspense fallback={<Spinner />}>
            {mounted ? (
              <GameCarousels
                slots={data.slots}
                currency={data.wallet.currency}
                onOpen={(code) => setOpen({ kind: 'slot', code })}
              />
            ) : (
              <Spinner />
            )}
          </Suspense>
        </>
      ) : null}

      <Suspense fallback={<DialogLoading />}>
        {open?.kind === 'slot' ? (
          <SlotAccountDialog
            code={open.code}
            onClose={() => setOpen(null)}
            onTransferOnly={(preset) => setOpen({ kind: 'transfer', preset })}
            blocked={blocked}
          />
        ) : null}
        {open?.kind === 'transfer' ? (
          <TransferDialog preset={open.preset} onClose={closeMoneyDialog} />
        ) : null}
        {open?.kind === 'withdraw' ? <WithdrawDialog onClose={closeMoneyDialog} /> : null}
        {open?.kind === 'withdrawAll' ? (
          <WithdrawDialog onClose={closeMoneyDialog} fillBalance />
        ) : null}
        {open?.kind === 'deposit' && data && !blocked ? (
          <DepositDialog
            member={{ phone: data.profile.username, bankAccount: data.bankAccount }}
            onClose={closeMoneyDialog}
            onWalletChange={reloadWallet}
          />
        ) : null}
        {open?.kind === 'invite' ? <InviteDialog onClose={() => setOpen(null)} /> : null}
        {open?.kind === 'refund' ? <RefundDialog onClose={closeMoneyDialog} /> : null}
        {open?.kind === 'moveInvite' && data ? (
          <MoveBonusDialog
            kind="invite"
            amount={data.invite.amount}
            currency={data.wallet.currency}
            success={data.invite.success}
            fail={data.invite.fail}
            onClose={closeMoneyDialog}
          />
        ) : null}
        {agreementOpen && open === null ? <AgreementDialog onClose={closeAgreement} /> : null}
      </Suspense>
    </section>
  );
}
