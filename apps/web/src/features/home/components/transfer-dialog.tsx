import { useMemo, useState, type FormEvent } from 'react';
import { WALLET } from '@wallet/contract/client';
import { AlertDialog } from '@/components/alert-dialog';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { SelectField, TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toast/toast-store';
import { useActionKey } from '@/hooks/use-action-key';
import { useAsyncAction } from '@/hooks/use-async-action';
import { useI18n } from '@/i18n/use-i18n';
import { amountProblemMessage } from '@/lib/amount-message';
import { errorMessage } from '@/lib/error-message';
import { isUnsettledFailure } from '@/lib/idempotency';
import { formatAmount } from '@/lib/money';
import { moneyFormatter } from '@/lib/money-formatter';
import { useTransfer, type TransferAnswer } from '@/features/home/api/transfer';
import { useTransferAll } from '@/features/home/api/transfer-all';
import { useWallet } from '@/lib/api/get-wallet';
import {
  checkTransfer,
  checkTransferAll,
  NONE,
  transferParties,
  type TransferPreset,
  type TransferProblem,
} from '@/features/home/lib/transfer-rules';
import './home-dialogs.css';

type Field = 'from' | 'to' | 'amount';
type Alert =
  | { kind: 'error'; title: string; message: string }
  | { kind: 'info'; title: string; message: string };

/**
 * The transfer dialog (spec sections 2 and 5): source and destination start on NONE, then
 * WALLET or an active game's code; amount at least 1 baht; transferAll moves the whole
 * wallet. Errors show in a modal alert titled with the error label; a PENDING answer says
 * the transfer is being confirmed. Every press is one action with one idempotency key,
 * reused when the same transfer is sent again after an unknown outcome.
 */
export function TransferDialog({
  preset,
  onClose,
}: {
  preset: TransferPreset | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const wallet = useWallet();
  const parties = useMemo(
    () => (wallet.data ? transferParties(wallet.data.wallet.amount, wallet.data.slots) : []),
    [wallet.data],
  );
  const [from, setFrom] = useState(preset?.from ?? NONE);
  const [to, setTo] = useState(preset?.to ?? NONE);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [alert, setAlert] = useState<Alert | null>(null);
  const actionKey = useActionKey();
  const transfer = useTransfer();
  const transferAll = useTransferAll();
  // The shared guard (one for both buttons): a second press, even in the same task, sends
  // nothing while a transfer is on its way.
  const sending = useAsyncAction((call: () => Promise<TransferAnswer>): Promise<TransferAnswer> =>
    call(),
  );
  const [sendingAll, setSendingAll] = useState(false);
  const busy = sending.pending;

  const options = [
    { value: NONE, label: t('transfer.none') },
    ...parties.map((party) => ({
      value: party.value,
      label: t('transfer.option', {
        name: party.name ?? t('transfer.wallet'),
        amount: formatAmount(party.amount),
      }),
    })),
  ];
  const source = parties.find((party) => party.value === from);
  const errorFor = (field: Field) => (problem?.field === field ? problem.message : undefined);

  const settled = (answer: TransferAnswer) => {
    actionKey.settle();
    if (answer.status === 'PENDING') {
      setAlert({ kind: 'info', title: t('transfer.pendingTitle'), message: t('transfer.pending') });
      return;
    }
    toast.success(t('transfer.success'));
    onClose();
  };
  const failed = (error: unknown) => {
    actionKey.settle(error);
    setAlert({
      kind: 'error',
      title: errorMessage(error, moneyFormatter(wallet.data?.wallet.currency)),
      message: isUnsettledFailure(error) ? t('transfer.unknownNote') : t('transfer.failedNote'),
    });
  };

  const send = async (all: boolean, call: () => Promise<TransferAnswer>) => {
    setSendingAll(all);
    const outcome = await sending.run(call);
    if (!outcome) return;
    if (outcome.ok) settled(outcome.value);
    else failed(outcome.error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkTransfer({ from, to, amount, parties });
    if (!check.ok) {
      setProblem({
        field: check.field,
        message:
          check.problem === 'amount'
            ? amountProblemMessage(check.amount)
            : t(`transfer.${check.problem satisfies TransferProblem}`),
      });
      return;
    }
    setProblem(null);
    const idempotencyKey = actionKey.for(JSON.stringify(['transfer', check.body]));
    void send(false, () => transfer.mutateAsync({ body: check.body, idempotencyKey }));
  };

  const moveAll = () => {
    if (busy) return;
    const check = checkTransferAll({ to, parties });
    if (!check.ok) {
      setProblem({ field: 'to', message: t('transfer.chooseGame') });
      return;
    }
    setProblem(null);
    setFrom(WALLET);
    const idempotencyKey = actionKey.for(JSON.stringify(['transferAll', check.body]));
    void send(true, () => transferAll.mutateAsync({ body: check.body, idempotencyKey }));
  };

  return (
    <Dialog title={t('transfer.title')} onClose={onClose} testId="transfer-dialog">
      {wallet.isPending ? <Spinner /> : null}
      <form className="form" onSubmit={submit} noValidate data-testid="transfer-form">
        <SelectField
          label={t('transfer.from')}
          name="from"
          value={from}
          options={options}
          onChange={(event) => setFrom(event.target.value)}
          error={errorFor('from')}
          data-testid="transfer-from"
        />
        <SelectField
          label={t('transfer.to')}
          name="to"
          value={to}
          options={options}
          onChange={(event) => setTo(event.target.value)}
          error={errorFor('to')}
          data-testid="transfer-to"
        />
        <div className="amount-field">
          <TextField
            label={t('transfer.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errorFor('amount')}
            data-testid="transfer-amount"
          />
          <button
            type="button"
            className="chip amount-field__all"
            disabled={!source || source.amount <= 0}
            onClick={() => source && setAmount(formatAmount(source.amount).replace(/,/g, ''))}
            aria-label={t('transfer.useAllLabel')}
            data-testid="transfer-use-all"
          >
            {t('transfer.useAll')}
          </button>
        </div>
        <Button
          type="submit"
          block
          pending={busy && !sendingAll}
          disabled={busy}
          data-testid="transfer-submit"
        >
          {t('transfer.submit')}
        </Button>
        <Button
          variant="secondary"
          block
          pending={busy && sendingAll}
          disabled={busy}
          onClick={moveAll}
          data-testid="transfer-all-button"
        >
          {t('transfer.transferAll')}
        </Button>
      </form>
      {alert ? (
        <AlertDialog
          kind={alert.kind}
          title={alert.title}
          message={alert.message}
          testId={alert.kind === 'error' ? 'transfer-error-alert' : 'transfer-pending-alert'}
          onClose={() => {
            setAlert(null);
            // A pending transfer is done from the member's side: back to the refreshed home.
            if (alert.kind === 'info') onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}
