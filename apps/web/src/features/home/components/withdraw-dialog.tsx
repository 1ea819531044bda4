import { useState, type FormEvent } from 'react';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CheckboxField, TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { groupAccountNumber } from '@/lib/format';
import { isUnsettledFailure } from '@/lib/idempotency';
import { currencySign, formatAmount, fromSatang, parseAmountInput, toSatang } from '@/lib/money';
import { useTurnover } from '@/lib/api/get-turnover';
import { useWallet } from '@/lib/api/get-wallet';
import { bankName } from '@/lib/bank-name';
import { useWithdrawLookup } from '@/features/home/api/get-withdraw-lookup';
import { useWithdrawAll } from '@/features/home/api/withdraw-all';
import { checkWithdraw } from '@/features/home/lib/withdraw-rules';
import './home-dialogs.css';

/**
 * The withdraw dialog (spec sections 2, 5 and 8): amount, the red bonus notice, the
 * withdrawMin / withdrawMax messages with their bounds, errors in a modal alert titled with
 * the error label, and 'waiteTransfer' on success. Calls POST /api/wallet/withdrawAll.
 * While a turnover condition is open (`forfeitOnWithdraw` > 0, decision 0071) it shows what
 * the withdrawal takes back and that the rest of the wallet is forfeited, and sends nothing
 * until the member ticks the confirmation (decision 0079).
 */
export function WithdrawDialog({ onClose }: { onClose: () => void }) {
  const { t, locale } = useI18n();
  const wallet = useWallet();
  // Spec section 8: a failed lookup is ignored; the server still checks the bounds.
  const lookup = useWithdrawLookup();
  const withdraw = useWithdrawAll();
  // What a withdrawal now takes back; a failed read shows only the generic notice (the
  // server applies the rule either way).
  const turnover = useTurnover(locale);
  const forfeit = turnover.data?.forfeitOnWithdraw ?? 0;
  const actionKey = useActionKey();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackProblem, setAckProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending || lookup.isPending || turnover.isPending) return;
    const check = checkWithdraw(amount, lookup.data ?? null);
    if (!check.ok) {
      if (check.problem === 'min')
        setProblem(t('withdraw.min', { min: formatAmount(check.bound) }));
      else if (check.problem === 'max')
        setProblem(t('withdraw.max', { max: formatAmount(check.bound) }));
      else setProblem(t(`withdraw.${check.problem}`));
      return;
    }
    setProblem(null);
    if (forfeit > 0 && !acknowledged) {
      setAckProblem(t('bonus.withdraw.confirmRequired'));
      return;
    }
    const idempotencyKey = actionKey.for(JSON.stringify(['withdrawAll', check.body]));
    withdraw.mutate(
      { body: check.body, idempotencyKey },
      {
        onSuccess: () => {
          actionKey.settle();
          toast.success(t('withdraw.waiteTransfer'));
          onClose();
        },
        onError: (error) => {
          actionKey.settle(error);
          setAlert({
            title: errorMessage(error),
            message: isUnsettledFailure(error)
              ? t('withdraw.unknownNote')
              : t('withdraw.failedNote'),
          });
        },
      },
    );
  };

  const bank = wallet.data?.bankAccount;
  // Left in the wallet after the take-back and the payment: forfeited (in satang, never < 0).
  const asked = parseAmountInput(amount);
  const rest = wallet.data
    ? fromSatang(
        Math.max(
          0,
          toSatang(wallet.data.wallet.amount) -
            toSatang(forfeit) -
            (asked.ok ? toSatang(asked.baht) : 0),
        ),
      )
    : null;
  return (
    <Dialog title={t('withdraw.title')} onClose={onClose} testId="withdraw-dialog">
      {wallet.data ? (
        <dl className="withdraw-summary">
          <div>
            <dt>{t('withdraw.available')}</dt>
            <dd className="mono" data-testid="withdraw-available">
              {currencySign(wallet.data.wallet.currency)}
              {formatAmount(wallet.data.wallet.amount)}
            </dd>
          </div>
          {bank ? (
            <div>
              <dt>{t('withdraw.toAccount')}</dt>
              <dd data-testid="withdraw-bank">
                <span>{bankName(bank.bank, locale)}</span>
                <span className="mono">{groupAccountNumber(bank.bankAccountNo)}</span>
                <span>{bank.bankAccountName}</span>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <Spinner />
      )}
      <form className="form" onSubmit={submit} noValidate data-testid="withdraw-form">
        <TextField
          label={t('withdraw.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={problem ?? undefined}
          data-testid="withdraw-amount"
        />
        <p className="notice notice--danger" data-testid="withdraw-bonus-notice">
          {t('withdraw.bonusNotice')}
        </p>
        {forfeit > 0 ? (
          <div
            className="notice notice--danger withdraw-forfeit"
            role="alert"
            data-testid="withdraw-forfeit-warning"
          >
            <strong>{t('bonus.withdraw.warningTitle')}</strong>
            <p data-testid="withdraw-forfeit-amount">
              {t('bonus.withdraw.warning', { forfeit: formatAmount(forfeit) })}
            </p>
            {rest !== null ? (
              <p className="mono" data-testid="withdraw-forfeit-rest">
                {t('bonus.withdraw.remainder', { rest: formatAmount(rest) })}
              </p>
            ) : null}
            <CheckboxField
              label={t('bonus.withdraw.confirm')}
              checked={acknowledged}
              onChange={(event) => {
                setAcknowledged(event.target.checked);
                if (event.target.checked) setAckProblem(null);
              }}
              aria-invalid={ackProblem ? true : undefined}
              data-testid="withdraw-forfeit-confirm"
            />
            {ackProblem ? (
              <p className="field__error" role="alert" data-testid="withdraw-forfeit-error">
                {ackProblem}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button
          type="submit"
          block
          pending={withdraw.isPending || lookup.isPending || turnover.isPending}
          data-testid="withdraw-submit"
        >
          {t('withdraw.submit')}
        </Button>
      </form>
      {alert ? (
        <AlertDialog
          kind="error"
          title={alert.title}
          message={alert.message}
          testId="withdraw-error-alert"
          onClose={() => setAlert(null)}
        />
      ) : null}
    </Dialog>
  );
}
