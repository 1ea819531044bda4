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
 * The action tiles of spec section 2: deposit, withdraw, refresh-all (the spin wheel takes
 * its place once the spin issue lands), invite, bonus conditions (the bonus page) and refund.
 */
export function ActionTiles({
  onOpen,
  onRefreshAll,
  refreshing,
}: {
  onOpen: (dialog: TileDialog) => void;
  onRefreshAll: () => void;
  refreshing: boolean;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('home.actions')} data-testid="home-tiles">
      <ul className="tiles">
        <Tile
          testId="tile-deposit"
          icon={<DepositIcon />}
          label={t('home.tiles.deposit')}
          onClick={() => onOpen('deposit')}
        />
        <Tile
          testId="tile-withdraw"
          icon={<WithdrawIcon />}
          label={t('home.tiles.withdraw')}
          onClick={() => onOpen('withdraw')}
        />
        <Tile
          testId="tile-refresh-all"
          icon={<RefreshIcon />}
          label={t('home.tiles.refreshAll')}
          onClick={onRefreshAll}
          busy={refreshing}
          opensDialog={false}
        />
        <Tile
          testId="tile-invite"
          icon={<GiftIcon />}
          label={t('home.tiles.invite')}
          onClick={() => onOpen('invite')}
        />
        <li>
          <Link className="tile" to={paths.bonus} data-testid="tile-bonus-conditions">
            <span className="tile__icon">
              <ListCheckIcon />
            </span>
            <span className="tile__label">{t('home.tiles.bonusConditions')}</span>
          </Link>
        </li>
        <Tile
          testId="tile-refund"
          icon={<CoinBackIcon />}
          label={t('home.tiles.refund')}
          onClick={() => onOpen('refund')}
        />
      </ul>
    </nav>
  );
}
