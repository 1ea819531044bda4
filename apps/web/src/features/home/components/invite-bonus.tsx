import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import { currencySign, formatAmount } from '@/lib/money';

/**
 * The invite-bonus amount with its receive button, which opens the confirm-before-moving
 * dialog (spec section 2). With nothing to receive the button is disabled (decision 0081).
 */
export function InviteBonus({
  amount,
  currency,
  onReceive,
}: {
  amount: number;
  currency: string;
  onReceive: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="card invite-bonus" data-testid="home-invite-bonus">
      <div>
        <p className="invite-bonus__label">{t('home.inviteBonus')}</p>
        <p className="invite-bonus__amount mono" data-testid="home-invite-amount">
          {currencySign(currency)}
          {formatAmount(amount)}
        </p>
      </div>
      <div className="invite-bonus__action">
        <Button
          variant="secondary"
          disabled={amount <= 0}
          onClick={onReceive}
          aria-haspopup="dialog"
          data-testid="invite-receive-button"
        >
          {t('home.receive')}
        </Button>
      </div>
    </div>
  );
}
