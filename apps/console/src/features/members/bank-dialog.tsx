import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@wallet/contract/routes';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { useI18n } from '@/i18n/i18n';
import { callApi } from '@/lib/api';

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
  const banks = useQuery({
    queryKey: ['lookup', 'banks'],
    queryFn: ({ signal }) => callApi(routes.lookup.banks, { signal }),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const save = useMutation({
    mutationFn: () =>
      callApi(routes.operator.changeMemberBank, {
        params: { memberId: memberNo },
        body: {
          bankCode: form.bankCode,
          bankAccountName: form.bankAccountName.trim(),
          bankAccountNo: form.bankAccountNo.trim(),
          reason: form.reason.trim(),
        },
      }),
    onSuccess: (answer) => onDone(answer.requestId),
  });
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
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-bank`}>{t('members.bank.bankCode')}</label>
          <select id={`${id}-bank`} value={form.bankCode} onChange={set('bankCode')} data-autofocus>
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
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('members.bank.accountName')}</label>
          <input
            id={`${id}-name`}
            value={form.bankAccountName}
            onChange={set('bankAccountName')}
            aria-invalid={invalid(form.bankAccountName)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-no`}>{t('members.bank.accountNo')}</label>
          <input
            id={`${id}-no`}
            inputMode="numeric"
            value={form.bankAccountNo}
            onChange={set('bankAccountNo')}
            aria-invalid={invalid(form.bankAccountNo)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('dialog.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={200}
            value={form.reason}
            onChange={set('reason')}
            aria-invalid={invalid(form.reason)}
            aria-describedby={`${id}-reason-hint`}
          />
          <p id={`${id}-reason-hint`} className="muted">
            {t('members.confirm.reasonHint')}
          </p>
        </div>
        {missing && Object.values(form).some((v) => !v.trim()) ? (
          <p className="field-error" role="alert">
            {t('members.bank.required')}
          </p>
        ) : null}
        {save.error ? (
          <p className="alert" role="alert">
            {errorText((save.error as { code?: string }).code ?? 'UNKNOWN')}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onCancel} disabled={save.isPending}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('members.bank.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
