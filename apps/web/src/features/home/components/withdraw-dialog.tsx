import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CheckboxField, TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { ApiError } from '@/lib/api-client';
import { amountProblemMessage } from '@/lib/amount-message';
import { errorMessage } from '@/lib/error-message';
import { groupAccountNumber } from '@/lib/format';
import { isUnsettledFailure } from '@/lib/idempotency';
import { parseAmountInput } from '@wallet/client/amount';
import { currencySign, formatAmount, fromSatang, toSatang } from '@/lib/money';
import { useTurnover } from '@/lib/api/get-turnover';
import { useWallet } from '@/lib/api/get-wallet';
import { bankName } from '@/lib/bank-name';
import { useWithdrawLookup } from '@/features/home/api/get-withdraw-lookup';
import { useWithdrawAll, type WithdrawAllBody } from '@/features/home/api/withdraw-all';
import {
  checkWithdraw,
  forfeitAfter,
  withdrawAllAmount,
  withdrawTerms,
} from '@/features/home/lib/withdraw-rules';
import './home-dialogs.css';

/** The server's figure for the amount typed when it refused (409 BONUS_REMAINING + forfeit). */
interface ServerForfeit {
  amountText: string;
  forfeit: number;
}

/**
 * The withdraw dialog (spec sections 2, 5 and 8): amount, the red bonus notice, the
 * withdrawMin / withdrawMax messages with their bounds, errors in a modal alert titled with
 * the error label, and 'waiteTransfer' on success. Calls POST /api/wallet/withdrawAll.
 * While a promotion grant is open (decisions 0112, 0113) it shows what can be withdrawn now
 * and the promotion money that is locked, with a one-tap "withdraw all my money"; above
 * what is withdrawable it explains before sending. With a bonus or promotion open it shows
 * the promotion money taken back and the own money this amount forfeits (updated while
 * typing); a figure above 0 needs a tick stating it, sent as `confirmForfeit`. A 409
 * BONUS_REMAINING with the server's figure shows that figure and asks again.
 */
