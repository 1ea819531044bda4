// The adjustments section (decision 0089): credit or debit a member's wallet; above the
// threshold the adjustment becomes a request that a second operator approves or rejects in
// the queue below. The requester's own requests cannot be decided here (nor on the server).
import { useI18n } from '@/i18n/i18n';
import { AdjustmentForm } from './components/adjustment-form';
import { RequestQueue } from './components/request-queue';
import './adjustments.css';

export default function AdjustmentsPage() {
  const { t } = useI18n();
  return (
    <div className="adjustments-page">
      <div className="page-title">
        <h1>{t('adjustments.title')}</h1>
      </div>
      <p className="muted">{t('adjustments.intro')}</p>
      <AdjustmentForm />
      <RequestQueue />
    </div>
  );
}
