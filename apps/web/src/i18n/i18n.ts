// The member app's i18n: its configuration of the shared store engine
// (`@wallet/client/i18n-store`, issue 27): the locale, persisted in localStorage `locale` and
// the upper-case `LANG` cookie; catalogues are loaded on demand (decision 0007).
// Each language comes in three parts. The core (shells, login, member home) is fetched before
// the first render (main.tsx). The extra part (every other screen and dialog, and the error
// texts; decision 0020) is fetched when the page is idle, when a lazy screen asks for it
// (`withExtraMessages`) or before an error answer is handed over (api-client.ts). The promo
// part (the promotion screens and dialogs; decision 0084) is fetched only by the screens
// that show it (`withPromoMessages`), and the chat part (the chat widget; decision 0100) only
// with the widget (`withChatMessages`). A part once wanted follows every language switch.
import { LANGUAGE_COOKIE, locales, type Locale } from '@wallet/contract/client';
import {
  createI18nStore,
  installCatalog as install,
  isOneOf,
  loadPart,
  lookup,
  setLanguage,
  subscribe as subscribeTo,
  throwOnMissing,
  translate as translateIn,
  withParts,
  type MessageParams,
} from '@wallet/client/i18n-store';
import { buildOptions } from '@/config/build-options';
import { storageKeys } from '@/config/storage-keys';
import type {
  Catalog,
  ChatCatalog,
  CoreCatalog,
  ExtraCatalog,
  MessageKey,
  PromoCatalog,
} from '@/i18n/types';
import { readItem, writeItem } from '@/lib/storage';

export type { Locale };
export { locales };
export { interpolate } from '@wallet/client/i18n-store';

/** BCP 47 tags for <html lang>: the app's `la` is Lao, whose language tag is `lo`. */
export const htmlLang: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export const defaultLocale: Locale = buildOptions.laoBuild ? 'la' : 'th';

export const isLocale = (value: unknown): value is Locale => isOneOf(locales, value);

/** The stored choice, else the build's default. */
export function initialLocale(): Locale {
  const stored = readItem('local', storageKeys.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

const store = createI18nStore<Locale, MessageKey, 'extra' | 'promo' | 'chat'>({
  initial: initialLocale(),
  core: {
    th: () => import('@/i18n/locales/th-core').then((m): CoreCatalog => m.thCore),
    la: () => import('@/i18n/locales/la-core').then((m): CoreCatalog => m.laCore),
    en: () => import('@/i18n/locales/en-core').then((m): CoreCatalog => m.enCore),
  },
  parts: {
    extra: {
      th: () => import('@/i18n/locales/th-extra').then((m): ExtraCatalog => m.thExtra),
      la: () => import('@/i18n/locales/la-extra').then((m): ExtraCatalog => m.laExtra),
      en: () => import('@/i18n/locales/en-extra').then((m): ExtraCatalog => m.enExtra),
    },
    promo: {
      th: () => import('@/i18n/locales/th-promo').then((m): PromoCatalog => m.thPromo),
      la: () => import('@/i18n/locales/la-promo').then((m): PromoCatalog => m.laPromo),
      en: () => import('@/i18n/locales/en-promo').then((m): PromoCatalog => m.enPromo),
    },
    chat: {
      th: () => import('@/i18n/locales/th-chat').then((m): ChatCatalog => m.thChat),
      la: () => import('@/i18n/locales/la-chat').then((m): ChatCatalog => m.laChat),
      en: () => import('@/i18n/locales/en-chat').then((m): ChatCatalog => m.enChat),
    },
  },
  persist: (locale) => {
    writeItem('local', storageKeys.locale, locale);
    document.cookie = `${LANGUAGE_COOKIE}=${locale.toUpperCase()}; Path=/; Max-Age=31536000; SameSite=Lax`;
    document.documentElement.lang = htmlLang[locale];
  },
  ...(import.meta.env.DEV ? { onMissing: throwOnMissing } : {}),
});

export const subscribe = (listener: () => void) => subscribeTo(store, listener);
export const getLocale = (): Locale => store.language;
/** Loads the language's catalogue (once; the core and every wanted part) and makes it current. */
export const setLocale = (locale: Locale): Promise<void> => setLanguage(store, locale);

/** Loads the extra part of the current language (screens after the first one). */
export function loadExtraMessages(): Promise<void> {
  return loadPart(store, 'extra');
}

/**
 * Wraps a lazy import so the screen renders only once the extra messages are there:
 * `lazy(withExtraMessages(() => import('./dialog')))`.
 */
export function withExtraMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return withParts(store, load, 'extra');
}

/** As withExtraMessages, for the promotion screens and dialogs (they use both parts). */
export function withPromoMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return withParts(store, load, 'extra', 'promo');
}

/** As withExtraMessages, for the chat widget (decision 0100): its own part comes with it. */
export function withChatMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return withParts(store, load, 'extra', 'chat');
}

/** Test hook: install a whole catalogue without a dynamic import. */
export function installCatalog(locale: Locale, catalog: Catalog): void {
  install(store, locale, catalog);
}

/** Translates a key in the current locale. A missing message throws in development. */
export function translate(key: MessageKey, params?: MessageParams): string {
  return translateIn(store, key, params);
}

/** True when the key exists in the current catalogue (for codes that arrive at run time). */
export const hasMessage = (key: string): boolean => lookup(store, key) !== undefined;
