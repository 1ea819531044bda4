// The money and site groups (admin only): withdraw limits, receiving accounts and wallets, the
// slip upload window; chat, registration OTP and the terminated flag. Amounts in baht.
import { useI18n } from '@/i18n/i18n';
import { saveSetting, type SiteAnswer } from '../api';
import { DepositForm } from './deposit-form';
import { SlipForm } from './slip-form';
import { SwitchForm } from './switch-form';
import { WithdrawForm } from './withdraw-form';

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
        save={saveSetting.chat}
      />
      <SwitchForm
        id="otp"
        title={t('settings.site.otpTitle')}
        label={t('settings.site.otp')}
        value={settings.registerOTP}
        change={changes.registerOTP}
        onSaved={onSaved}
        save={saveSetting.registerOtp}
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
        save={saveSetting.terminated}
      />
    </div>
  );
}
