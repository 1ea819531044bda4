import { useId } from 'react';
import { setLang, useI18n } from '@/i18n/i18n';
import { LANGS, type Lang } from '@/i18n/types';
import './language-select.css';

/** The th / en choice (kept in localStorage); each option is written in its own language. */
export function LanguageSelect() {
  const { t, lang } = useI18n();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={lang} onChange={(event) => void setLang(event.target.value as Lang)}>
        {LANGS.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
