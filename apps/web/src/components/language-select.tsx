import { useId } from 'react';
import { GlobeIcon } from '@/components/icons';
import { isLocale, locales, type Locale } from '@/i18n/i18n';
import { useI18n } from '@/i18n/use-i18n';

/**
 * Thai / Lao / English. In the signed-in top bar the current language is disabled
 * (spec section 2); on the login page it is a plain choice.
 */
export function LanguageSelect({
  disableCurrent = false,
  onChanged,
}: {
  disableCurrent?: boolean;
  /** After the member chose another language (the signed-in bar: push texts follow it). */
  onChanged?: (locale: Locale) => void;
}) {
  const { locale, t, setLocale } = useI18n();
  const id = useId();
  return (
    <div className="language-select">
      <GlobeIcon className="language-select__icon" />
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={locale}
        data-testid="language-select"
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          void setLocale(next);
          onChanged?.(next);
        }}
      >
        {locales.map((code) => (
          <option key={code} value={code} disabled={disableCurrent && code === locale}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
