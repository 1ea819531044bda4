// Markers of harm (issue 28, decision 0146): members whose last 30 days match a marker,
// the contact state and notes, and the thresholds.
import { useState } from 'react';
import { Alert } from '@/components/form';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useHarmQueue } from './api';
import { HarmQueueTable } from './components/harm-queue';
import { HarmSettingsForm } from './components/harm-settings';
import './harm.css';

export default function HarmPage() {
  const { t, errorText } = useI18n();
  const session = useSession();
  const [page, setPage] = useState(1);
  const query = useHarmQueue(page);
  const queue = query.data;
  return (
    <div className="harm">
      <div className="page-title">
        <h1>{t('nav.harm')}</h1>
        {queue ? (
          <p className="muted" data-testid="harm-needs-contact">
            {t('harm.summary', { flagged: queue.total, needsContact: queue.needsContact })}
          </p>
        ) : null}
      </div>
      <p className="muted">{t('harm.description')}</p>
      {query.error ? (
        <Alert>
          {errorText(query.error instanceof ApiError ? query.error.code : 'NETWORK_ERROR')}
        </Alert>
      ) : null}
      {!queue && query.isPending ? <p role="status">{t('app.loading')}</p> : null}
      {queue ? (
        <>
          <HarmQueueTable queue={queue} loading={query.isFetching} page={page} onPage={setPage} />
          <HarmSettingsForm
            key={JSON.stringify(queue.settings)}
            settings={queue.settings}
            mayEdit={session?.operator.role === 'admin'}
          />
        </>
      ) : null}
    </div>
  );
}