export function WithdrawDialog({
  onClose,
  fillBalance = false,
}: {
  onClose: () => void;
  /** Start with the whole wallet balance typed (after a self-exclusion, decision 0144). */
  fillBalance?: boolean;
}) {
  const { t, locale } = useI18n();
  const wallet = useWallet();
  // Spec section 8: a failed lookup is ignored; the server still checks the bounds.
  const lookup = useWithdrawLookup();
  const withdraw = useWithdrawAll();
  // What a withdrawal may do now. A failed read shows a notice: the server refuses an
  // unconfirmed forfeit anyway and answers its figure, which is then shown (decision 0113).
  const turnover = useTurnover(locale);
  const terms = turnover.data ? withdrawTerms(turnover.data) : null;
  const actionKey = useActionKey();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The forfeit figure the member ticked (a new figure needs a new tick). */
  const [ticked, setTicked] = useState<number | null>(null);
  const [ackProblem, setAckProblem] = useState<string | null>(null);
  const [serverForfeit, setServerForfeit] = useState<ServerForfeit | null>(null);
  /** What the server last said is withdrawable (newer than the turnover read). */
  const [serverLimit, setServerLimit] = useState<number | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const filled = useRef(false);
  const balance = wallet.data?.wallet.amount;
  useEffect(() => {
    if (!fillBalance || filled.current || balance === undefined) return;
    filled.current = true;
    if (balance > 0) setAmount(String(balance));
  }, [fillBalance, balance]);

  const withdrawable = serverLimit ?? (terms ? terms.withdrawable : null);
  const asked = parseAmountInput(amount);
  const fromServer = serverForfeit?.amountText === amount ? serverForfeit.forfeit : null;
  // Own money this amount forfeits: the server's figure for this very amount, else the one
  // computed from the terms (a bonus or promotion open and an amount typed), else unknown.
  const rest =
    fromServer ??
    (terms?.endsGrants && asked.ok && asked.baht > 0 ? forfeitAfter(terms, asked.baht) : null);
  /** The own money to confirm by its figure (a tick), or null when nothing of it is forfeited. */
  const toConfirm = rest !== null && rest > 0 ? rest : null;
  // The shared guard: one withdrawal per press, even for two presses in one task.
  const sending = useAsyncAction((body: WithdrawAllBody, idempotencyKey: string) =>
    withdraw.mutateAsync({ body, idempotencyKey }),
  );
  const busy = sending.pending || lookup.isPending || turnover.isPending;

  const messageFor = (check: ReturnType<typeof checkWithdraw>) => {
    if (check.ok) return null;
    switch (check.problem) {
      case 'min':
        return t('withdraw.min', { min: formatAmount(check.bound) });
      case 'max':
        return t('withdraw.max', { max: formatAmount(check.bound) });
      case 'overBonus':
      case 'overLocked':
        return t(`bonus.withdraw.${check.problem}`, { amount: formatAmount(check.bound) });
      case 'amount':
        return amountProblemMessage(check.amount);
      default:
        return t(`withdraw.${check.problem}`);
    }
  };

  const refused = (error: unknown, body: WithdrawAllBody) => {
    if (!(error instanceof ApiError) || error.message !== 'BONUS_REMAINING') return false;
    const { forfeit, withdrawable: limit } = error.details;
    if (forfeit !== undefined) {
      // The server is the judge: its figure for this amount, to confirm again. What it
      // implies is withdrawable now: the amount plus the own money it would forfeit.
      setServerForfeit({ amountText: amount, forfeit });
      setServerLimit(fromSatang(toSatang(body.amount) + toSatang(forfeit)));
      setTicked(null);
      setAckProblem(null);
      return true;
    }
    if (limit !== undefined) {
      setServerLimit(limit);
      setProblem(
        t(terms?.endsGrants === false ? 'bonus.withdraw.overLocked' : 'bonus.withdraw.overBonus', {
          amount: formatAmount(limit),
        }),
      );
      return true;
    }
    return false;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkWithdraw(amount, lookup.data ?? null, terms, serverLimit);
    if (!check.ok) {
      setProblem(messageFor(check));
      return;
    }
    setProblem(null);
    if (toConfirm !== null && ticked !== toConfirm) {
      setAckProblem(t('bonus.withdraw.confirmRequired'));
      return;
    }
    const body: WithdrawAllBody =
      toConfirm !== null
        ? { amount: check.body.amount, confirmForfeit: toConfirm }
        : { amount: check.body.amount };
    const idempotencyKey = actionKey.for(JSON.stringify(['withdrawAll', body]));
    const outcome = await sending.run(body, idempotencyKey);
    if (!outcome) return;
    if (outcome.ok) {
      actionKey.settle();
      toast.success(t('withdraw.waiteTransfer'));
      onClose();
      return;
    }
    const error = outcome.error;
    actionKey.settle(error);
    if (refused(error, body)) return;
    setAlert({
      title: errorMessage(error),
      message: isUnsettledFailure(error) ? t('withdraw.unknownNote') : t('withdraw.failedNote'),
    });
  };

  const bank = wallet.data?.bankAccount;
  const sign = currencySign(wallet.data?.wallet.currency);
  const fillAll =
    withdrawable !== null && withdrawable > 0
      ? withdrawAllAmount(withdrawable, lookup.data ?? null)
      : null;
  return (
    <Dialog title={t('withdraw.title')} onClose={onClose} testId="withdraw-dialog">
      {wallet.data ? (
        <dl className="withdraw-summary">
          <div>
            <dt>{t('withdraw.available')}</dt>
            <dd className="mono" data-testid="withdraw-available">
              {sign}
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
          {terms?.kind && withdrawable !== null ? (
            <>
              <div>
                <dt>{t('bonus.withdraw.withdrawable')}</dt>
                <dd className="mono" data-testid="withdraw-withdrawable">
                  {sign}
                  {formatAmount(withdrawable)}
                </dd>
              </div>
              <div>
                <dt>
                  {t(terms.endsGrants ? 'bonus.withdraw.takenBack' : 'bonus.withdraw.locked')}
                </dt>
                <dd className="mono" data-testid="withdraw-locked">
                  {sign}
                  {formatAmount(terms.endsGrants ? terms.takeBack : terms.locked)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : (
        <Spinner />
      )}
      <form
        className="form withdraw-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="withdraw-form"
      >
        <TextField
          label={t('withdraw.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
          // The bounds up front (issue 26), not only once an amount is refused.
          hint={
            lookup.data ? (
              <span data-testid="withdraw-bounds">
                {t('withdraw.bounds', {
                  min: formatAmount(lookup.data.withdrawMin),
                  max: formatAmount(lookup.data.withdrawMax),
                })}
              </span>
            ) : undefined
          }
          error={problem ?? undefined}
          data-testid="withdraw-amount"
        />
        {fillAll !== null ? (
          <Button
            variant="secondary"
            className="withdraw-all"
            onClick={() => {
              setAmount(formatAmount(fillAll).replace(/,/g, ''));
              setProblem(null);
            }}
            data-testid="withdraw-all"
          >
            {t('bonus.withdraw.withdrawAll', { amount: formatAmount(fillAll) })}
          </Button>
        ) : null}
        <p className="notice notice--danger" data-testid="withdraw-bonus-notice">
          {t('withdraw.bonusNotice')}
        </p>
        {terms?.kind && !terms.endsGrants ? (
          <p className="notice" data-testid="withdraw-keeps-open">
            {t('bonus.withdraw.keepsOpen', { kind: t(`bonus.kinds.${terms.kind}`) })}
          </p>
        ) : null}
        {turnover.isError && !terms ? (
          <p className="notice" data-testid="withdraw-terms-unread">
            {t('bonus.withdraw.unread')}
          </p>
        ) : null}
        {terms?.endsGrants || fromServer !== null ? (
          <div
            className="notice notice--danger withdraw-forfeit"
            data-testid="withdraw-forfeit-warning"
          >
            <strong>{t('bonus.withdraw.warningTitle')}</strong>
            {terms?.endsGrants ? (
              <p data-testid="withdraw-forfeit-amount">
                {t('bonus.withdraw.warning', { forfeit: formatAmount(terms.takeBack) })}
              </p>
            ) : null}
            {fromServer !== null ? (
              <p role="alert" data-testid="withdraw-forfeit-changed">
                {t('bonus.withdraw.changedForfeit', { rest: formatAmount(fromServer) })}
              </p>
            ) : null}
            <p
              className="mono withdraw-forfeit__rest"
              aria-live="polite"
              data-testid="withdraw-forfeit-rest"
            >
              {rest === null
                ? ''
                : rest > 0
                  ? t('bonus.withdraw.remainder', { rest: formatAmount(rest) })
                  : t('bonus.withdraw.noForfeit')}
            </p>
            {toConfirm !== null ? (
              <CheckboxField
                label={t('bonus.withdraw.confirm', { rest: formatAmount(toConfirm) })}
                // A new figure is a new statement: ticking one never ticks another.
                checked={ticked === toConfirm}
                onChange={(event) => {
                  setTicked(event.target.checked ? toConfirm : null);
                  if (event.target.checked) setAckProblem(null);
                }}
                aria-invalid={ackProblem ? true : undefined}
                data-testid="withdraw-forfeit-confirm"
              />
            ) : null}
            {ackProblem && toConfirm !== null ? (
              <p className="field__error" role="alert" data-testid="withdraw-forfeit-error">
                {ackProblem}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" block pending={busy} data-testid="withdraw-submit">
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
