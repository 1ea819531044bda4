import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';

/** Last-resort error screen (a failed chunk download after a deploy, an unexpected throw). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  const detail = isRouteErrorResponse(error) ? `${error.status}` : errorMessage(error);
  return (
    <main className="standalone" role="alert">
      <h1>{t('common.errorTitle')}</h1>
      <p className="muted">{detail}</p>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </main>
  );
}
