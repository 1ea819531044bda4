// Small pieces the promotions tabs share.
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import type { Localized } from './form';

/** The console language's text of a th/la/en value (Thai, then English, when empty). */
export function localizedText(value: Localized, lang: 'th' | 'en'): string {
  return value[lang] || value.th || value.en || value.la;
}

/** A failed save as text, from the catalogue by the server's code. */
export function saveErrorText(error: unknown, errorText: (code: string) => string): string {
  return errorText(error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, errorText } = useI18n();
  return (
    <div className="alert" role="alert">
      <p>{error instanceof ApiError ? errorText(error.code) : t('app.loadFailed')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
