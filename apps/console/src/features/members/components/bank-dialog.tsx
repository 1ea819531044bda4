import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { Alert, Field, FormActions } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { useBanks, useChangeBank } from '../api';

interface BankDialogProps {
  open: boolean;
  memberNo: string;
  current: { bankCode: string; accountName: string };
  /** The change was asked for: request `requestId` waits for a second operator (0116). */
  onDone: (requestId: number) => void;
  onCancel: () => void;
}

/**
 * The payout account change of decision 0019, with a reason; the audit row keeps before/after.
 * It is a request another operator approves (decision 0116).
 */
export function BankDialog({ open, memberNo, current, onDone, onCancel }: BankDialogProps) {
  const { t, lang, errorText } = useI18n();
  const id = useId();
  const [form, setForm] = useState({
    bankCode: '',
    bankAccountName: '',
    bankAccountNo: '',
    reason: '',
  });
  const [missing, setMissing] = useState(false);
  const banks = useBanks(open);
  const save = useChangeBank(memberNo, { onSuccess: (answer) => onDone(answer.requestId) });
  useEffect(() => {
    if (!open) return;
    setForm({
      bankCode: current.bankCode,
      bankAccountName: current.accountName,
      bankAccountNo: '',
      reason: '',
    });
    setMissing(false);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open]);
  if (!open) return null;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const bankName = (bank: { nameTH: string; nameEN: string }) =>
    lang === 'th' ? bank.nameTH : bank.nameEN;
  const invalid = (value: string) => (missing && !value.trim()) || undefined;

  return (
    <Dialog
      title={t('members.bank.title', { memberNo })}
      busy={save.isPending}
      onClose={onCancel}
      describedBy={`${id}-intro`}
    >
      <p id={`${id}-intro`} className="dialog-body">
        {t('members.bank.intro')}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.values(form).some((v) => !v.trim())) {
            setMissing(true);
            return;
          }
          save.mutate({
            bankCode: form.bankCode,
            bankAccountName: form.bankAccountName.trim(),
            bankAccountNo: form.bankAccountNo.trim(),
            reason: form.reason.trim(),
          });
        }}
      >
        <Field label={t('members.bank.bankCode')}>
          {(control) => (
            <select {...control} value={form.bankCode} onChange={set('bankCode')} data-autofocus>
              {(
                banks.data ?? [
                  { code: current.bankCode, nameTH: current.bankCode, nameEN: current.bankCode },
                ]
              ).map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.code} · {bankName(bank)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('members.bank.accountName')}>
          {(control) => (
            <input
              {...control}
              value={form.bankAccountName}
              onChange={set('bankAccountName')}
              aria-invalid={invalid(form.bankAccountName)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('members.bank.accountNo')}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={form.bankAccountNo}
              onChange={set('bankAccountNo')}
              aria-invalid={invalid(form.bankAccountNo)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('dialog.reason')} hint={t('members.confirm.reasonHint')}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={200}
              value={form.reason}
              onChange={set('reason')}
              aria-invalid={invalid(form.reason)}
            />
          )}
        </Field>
        {missing && Object.values(form).some((v) => !v.trim()) ? (
          <p className="field-error" role="alert">
            {t('members.bank.required')}
          </p>
        ) : null}
        {save.error ? (
          <Alert>{errorText((save.error as { code?: string }).code ?? 'UNKNOWN')}</Alert>
        ) : null}
        <FormActions
          cancelLabel={t('dialog.cancel')}
          onCancel={onCancel}
          submitLabel={t('members.bank.save')}
          busy={save.isPending}
        />
      </form>
    </Dialog>
  );
}
