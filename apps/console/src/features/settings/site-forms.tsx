// The money and site groups (admin only): withdraw limits, receiving accounts and wallets, the
// slip upload window; chat, registration OTP and the terminated flag. Amounts in baht.
import { useState } from 'react';
import { routes } from '@wallet/contract/routes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useI18n } from '@/i18n/i18n';
import { callApi, type ApiAnswer } from '@/lib/api';
import { LocalizedFields, SettingCard, useDraft, type FormProps } from './setting-card';

export type SiteAnswer = ApiAnswer<typeof routes.operatorSettings.getSite>;
type Site = SiteAnswer['settings'];
type Bank = Site['deposit']['banks'][number];
const r = routes.operatorSettings;

/** A number field's text as a number ('' and junk: NaN, refused by the server as KEY_INVALID). */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

export function WithdrawForm({ value, change, onSaved }: FormProps<Site['withdraw']>) {
  const { t } = useI18n();
  const d = useDraft({ min: String(value.withdrawMin), max: String(value.withdrawMax) });
  const min = num(d.draft.min);
  const max = num(d.draft.max);
  return (
    <SettingCard
      id="withdraw"
      title={t('settings.withdraw.title')}
      change={change}
      dirty={d.dirty}
      problem={min > max ? t('settings.withdraw.minOverMax') : null}
      onReset={d.reset}
      onSave={async () => {
        const answer = await callApi(r.setWithdraw, {
          body: { withdrawMin: min, withdrawMax: max },
        });
        d.saved({ min: String(answer.withdrawMin), max: String(answer.withdrawMax) });
        onSaved();
      }}
    >
      <div className="setting-row">
        <div className="field">
          <label htmlFor="withdraw-min">{t('settings.withdraw.min')}</label>
          <input
            id="withdraw-min"
            inputMode="decimal"
            value={d.draft.min}
            onChange={(e) => d.setDraft({ ...d.draft, min: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="withdraw-max">{t('settings.withdraw.max')}</label>
          <input
            id="withdraw-max"
            inputMode="decimal"
            value={d.draft.max}
            onChange={(e) => d.setDraft({ ...d.draft, max: e.target.value })}
          />
        </div>
      </div>
    </SettingCard>
  );
}

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
        d.saved(await callApi(r.setDeposit, { body }));
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
                  <div className="field">
                    <label htmlFor={fid('code')}>{t('settings.deposit.bankCode')}</label>
                    <input
                      id={fid('code')}
                      value={bank.bankCode}
                      maxLength={20}
                      onChange={(e) => setBank(i, { bankCode: e.target.value.toUpperCase() })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={fid('type')}>{t('settings.deposit.bankType')}</label>
                    <select
                      id={fid('type')}
                      value={bank.bankType}
                      onChange={(e) => setBank(i, { bankType: e.target.value })}
                    >
                      <option value="BANK">{t('settings.deposit.typeBank')}</option>
                      <option value="PAYMENT">{t('settings.deposit.typePayment')}</option>
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={fid('mode')}>{t('settings.deposit.mode')}</label>
                    <input
                      id={fid('mode')}
                      value={bank.mode}
                      maxLength={20}
                      onChange={(e) => setBank(i, { mode: e.target.value.toUpperCase() })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={fid('currency')}>{t('settings.deposit.currency')}</label>
                    <select
                      id={fid('currency')}
                      value={bank.currency}
                      onChange={(e) => setBank(i, { currency: e.target.value as Bank['currency'] })}
                    >
                      <option value="BAHT">BAHT</option>
                      <option value="LAK">LAK</option>
                    </select>
                  </div>
                </div>
                <LocalizedFields
                  label={t('settings.deposit.bankName')}
                  value={bank.bank}
                  onChange={(names) => setBank(i, { bank: names })}
                  maxLength={100}
                />
                <div className="setting-row">
                  <div className="field">
                    <label htmlFor={fid('name')}>{t('settings.deposit.accountName')}</label>
                    <input
                      id={fid('name')}
                      value={bank.bankAccountName}
                      maxLength={100}
                      onChange={(e) => setBank(i, { bankAccountName: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={fid('name-en')}>{t('settings.deposit.accountNameEN')}</label>
                    <input
                      id={fid('name-en')}
                      value={bank.bankAccountNameEN ?? ''}
                      maxLength={100}
                      onChange={(e) => setBank(i, { bankAccountNameEN: e.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={fid('no')}>{t('settings.deposit.accountNo')}</label>
                    <input
                      id={fid('no')}
                      value={bank.bankAccountNo}
                      maxLength={30}
                      onChange={(e) => setBank(i, { bankAccountNo: e.target.value.trim() })}
                    />
                  </div>
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

const MB = 1024 * 1024;

export function SlipForm({ value, change, onSaved }: FormProps<Site['slip']>) {
  const { t } = useI18n();
  const toDraft = (v: Site['slip']) => ({
    window: String(v.uploadWindowMinutes),
    closed: v.closedFrom !== null,
    from: v.closedFrom ?? '',
    to: v.closedTo ?? '',
    mb: String(Math.round((v.maxFileBytes / MB) * 10) / 10),
  });
  const d = useDraft(toDraft(value));
  const badWindow = d.draft.closed && (!d.draft.from || !d.draft.to || d.draft.from === d.draft.to);
  return (
    <SettingCard
      id="slip"
      title={t('settings.slip.title')}
      change={change}
      dirty={d.dirty}
      problem={badWindow ? t('settings.slip.bothEnds') : null}
      onReset={d.reset}
      onSave={async () => {
        const answer = await callApi(r.setSlip, {
          body: {
            uploadWindowMinutes: num(d.draft.window),
            closedFrom: d.draft.closed ? d.draft.from : null,
            closedTo: d.draft.closed ? d.draft.to : null,
            maxFileBytes: Math.round(num(d.draft.mb) * MB),
          },
        });
        d.saved(toDraft(answer));
        onSaved();
      }}
    >
      <div className="setting-row">
        <div className="field">
          <label htmlFor="slip-window">{t('settings.slip.window')}</label>
          <input
            id="slip-window"
            inputMode="numeric"
            value={d.draft.window}
            onChange={(e) => d.setDraft({ ...d.draft, window: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="slip-mb">{t('settings.slip.maxFile')}</label>
          <input
            id="slip-mb"
            inputMode="decimal"
            value={d.draft.mb}
            onChange={(e) => d.setDraft({ ...d.draft, mb: e.target.value })}
          />
        </div>
      </div>
      <label className="setting-check">
        <input
          type="checkbox"
          checked={d.draft.closed}
          onChange={(e) => d.setDraft({ ...d.draft, closed: e.target.checked })}
        />
        {t('settings.slip.closed')}
      </label>
      {d.draft.closed ? (
        <div className="setting-row">
          <div className="field">
            <label htmlFor="slip-from">{t('settings.slip.closedFrom')}</label>
            <input
              id="slip-from"
              type="time"
              value={d.draft.from}
              onChange={(e) => d.setDraft({ ...d.draft, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="slip-to">{t('settings.slip.closedTo')}</label>
            <input
              id="slip-to"
              type="time"
              value={d.draft.to}
              onChange={(e) => d.setDraft({ ...d.draft, to: e.target.value })}
            />
          </div>
        </div>
      ) : null}
    </SettingCard>
  );
}

interface SwitchFormProps extends FormProps<boolean> {
  id: 'chat' | 'otp' | 'terminated';
  title: string;
  label: string;
  save: (on: boolean) => Promise<boolean>;
  /** Ask before switching on (closing the site). */
  confirmOn?: { title: string; text: string; confirm: string };
}

/** One on/off setting with its own save. */
export function SwitchForm(props: SwitchFormProps) {
  const d = useDraft(props.value);
  const [asking, setAsking] = useState<null | ((ok: boolean) => void)>(null);
  const save = async () => {
    if (props.confirmOn && d.draft) {
      const ok = await new Promise<boolean>((resolve) => setAsking(() => resolve));
      setAsking(null);
      if (!ok) return false;
    }
    d.saved(await props.save(d.draft));
    props.onSaved();
    return true;
  };
  return (
    <>
      <SettingCard
        id={props.id}
        title={props.title}
        change={props.change}
        dirty={d.dirty}
        onReset={d.reset}
        onSave={save}
      >
        <label className="setting-check">
          <input type="checkbox" checked={d.draft} onChange={(e) => d.setDraft(e.target.checked)} />
          {props.label}
        </label>
      </SettingCard>
      {/* Outside the card's form: the dialog has its own. */}
      {props.confirmOn ? (
        <ConfirmDialog
          open={asking !== null}
          title={props.confirmOn.title}
          confirmLabel={props.confirmOn.confirm}
          danger
          onConfirm={() => asking?.(true)}
          onCancel={() => asking?.(false)}
        >
          <p>{props.confirmOn.text}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function MoneyGroup({ data, onSaved }: { data: SiteAnswer; onSaved: () => void }) {
  const { settings, changes } = data;
  return (
    <div className="setting-group">
      <WithdrawForm value={settings.withdraw} change={changes.withdraw} onSaved={onSaved} />
      <DepositForm value={settings.deposit} change={changes.deposit} onSaved={onSaved} />
      <SlipForm value={settings.slip} change={changes.slip} onSaved={onSaved} />
    </div>
  );
}

export function SiteGroup({ data, onSaved }: { data: SiteAnswer; onSaved: () => void }) {
  const { t } = useI18n();
  const { settings, changes } = data;
  return (
    <div className="setting-group">
      <SwitchForm
        id="chat"
        title={t('settings.site.chatTitle')}
        label={t('settings.site.chat')}
        value={settings.enableChatWidget}
        change={changes.enableChatWidget}
        onSaved={onSaved}
        save={async (on) =>
          (await callApi(r.setChat, { body: { enableChatWidget: on } })).enableChatWidget
        }
      />
      <SwitchForm
        id="otp"
        title={t('settings.site.otpTitle')}
        label={t('settings.site.otp')}
        value={settings.registerOTP}
        change={changes.registerOTP}
        onSaved={onSaved}
        save={async (on) =>
          (await callApi(routes.operator.setRegisterOtp, { body: { registerOTP: on } })).registerOTP
        }
      />
      <SwitchForm
        id="terminated"
        title={t('settings.site.terminatedTitle')}
        label={t('settings.site.terminated')}
        value={settings.terminated}
        change={changes.terminated}
        onSaved={onSaved}
        confirmOn={{
          title: t('settings.site.confirmTitle'),
          text: t('settings.site.confirmText'),
          confirm: t('settings.site.confirm'),
        }}
        save={async (on) =>
          (await callApi(routes.operator.setSite, { body: { terminated: on } })).terminated ===
          'gone'
        }
      />
    </div>
  );
}
