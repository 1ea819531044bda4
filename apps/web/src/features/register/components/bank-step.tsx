import type { FormEvent } from 'react';
import { currencies, type Currency } from '@wallet/contract/client';
import { Button } from '@/components/button';
import { SelectField, TextField } from '@/components/field';
import { useI18n } from '@/i18n/use-i18n';
import { bankName } from '@/lib/bank-name';
import { digitsOnly } from '@/lib/validators';
import { useBanks } from '@/features/register/api/get-banks';
import {
  checkBankStep,
  type BankFields,
  type FieldProblem,
  type RegisterField,
} from '@/features/register/lib/register-flow';

export function BankStep({
  fields,
  errors,
  laoBuild,
  pending,
  onChange,
  onInvalid,
  onSubmit: submit,
  onBack,
}: {
  fields: BankFields;
  /** Each refused field's message (its own check or the server's answer naming it). */
  errors: Partial<Record<RegisterField, string>>;
  laoBuild: boolean;
  pending: boolean;
  onChange: (fields: BankFields) => void;
  onInvalid: (problem: FieldProblem) => void;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const { t, locale } = useI18n();
  const banks = useBanks();
  const set = (patch: Partial<BankFields>) => onChange({ ...fields, ...patch });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBankStep(fields);
    if (check.ok) submit();
    else if (check.reason !== 'empty') onInvalid(check);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="register-step-4">
      <h2 className="step-title">{t('register.stepBank')}</h2>
      {laoBuild ? null : (
        <p className="notice" data-testid="bank-recommendation">
          {t('register.recommendation')}
        </p>
      )}
      <SelectField
        label={t('register.bank')}
        name="bankCode"
        placeholder={t('register.bankPlaceholder')}
        options={(banks.data ?? []).map((bank) => ({
          value: bank.code,
          label: bankName(bank, locale),
        }))}
        error={errors.bankCode}
        value={fields.bankCode}
        onChange={(event) => set({ bankCode: event.target.value })}
      />
      {laoBuild ? (
        <SelectField
          label={t('register.currency')}
          name="currency"
          options={currencies.map((code) => ({
            value: code,
            label: t(code === 'LAK' ? 'register.currencyLAK' : 'register.currencyBAHT'),
          }))}
          value={fields.currency}
          onChange={(event) => set({ currency: event.target.value as Currency })}
        />
      ) : null}
      <TextField
        label={t('register.accountNo')}
        name="bankAccountNo"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        error={errors.accountNo}
        value={fields.accountNo}
        onChange={(event) => set({ accountNo: digitsOnly(event.target.value) })}
      />
      <TextField
        label={t('register.firstName')}
        name="firstName"
        autoComplete="given-name"
        autoCapitalize="characters"
        hint={t('register.nameHint')}
        value={fields.firstName}
        onChange={(event) => set({ firstName: event.target.value.toUpperCase() })}
      />
      <TextField
        label={t('register.lastName')}
        name="lastName"
        autoComplete="family-name"
        autoCapitalize="characters"
        error={errors.lastName}
        value={fields.lastName}
        onChange={(event) => set({ lastName: event.target.value.toUpperCase() })}
      />
      <div className="form__actions">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          {t('common.back')}
        </Button>
        <Button type="submit" pending={pending}>
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
