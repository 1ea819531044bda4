import { useId } from 'react';
import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import { currencySign, formatAmount } from '@/lib/money';

/**
 * The invite-bonus amount with its receive button. Receiving arrives with the invite issue;
 * until then the button stays disabled and says so (decision 0021).
 */
export function InviteBonus({ amount, currency }: { amount: number; currency: string }) {
  const { t } = useI18n();
  const noteId = useId();
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
          disabled
          aria-describedby={noteId}
          data-testid="invite-receive-button"
        >
          {t('home.receive')}
        </Button>
        <small id={noteId} className="invite-bonus__note">
          {t('common.comingSoon')}
        </small>
      </div>
    </div>
  );
}
