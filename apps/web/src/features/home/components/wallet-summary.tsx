import { Spinner } from '@/components/spinner';
import { useI18n } from '@/i18n/use-i18n';
import { formatDateTime } from '@/lib/format';
import { currencySign, formatAmount } from '@/lib/money';
import type { WalletAnswer } from '@/lib/api/get-wallet';
import { gamesBalance, totalBalance } from '@/features/home/lib/balance';
import { RefreshIcon } from '@/features/home/components/home-icons';

/**
 * Top of the member home (spec section 2): the member's name and a logo, the total balance
 * (wallet plus all active game accounts) and the check-balance action with its last-updated
 * time (`last_sync`).
 */
export function WalletSummary({
  wallet,
  lastSync,
  checking,
  onCheck,
}: {
  wallet: WalletAnswer;
  lastSync: Date | null;
  checking: boolean;
  onCheck: () => void;
}) {
  const { t } = useI18n();
  const total = totalBalance(wallet.wallet.amount, wallet.slots);
  const sign = currencySign(wallet.wallet.currency);
  return (
    <div className="home-hero" data-testid="home-summary">
      <div className="home-hero__head">
        <img
          className="home-hero__logo"
          src="/favicon.svg"
          alt={t('home.logo')}
          width={44}
          height={44}
        />
        <div className="home-hero__who">
          <h1 className="home-hero__name" data-testid="home-member-name">
            {t('home.welcome', { name: wallet.profile.name })}
          </h1>
          <p className="home-hero__id">{t('home.memberId', { id: wallet.profile._id })}</p>
        </div>
      </div>
      <p className="home-hero__label" id="home-total-label">
        {t('home.totalBalance')}
      </p>
      <p
        className="home-hero__total mono"
        aria-labelledby="home-total-label home-total-balance"
        id="home-total-balance"
        data-testid="home-total-balance"
      >
        {sign}
        {formatAmount(total)}
      </p>
      <dl className="home-hero__split">
        <div>
          <dt>{t('home.wallet')}</dt>
          <dd className="mono" data-testid="home-wallet-balance">
            {sign}
            {formatAmount(wallet.wallet.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('home.games')}</dt>
          <dd className="mono" data-testid="home-games-balance">
            {sign}
            {formatAmount(gamesBalance(wallet.slots))}
          </dd>
        </div>
      </dl>
      <div className="home-hero__sync">
        <button
          type="button"
          className="chip"
          onClick={onCheck}
          disabled={checking}
          aria-busy={checking || undefined}
          data-testid="check-balance-button"
        >
          {checking ? <Spinner /> : <RefreshIcon width={18} height={18} />}
          <span>{t('home.checkBalance')}</span>
        </button>
        <span className="home-hero__synced" data-testid="home-last-sync" aria-live="polite">
          {lastSync
            ? t('home.lastUpdated', { time: formatDateTime(lastSync) })
            : t('home.notChecked')}
        </span>
      </div>
    </div>
  );
}
