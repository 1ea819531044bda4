// Crediting or debiting a member's wallet. Above the threshold the adjustment becomes a
// request for a second operator. One idempotency key per intended adjustment: a retry after
// a lost answer cannot post twice; any change to the form starts a new one.
import { parseAmountInput } from '@wallet/client/amount';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Field } from '@/components/form';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useAdjust, useThreshold } from '../api';

export function AdjustmentForm() {
  const { t, errorText } = useI18n();
  const id = useId();
  const toast = useToast();
  const [params] = useSearchParams();
  const [member, setMember] = useState(params.get('member') ?? '');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const changed = () => {
    key.current = null;
    setError(null);
  };

  const threshold = useThreshold();
  const submit = useAdjust({
    onSuccess: (answer, { body }) => {
      key.current = null;
      if (answer.status === 'posted')
        toast.show(
          t('adjustments.form.posted', {
            member: body.memberId,
            balance: formatMoney(answer.balance),
          }),
        );
      else toast.show(t('adjustments.form.pending', { id: answer.requestId }), 'info');
      setAmount('');
      setReason('');
    },
    onError: (caught) => {
      const code = caught instanceof ApiError ? caught.code : 'INTERNAL_SERVER_ERROR';
      setError(code === 'NO_USER' ? t('adjustments.errors.noMember') : errorText(code));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!member.trim())
      problems.member = t('adjustments.form.required', { field: t('adjustments.form.member') });
    const typed = parseAmountInput(amount);
    if (!amount.trim())
      problems.amount = t('adjustments.form.required', { field: t('adjustments.form.amount') });
    else if (!typed.ok || typed.baht <= 0) problems.amount = t('adjustments.form.amountInvalid');
    if (!reason.trim())
      problems.reason = t('adjustments.form.required', { field: t('adjustments.form.reason') });
    setInvalid(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!typed.ok) return;
    key.current ??= crypto.randomUUID();
    submit.mutate({
      body: { memberId: member.trim(), amount: typed.baht, direction, reason: reason.trim() },
      idempotencyKey: key.current,
    });
  };

  return (
    <section className="card adjustments-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adjustments.form.title')}</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="adjustments-grid">
          <Field id={`${id}-member`} label={t('adjustments.form.member')} error={invalid.member}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('adjustments.form.memberHint')}
                value={member}
                onChange={(event) => {
                  setMember(event.target.value);
                  changed();
                }}
              />
            )}
          </Field>
          <Field
            id={`${id}-amount`}
            label={t('adjustments.form.amount')}
            error={invalid.amount}
            hint={
              threshold.data
                ? t('adjustments.form.threshold', { amount: formatMoney(threshold.data.threshold) })
                : t('adjustments.form.thresholdUnknown')
            }
            hintClassName="muted adjustments-threshold"
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  changed();
                }}
              />
            )}
          </Field>
          <fieldset className="field adjustments-direction">
            <legend>{t('adjustments.form.direction')}</legend>
            {(['credit', 'debit'] as const).map((value) => (
              <label key={value} className="adjustments-radio">
                <input
                  type="radio"
                  name={`${id}-direction`}
                  value={value}
                  checked={direction === value}
                  onChange={() => {
                    setDirection(value);
                    changed();
                  }}
                />
                {t(`adjustments.form.${value}`)}
              </label>
            ))}
          </fieldset>
        </div>
        <Field
          id={`${id}-reason`}
          label={t('adjustments.form.reason')}
          error={invalid.reason}
          hint={t('adjustments.form.reasonHint')}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={200}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                changed();
              }}
            />
          )}
        </Field>
        <Alert>{error}</Alert>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submit.isPending}
          aria-busy={submit.isPending || undefined}
        >
          {submit.isPending ? t('adjustments.form.working') : t('adjustments.form.submit')}
        </button>
      </form>
    </section>
  );
}
