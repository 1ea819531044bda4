import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NO_QR_STATE, qrGatewayCodes } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { amountProblemMessage } from '@/lib/amount-message';
import { errorMessage } from '@/lib/error-message';
import { depositRefusal } from '@/features/deposit/lib/deposit-refusal';
import { formatAmount } from '@/lib/money';
import { moneyFormatter } from '@/lib/money-formatter';
import { useCancelQr } from '@/features/deposit/api/cancel-qr';
import { useCreateQr } from '@/features/deposit/api/create-qr';
import {
  getQrQueryOptions,
  isPaidQr,
  qrQueryKey,
  useQr,
  type QrState,
} from '@/features/deposit/api/get-qr';
import { useCountdown } from '@/features/deposit/hooks/use-countdown';
import { useQrPaymentWatch } from '@/features/deposit/hooks/use-qr-payment-watch';
import { formatCountdown } from '@/features/deposit/lib/countdown';
import { lifetimeMinutes, qrImageSource } from '@/features/deposit/lib/qr-image';
import {
  checkQrAmount,
  minimumOf,
  quickAmounts,
  type QrGatewayCode,
} from '@/features/deposit/lib/qr-rules';

function OpenQr({
  bank,
  state,
  receivedAt,
  onTransferred,
  onPaid,
}: {
  bank: QrGatewayCode;
  state: QrState;
  receivedAt: number;
  onTransferred: () => void;
  /** The QR was paid: show it as paid and reload the balances. */
  onPaid: (answer: QrState) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const cancel = useCancelQr();
  const expireIn = state.expireIn ?? 0;
  const deadline = receivedAt + expireIn * 1000;
  // At 00:00 the QR is discarded and the view returns to "none" (spec section 4).
  const discard = useCallback(() => {
    queryClient.setQueryData(qrQueryKey(bank), NO_QR_STATE);
    toast.info(t('qr.expired'));
  }, [queryClient, bank, t]);
  const left = useCountdown(deadline, discard);
  const image = qrImageSource(state.qrcode);
  const amount = formatAmount(state.amount ?? 0);
  // The wallet is credited within moments of the payment: notice it while the QR is shown.
  useQrPaymentWatch(bank, state, receivedAt, (answer) => {
    if (isPaidQr(answer) && answer.qrcodeId === state.qrcodeId) onPaid(answer);
    else queryClient.setQueryData(qrQueryKey(bank), answer);
  });

  const cancelling = useAsyncAction((qrcodeId: string) => cancel.mutateAsync(qrcodeId));
  const cancelQr = async () => {
    if (!state.qrcodeId) return;
    const outcome = await cancelling.run(state.qrcodeId);
    if (!outcome) return;
    if (outcome.ok) {
      queryClient.setQueryData(qrQueryKey(bank), NO_QR_STATE);
      toast.info(t('qr.cancelled'));
      return;
    }
    // Refused because it was paid meanwhile: that is news, not an error.
    const fresh = await queryClient
      .fetchQuery({ ...getQrQueryOptions(bank), staleTime: 0 })
      .catch(() => undefined);
    if (fresh && isPaidQr(fresh) && fresh.qrcodeId === state.qrcodeId) {
      onPaid(fresh);
      return;
    }
    toast.error(errorMessage(outcome.error));
  };

  return (
    <div className="qr-open" data-testid="qr-open">
      <div className="qr-open__code">
        {image ? (
          <img
            src={image}
            alt={t('qr.imageAlt', { amount })}
            width={240}
            height={240}
            data-testid="qr-image"
          />
        ) : (
          <p className="form__error">{t('qr.unreadable')}</p>
        )}
      </div>
      <dl className="qr-open__facts">
        <div>
          <dt>{t('qr.amountLabel')}</dt>
          <dd className="mono" data-testid="qr-amount">
            ฿{amount}
          </dd>
        </div>
        <div>
          <dt>{t('qr.expiresIn')}</dt>
          <dd className="mono qr-open__timer" role="timer" data-testid="qr-countdown">
            {formatCountdown(left ?? expireIn)}
          </dd>
        </div>
      </dl>
      <p className="notice">{t('qr.validFor', { minutes: lifetimeMinutes(expireIn) })}</p>
      <Button block onClick={onTransferred} data-testid="qr-transferred">
        {t('qr.transferred')}
      </Button>
      <Button
        block
        variant="secondary"
        pending={cancelling.pending}
        onClick={() => void cancelQr()}
        data-testid="qr-cancel"
      >
        {t('qr.cancel')}
      </Button>
    </div>
  );
}

/** The QR was paid and the wallet credited (decision 0054). */
function PaidQr({
  state,
  onDone,
  onAnother,
}: {
  state: QrState;
  onDone: () => void;
  onAnother: () => void;
}) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // A layout effect: focus moves in the commit that shows the content, not a frame later
  // (Preact runs plain effects after the next paint; a key pressed meanwhile went elsewhere:
  // decision 0158).
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <div className="qr-paid" data-testid="qr-paid">
      <div className="qr-paid__message" role="status">
        <h3 className="qr-paid__title" ref={heading} tabIndex={-1}>
          {t('qr.paidTitle')}
        </h3>
        <p className="qr-paid__amount mono" data-testid="qr-paid-amount">
          ฿{formatAmount(state.amount ?? 0)}
        </p>
        <p data-testid="qr-paid-text">{t('qr.paidText')}</p>
      </div>
      <Button block onClick={onDone} data-testid="qr-paid-done">
        {t('qr.paidDone')}
      </Button>
      <Button block variant="secondary" onClick={onAnother} data-testid="qr-paid-another">
        {t('qr.paidAnother')}
      </Button>
    </div>
  );
}

