import { useSyncExternalStore } from 'react';
import { getLocale, setLocale, subscribe, translate } from '@/i18n/i18n';

/** Re-renders on a language change; `t` translates typed keys. */
export function useI18n() {
  // getLocale twice: the build renders the first screens on the server too (decision 0155).
  const locale = useSyncExternalStore(subscribe, getLocale, getLocale);
  return { locale, t: translate, setLocale };
}
