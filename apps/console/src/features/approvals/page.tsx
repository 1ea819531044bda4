// Approvals (issue 25, decisions 0116 and 0117): what one operator asked for and a second
// must decide before it takes effect. Payout-account changes (cashiers and admins decide) and
// control changes (admins decide: raising the four-eyes threshold, an active cashier or admin,
// removing an admin, resetting another operator's authenticator). Adjustment requests keep
// their queue in the adjustments section. Nobody decides their own request (the buttons are
// off, and the server refuses).
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/tabs';
import { useI18n } from '@/i18n/i18n';
import { useSession } from '@/lib/session';
import { BankQueue } from './components/bank-queue';
import { ControlQueue } from './components/control-queue';
import './approvals.css';

export default function ApprovalsPage() {
  const { t } = useI18n();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const admin = session?.operator.role === 'admin';
  const tab = admin && params.get('tab') === 'controls' ? 'controls' : 'bank';
  const tabs = [
    { id: 'bank', label: t('approvals.tabs.bank'), panel: () => <BankQueue /> },
    ...(admin
      ? [{ id: 'controls', label: t('approvals.tabs.controls'), panel: () => <ControlQueue /> }]
      : []),
  ];
  return (
    <div className="approvals-page">
      <div className="page-title">
        <h1>{t('approvals.title')}</h1>
      </div>
      <p className="muted">{t('approvals.intro')}</p>
      <Tabs
        label={t('approvals.tabs.label')}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setParams(id === 'bank' ? {} : { tab: id }, { replace: true })}
      />
    </div>
  );
}