function CreateQrForm({ bank, currency }: { bank: QrGatewayCode; currency?: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const create = useCreateQr();
  const actionKey = useActionKey();
  const [amount, setAmount] = useState('');
  const [showMinimum, setShowMinimum] = useState(false);
  const check = checkQrAmount(bank, amount);
  const minimum = minimumOf(bank);

  const creating = useAsyncAction((amount: number) => {
    const body = { amount };
    const idempotencyKey = actionKey.for(JSON.stringify(['qr', bank, body]));
    return create.mutateAsync({ bankCode: bank, body, idempotencyKey });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.state === 'disabled' || check.state === 'invalid') return;
    // KBANK below 1 baht: the button is enabled but pressing it does nothing (spec section 5);
    // the minimum line turns red so the member sees why.
    if (check.state === 'belowMinimum') {
      setShowMinimum(true);
      return;
    }
    const outcome = await creating.run(check.amount);
    if (!outcome) return;
    if (!outcome.ok) {
      actionKey.settle(outcome.error);
      toast.error(depositRefusal(outcome.error, moneyFormatter(currency)));
      return;
    }
    const answer = outcome.value;
    actionKey.settle();
    if (!answer.hasQrcode) {
      toast.error(depositRefusal(answer.message ?? 'QR_FAIL'));
      return;
    }
    queryClient.setQueryData(qrQueryKey(bank), answer);
    // The server keeps one open QR per member: flag the other banks' views to reload.
    for (const other of qrGatewayCodes) {
      if (other !== bank) void queryClient.invalidateQueries({ queryKey: qrQueryKey(other) });
    }
    setAmount('');
  };

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="qr-form"
    >
      <TextField
        label={t('qr.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setShowMinimum(false);
        }}
        hint={
          <span className={showMinimum ? 'field__hint--error' : undefined}>
            {t('qr.minimum', { min: formatAmount(minimum) })}
          </span>
        }
        error={check.state === 'invalid' ? amountProblemMessage(check.problem) : undefined}
        data-testid="qr-amount-input"
      />
      <div className="quick-amounts" role="group" aria-label={t('qr.quickAmounts')}>
        {quickAmounts(bank).map((value) => (
          <button
            key={value}
            type="button"
            className={`quick-amount${amount === String(value) ? ' is-selected' : ''}`}
            aria-pressed={amount === String(value)}
            aria-label={t('qr.quickAmount', { amount: formatAmount(value) })}
            onClick={() => {
              setAmount(String(value));
              setShowMinimum(false);
            }}
            data-testid={`qr-quick-${value}`}
          >
            {value.toLocaleString('en-US')}
          </button>
        ))}
      </div>
      <p className="muted small">{t('qr.onceNotice')}</p>
      <Button
        type="submit"
        block
        pending={creating.pending}
        disabled={check.state === 'disabled' || check.state === 'invalid'}
        data-testid="qr-create"
      >
        {t('qr.create')}
      </Button>
    </form>
  );
}

/**
 * One gateway bank's QR view (spec sections 2, 4 and 5): none -> amount (quick amounts,
 * minimum rules) and create; open -> the QR, its amount and the mm:ss countdown, cancel and
 * 'I have transferred'; paid (decision 0054) -> the amount credited, done or another QR.
 */
export function QrView({
  bank,
  onTransferred,
  onWalletChange,
  onDone,
  currency,
}: {
  bank: QrGatewayCode;
  /** The wallet's currency (a limit's refusal says what still fits in it). */
  currency?: string;
  onTransferred: () => void;
  /** The QR was paid: the wallet changed, reload it. */
  onWalletChange: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const qr = useQr(bank);
  const paid = useCallback(
    (answer: QrState) => {
      queryClient.setQueryData(qrQueryKey(bank), answer);
      onWalletChange();
    },
    [queryClient, bank, onWalletChange],
  );
  if (qr.isPending) {
    return (
      <div className="qr-view" aria-busy="true">
        <Spinner label={t('qr.loading')} />
      </div>
    );
  }
  // A failed state lookup is treated as "no QR": the member can still create one.
  const state = qr.data ?? NO_QR_STATE;
  return (
    <div className="qr-view" data-testid={`qr-view-${bank}`}>
      {state.hasQrcode && state.expireIn !== null ? (
        <OpenQr
          key={`${state.qrcodeId ?? ''}:${qr.dataUpdatedAt}`}
          bank={bank}
          state={state}
          receivedAt={qr.dataUpdatedAt}
          onTransferred={onTransferred}
          onPaid={paid}
        />
      ) : isPaidQr(state) ? (
        <PaidQr
          state={state}
          onDone={onDone}
          onAnother={() => queryClient.setQueryData(qrQueryKey(bank), NO_QR_STATE)}
        />
      ) : (
        <CreateQrForm bank={bank} currency={currency} />
      )}
    </div>
  );
}
