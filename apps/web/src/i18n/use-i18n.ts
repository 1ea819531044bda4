import { useSyncExternalStore } from 'react';
import { getLocale, setLocale, subscribe, translate } from '@/i18n/i18n';

/** Re-renders on a language change; `t` translates typed keys. */
export function useI18n() {
  const locale = useSyncExternalStore(subscribe, getLocale);
  return { locale, t: translate, setLocale };
}
