// The console's catalogue store (decision 0087): its configuration of the shared store engine
// (`@wallet/client/i18n-store`, issue 27). th (default) and en, one catalogue per language
// merged from per-section files (`<section>.<lang>.ts`). The catalogue of the current
// language is loaded (a lazy chunk) before it is shown; the choice is kept in localStorage
// and mirrored on <html lang>.
import { useSyncExternalStore } from 'react';
import {
  createI18nStore,
  installCatalog as install,
  isOneOf,
  lookup,
  setLanguage,
  subscribe,
  throwOnMissing,
  translate,
  type MessageParams,
} from '@wallet/client/i18n-store';
import type { Catalog, MessageKey } from './catalog';
import { LANGS, type Lang } from './types';

export type { MessageKey };
export type Vars = MessageParams;

const STORAGE_KEY = 'console.lang';

const store = createI18nStore<Lang, MessageKey>({
  initial: 'th',
  core: {
    th: () => import('./th').then((m): Catalog => m.th),
    en: () => import('./en').then((m): Catalog => m.en),
  },
  persist: (lang) => {
    try {
      localStorage.setItem(STORAGE_KEY, lang);
    } catch {
      /* not remembered: still switched */
    }
  },
  ...(import.meta.env.DEV ? { onMissing: throwOnMissing } : {}),
});

// <html lang> follows the language shown, whether loaded or installed by a test.
subscribe(store, () => {
  if (typeof document !== 'undefined') document.documentElement.lang = store.language;
});

export const isLang = (value: unknown): value is Lang => isOneOf(LANGS, value);

/** The stored language, else Thai. */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    /* storage blocked: the default */
  }
  return 'th';
}

/** Installs a loaded catalogue (tests install one directly). */
export function installCatalog(lang: Lang, catalog: Catalog): void {
  install(store, lang, catalog);
}

/** Loads and switches to `lang`, and remembers it. */
export const setLang = (lang: Lang): Promise<void> => setLanguage(store, lang);

export const getLang = (): Lang => store.language;

/** `t('auth.codeLabel')`, `t('pager.pageOf', { page: 2, pages: 7 })`. */
export function t(key: MessageKey, vars?: Vars): string {
  return translate(store, key, vars);
}

/**
 * The text for a server or client error code (`errors.<CODE>`), or a general failure text
 * for anything the catalogue does not know (the code itself is kept in the title).
 */
export function errorText(code: string): string {
  return lookup(store, `errors.${code}`) ?? t('errors.UNKNOWN', { code });
}

const onChange = (listener: () => void) => subscribe(store, listener);

/** Re-renders on a language switch. */
export function useI18n(): { lang: Lang; t: typeof t; errorText: typeof errorText } {
  const lang = useSyncExternalStore(onChange, getLang, getLang);
  return { lang, t, errorText };
}
