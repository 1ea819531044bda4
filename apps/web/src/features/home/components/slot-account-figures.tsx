import { useI18n } from '@/i18n/use-i18n';
import { currencySign, formatAmount } from '@/lib/money';
import type { GameAccount } from '@/lib/api/get-wallet';
import { providerUnits } from '@/features/home/lib/balance';

/** An active slot account's balance in the wallet currency and in the provider's units. */
export function SlotAccountFigures({
  slot,
  currency,
}: {
  slot: GameAccount;
  currency: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <dl className="slot-dialog__figures">
      <div>
        <dt>{t('slotAccount.balance')}</dt>
        <dd className="mono" data-testid="slot-account-balance">
          {currencySign(currency)}
          {formatAmount(slot.amount)}
        </dd>
      </div>
      <div>
        <dt>{t('slotAccount.providerUnits', { name: slot.name })}</dt>
        <dd className="mono" data-testid="slot-account-units">
          {formatAmount(providerUnits(slot))}
        </dd>
      </div>
    </dl>
  );
}
