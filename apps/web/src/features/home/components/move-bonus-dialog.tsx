import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toast } from '@/components/toast/toast-store';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { currencySign, formatAmount } from '@/lib/money';
import { useClaimInviteBonus } from '@/features/home/api/claim-invite-bonus';
import { useMoveRefund } from '@/features/home/api/move-refund';
import './home-promos.css';

export type MoveKind = 'invite' | 'refund';

export interface MoveBonusDialogProps {
  kind: MoveKind;
  /** Baht about to move (the invite bonus, or the refund waiting). */
  amount: number;
  currency: string | undefined;
  /** Turnover required, as a % of the amount (decision 0071). */
  success: number;
  /** The condition may be ended once the balance falls below this % of the amount. */
  fail: number;
  onClose: () => void;
}

const successCode = { invite: 'INVITE_BONUS_SUCCESS', refund: 'REFUND_SUCCESS' } as const;

/**
 * Confirm before moving (spec section 2): the amount, the success and fail percentages, what
 * stays the member's and one promotion at a time (decision 0112), and the warning (the money
 * is locked until its turnover is met; own money can still be withdrawn), then GET /api/invite/bonus or GET /api/refund/addWallet. Success is a toast and the
 * dialog closes (the wallet, the invite amount and the refund queries reload); a refusal is a
 * red toast in its language and the dialog stays open.
 */
export function MoveBonusDialog({
  kind,
  amount,
  currency,
  success,
  fail,
  onClose,
}: MoveBonusDialogProps) {
  const { t } = useI18n();
  const claimInvite = useClaimInviteBonus();
  const moveRefund = useMoveRefund();
  const mutation = kind === 'invite' ? claimInvite : moveRefund;
  // One request per press, even for two presses in one task (the shared guard).
  const move = useAsyncAction(() => mutation.mutateAsync());

  const confirm = async () => {
    const outcome = await move.run();
    if (!outcome) return;
    if (outcome.ok) {
      toast.success(t(`errors.${successCode[kind]}`));
      onClose();
    } else {
      toast.error(errorMessage(outcome.error));
    }
  };

  return (
    <Dialog
      title={t(kind === 'invite' ? 'moveBonus.inviteTitle' : 'moveBonus.refundTitle')}
      onClose={onClose}
      testId="move-bonus-dialog"
      footer={
        <div className="form__actions">
          <Button variant="secondary" onClick={onClose} data-testid="move-bonus-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            pending={move.pending}
            onClick={() => void confirm()}
            data-testid="move-bonus-confirm"
          >
            {t('moveBonus.confirm')}
          </Button>
        </div>
      }
    >
      <dl className="promo-figures" data-kind={kind} data-testid="move-bonus-figures">
        <div>
          <dt>{t('moveBonus.amount')}</dt>
          <dd className="mono" data-testid="move-bonus-amount">
            {currencySign(currency)}
            {formatAmount(amount)}
          </dd>
        </div>
        <div>
          <dt>{t('moveBonus.success')}</dt>
          <dd className="mono promo-figures__success" data-testid="move-bonus-success">
            {success}%
          </dd>
        </div>
        <div>
          <dt>{t('moveBonus.fail')}</dt>
          <dd className="mono promo-figures__fail" data-testid="move-bonus-fail">
            {fail}%
          </dd>
        </div>
      </dl>
      <ul className="promo-terms">
        <li>{t('moveBonus.successText', { success })}</li>
        <li data-testid="move-bonus-fail-text">
          {fail > 0 ? t('moveBonus.failText', { fail }) : t('moveBonus.failNever')}
        </li>
        <li data-testid="move-bonus-own-money">{t('bonus.terms.ownMoney')}</li>
        <li data-testid="move-bonus-one-at-a-time">{t('bonus.terms.oneAtATime')}</li>
      </ul>
      <p className="notice notice--danger" data-testid="move-bonus-warning">
        {t('moveBonus.warning')}
      </p>
    </Dialog>
  );
}
