import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n/use-i18n';
import {
  CoinBackIcon,
  DepositIcon,
  GiftIcon,
  ListCheckIcon,
  RefreshIcon,
  WheelIcon,
  WithdrawIcon,
} from '@/features/home/components/home-icons';

export type TileDialog = 'deposit' | 'withdraw' | 'invite' | 'refund';

function Tile({
  testId,
  icon,
  label,
  onClick,
  busy = false,
  opensDialog = true,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  busy?: boolean;
  opensDialog?: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        className="tile"
        onClick={onClick}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-haspopup={opensDialog ? 'dialog' : undefined}
        data-testid={testId}
      >
        <span className={`tile__icon${busy ? ' is-spinning' : ''}`}>{icon}</span>
        <span className="tile__label">{label}</span>
      </button>
    </li>
  );
}

/**
 * The action tiles of spec section 2: deposit, withdraw, the spin wheel with the member's
 * coins while a wheel is active (refresh-all otherwise), invite, bonus conditions (the bonus
 * page) and refund.
 */
export function ActionTiles({
  onOpen,
  onRefreshAll,
  refreshing,
  spinCoins = null,
  blocked = false,
}: {
  onOpen: (dialog: TileDialog) => void;
  onRefreshAll: () => void;
  refreshing: boolean;
  /** The member's coins when a spin wheel is active; null shows refresh-all instead. */
  spinCoins?: number | null;
  /** A time-out or self-exclusion is in force: no deposit, no promotion tiles (decision 0139). */
  blocked?: boolean;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('home.actions')} data-testid="home-tiles">
      <ul className="tiles">
        {blocked ? null : (
          <Tile
            testId="tile-deposit"
            icon={<DepositIcon />}
            label={t('home.tiles.deposit')}
            onClick={() => onOpen('deposit')}
          />
        )}
        <Tile
          testId="tile-withdraw"
          icon={<WithdrawIcon />}
          label={t('home.tiles.withdraw')}
          onClick={() => onOpen('withdraw')}
        />
        {spinCoins === null || blocked ? (
          <Tile
            testId="tile-refresh-all"
            icon={<RefreshIcon />}
            label={t('home.tiles.refreshAll')}
            onClick={onRefreshAll}
            busy={refreshing}
            opensDialog={false}
          />
        ) : (
          <li>
            <Link className="tile" to={paths.spin} data-testid="tile-spin">
              <span className="tile__icon">
                <WheelIcon />
              </span>
              <span className="tile__label">
                {t('home.tiles.spin')}{' '}
                <span className="mono tile__count" data-testid="tile-spin-coins">
                  ({t('home.tiles.coins', { coins: spinCoins })})
                </span>
              </span>
            </Link>
          </li>
        )}
        {blocked ? null : (
          <Tile
            testId="tile-invite"
            icon={<GiftIcon />}
            label={t('home.tiles.invite')}
            onClick={() => onOpen('invite')}
          />
        )}
        <li>
          <Link className="tile" to={paths.bonus} data-testid="tile-bonus-conditions">
            <span className="tile__icon">
              <ListCheckIcon />
            </span>
            <span className="tile__label">{t('home.tiles.bonusConditions')}</span>
          </Link>
        </li>
        {blocked ? null : (
          <Tile
            testId="tile-refund"
            icon={<CoinBackIcon />}
            label={t('home.tiles.refund')}
            onClick={() => onOpen('refund')}
          />
        )}
      </ul>
    </nav>
  );
}
