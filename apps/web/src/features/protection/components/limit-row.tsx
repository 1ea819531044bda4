import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/field';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import type { ProtectionLimit } from '@/lib/api/get-protection';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { formatAmount } from '@/lib/money';
import { parseAmountInput } from '@wallet/client/amount';
import { useConfirmLimit } from '@/features/protection/api/confirm-limit';
import { useSetLimit } from '@/features/protection/api/set-limit';
import { canConfirm } from '@/features/protection/lib/protection';
import './limit-row.css';

/** One limit (a kind and a period): what is set, used and left, a pending raise, the form. */
export function LimitRow({
  limit,
  sign,
  now,
}: {
  limit: ProtectionLimit;
  sign: string;
  now: number;
}) {
  const { t } = useI18n();
  const setLimit = useSetLimit();
  const confirm = useConfirmLimit();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `${limit.kind}-${limit.period}`;
  const periodLabel = t(`protection.period.${limit.period}`);
  const money = (baht: number) => `${sign}${formatAmount(baht)}`;

  const send = (value: number | null) => {
    setProblem(null);
    setLimit.mutate(
      { kind: limit.kind, period: limit.period, amount: value },
      {
        onSuccess: (state) => {
          setAmount('');
          const row = state.limits.find((l) => l.kind === limit.kind && l.period === limit.period);
          toast.success(t(row?.pending ? 'protection.savedPending' : 'protection.saved'));
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmountInput(amount);
    if (!parsed.ok || parsed.baht < 0) {
      setProblem(t('protection.amountInvalid'));
      return;
    }
    send(parsed.baht);
  };

  return (
    <li className="limit-row" data-testid={`limit-${id}`}>
      <h3 className="limit-row__title">{periodLabel}</h3>
      <dl className="limit-row__figures">
        <div>
          <dt>{t('protection.limit')}</dt>
          <dd className="mono" data-testid={`limit-${id}-amount`}>
            {limit.amount === null ? t('protection.noLimit') : money(limit.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('protection.used')}</dt>
          <dd className="mono" data-testid={`limit-${id}-used`}>
            {money(limit.used)}
          </dd>
        </div>
        {limit.remaining !== null ? (
          <div>
            <dt>{t('protection.remaining')}</dt>
            <dd className="mono" data-testid={`limit-${id}-remaining`}>
              {money(limit.remaining)}
            </dd>
          </div>
        ) : null}
      </dl>
      {limit.pending ? (
        <div className="limit-row__pending" data-testid={`limit-${id}-pending`}>
          <p>
            {limit.pending.amount === null
              ? t('protection.pendingRemoval')
              : t('protection.pendingRaise', { amount: money(limit.pending.amount) })}
          </p>
          {canConfirm(limit, now) ? (
            <Button
              variant="secondary"
              pending={confirm.isPending}
              onClick={() =>
                confirm.mutate(
                  { kind: limit.kind, period: limit.period },
                  {
                    onSuccess: () => toast.success(t('protection.confirmed')),
                    onError: (error) => setProblem(errorMessage(error)),
                  },
                )
              }
              data-testid={`limit-${id}-confirm`}
            >
              {t('protection.confirm')}
            </Button>
          ) : (
            <p className="muted" data-testid={`limit-${id}-confirmable-at`}>
              {t('protection.confirmableAt', { time: formatDateTime(limit.pending.confirmableAt) })}
            </p>
          )}
        </div>
      ) : null}
      <form className="limit-row__form" onSubmit={submit} noValidate>
        <TextField
          label={t(`protection.newLimit.${limit.kind}`, { period: periodLabel })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={problem ?? undefined}
          data-testid={`limit-${id}-input`}
        />
        <div className="limit-row__actions">
          <Button type="submit" pending={setLimit.isPending} data-testid={`limit-${id}-save`}>
            {t('protection.save')}
          </Button>
          {limit.amount !== null ? (
            <Button
              variant="ghost"
              disabled={setLimit.isPending}
              onClick={() => send(null)}
              data-testid={`limit-${id}-remove`}
            >
              {t('protection.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    </li>
  );
}
