import { Field } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { saveSetting, type SiteAnswer } from '../api';
import { LocalizedFields, SettingCard, useDraft, type FormProps } from './setting-card';

type Site = SiteAnswer['settings'];
type Bank = Site['deposit']['banks'][number];

const newBank: Bank = {
  bankCode: '',
  bankType: 'BANK',
  mode: 'AUTO',
  bank: { th: '', la: '', en: '' },
  bankAccountName: '',
  bankAccountNo: '',
  currency: 'BAHT',
};

export function DepositForm({ value, change, onSaved }: FormProps<Site['deposit']>) {
  const { t } = useI18n();
  const d = useDraft(value);
  const setBank = (index: number, part: Partial<Bank> | null) => {
    const banks = [...d.draft.banks];
    if (part) banks[index] = { ...banks[index]!, ...part };
    else banks.splice(index, 1);
    d.setDraft({ ...d.draft, banks });
  };
  const setWallet = (index: number, part: Partial<Site['deposit']['wallets'][number]> | null) => {
    const wallets = [...d.draft.wallets];
    if (part) wallets[index] = { ...wallets[index]!, ...part };
    else wallets.splice(index, 1);
    d.setDraft({ ...d.draft, wallets });
  };
  return (
    <SettingCard
      id="deposit"
      title={t('settings.deposit.title')}
      change={change}
      dirty={d.dirty}
      onReset={d.reset}
      onSave={async () => {
        const body = {
          ...d.draft,
          banks: d.draft.banks.map(({ bankAccountNameEN, ...bank }) => ({
            ...bank,
            bankType: bank.bankType as 'BANK' | 'PAYMENT',
            ...(bankAccountNameEN?.trim() ? { bankAccountNameEN } : {}),
          })),
        };
        d.saved(await saveSetting.deposit(body));
        onSaved();
      }}
    >
      <label className="setting-check">
        <input
          type="checkbox"
          checked={d.draft.isManual}
          onChange={(e) => d.setDraft({ ...d.draft, isManual: e.target.checked })}
        />
        {t('settings.deposit.isManual')}
      </label>
      <h3>{t('settings.deposit.banks')}</h3>
      <ol className="setting-list">
        {d.draft.banks.map((bank, i) => {
          const label = t('settings.deposit.bank', { n: i + 1 });
          const fid = (name: string) => `deposit-${i}-${name}`;
          return (
            <li key={i} className="setting-list-item">
              <fieldset className="localized">
                <legend>{label}</legend>
                <div className="setting-row">
                  <Field id={fid('code')} label={t('settings.deposit.bankCode')}>
                    {(control) => (
                      <input
                        {...control}
                        value={bank.bankCode}
                        maxLength={20}
                        onChange={(e) => setBank(i, { bankCode: e.target.value.toUpperCase() })}
                      />
                    )}
                  </Field>
                  <Field id={fid('type')} label={t('settings.deposit.bankType')}>
                    {(control) => (
                      <select
                        {...control}
                        value={bank.bankType}
                        onChange={(e) => setBank(i, { bankType: e.target.value })}
                      >
                        <option value="BANK">{t('settings.deposit.typeBank')}</option>
                        <option value="PAYMENT">{t('settings.deposit.typePayment')}</option>
                      </select>
                    )}
                  </Field>
                  <Field id={fid('mode')} label={t('settings.deposit.mode')}>
                    {(control) => (
                      <input
                        {...control}
                        value={bank.mode}
                        maxLength={20}
                        onChange={(e) => setBank(i, { mode: e.target.value.toUpperCase() })}
                      />
                    )}
                  </Field>
                  <Field id={fid('currency')} label={t('settings.deposit.currency')}>
                    {(control) => (
                      <select
                        {...control}
                        value={bank.currency}
                        onChange={(e) =>
                          setBank(i, { currency: e.target.value as Bank['currency'] })
                        }
                      >
                        <option value="BAHT">BAHT</option>
                        <option value="LAK">LAK</option>
                      </select>
                    )}
                  </Field>
                </div>
                <LocalizedFields
                  label={t('settings.deposit.bankName')}
                  value={bank.bank}
                  onChange={(names) => setBank(i, { bank: names })}
                  maxLength={100}
                />
                <div className="setting-row">
                  <Field id={fid('name')} label={t('settings.deposit.accountName')}>
                    {(control) => (
                      <input
                        {...control}
                        value={bank.bankAccountName}
                        maxLength={100}
                        onChange={(e) => setBank(i, { bankAccountName: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={fid('name-en')} label={t('settings.deposit.accountNameEN')}>
                    {(control) => (
                      <input
                        {...control}
                        value={bank.bankAccountNameEN ?? ''}
                        maxLength={100}
                        onChange={(e) => setBank(i, { bankAccountNameEN: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field id={fid('no')} label={t('settings.deposit.accountNo')}>
                    {(control) => (
                      <input
                        {...control}
                        value={bank.bankAccountNo}
                        maxLength={30}
                        onChange={(e) => setBank(i, { bankAccountNo: e.target.value.trim() })}
                      />
                    )}
                  </Field>
                </div>
                <button type="button" className="btn btn-link" onClick={() => setBank(i, null)}>
                  {t('settings.remove')} ({label})
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn"
        disabled={d.draft.banks.length >= 20}
        onClick={() => d.setDraft({ ...d.draft, banks: [...d.draft.banks, { ...newBank }] })}
      >
        + {t('settings.add')}
      </button>
      <h3>{t('settings.deposit.wallets')}</h3>
      <ol className="setting-list">
        {d.draft.wallets.map((wallet, i) => {
          const label = t('settings.deposit.wallet', { n: i + 1 });
          return (
            <li key={i} className="setting-row setting-list-item">
              <div className="field">
                <label htmlFor={`wallet-${i}-mode`}>
                  {label}: {t('settings.deposit.walletMode')}
                </label>
                <input
                  id={`wallet-${i}-mode`}
                  value={wallet.mode}
                  maxLength={20}
                  onChange={(e) => setWallet(i, { mode: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`wallet-${i}-name`}>
                  {label}: {t('settings.deposit.walletName')}
                </label>
                <input
                  id={`wallet-${i}-name`}
                  value={wallet.walletAccountName}
                  maxLength={100}
                  onChange={(e) => setWallet(i, { walletAccountName: e.target.value })}
                />
              </div>
              <button type="button" className="btn btn-link" onClick={() => setWallet(i, null)}>
                {t('settings.remove')} ({label})
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn"
        disabled={d.draft.wallets.length >= 10}
        onClick={() =>
          d.setDraft({
            ...d.draft,
            wallets: [...d.draft.wallets, { mode: 'gift', walletAccountName: '' }],
          })
        }
      >
        + {t('settings.add')}
      </button>
    </SettingCard>
  );
}
