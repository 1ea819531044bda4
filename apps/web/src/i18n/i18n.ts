// A small i18n store: the current locale and its catalogue, persisted in localStorage
// `locale` and the upper-case `LANG` cookie; catalogues are loaded on demand (the default
// one before the first render, see main.tsx). Decision 0007.
import { LANGUAGE_COOKIE, locales, type Locale } from '@wallet/contract/client';
import { buildOptions } from '@/config/build-options';
import { storageKeys } from '@/config/storage-keys';
import type { Catalog, MessageKey, MessageParams } from '@/i18n/types';
import { readItem, writeItem } from '@/lib/storage';

export type { Locale };
export { locales };

const loaders: Record<Locale, () => Promise<Catalog>> = {
  th: () => import('@/i18n/locales/th').then((m) => m.th),
  la: () => import('@/i18n/locales/la').then((m) => m.la),
  en: () => import('@/i18n/locales/en').then((m) => m.en),
};

/** BCP 47 tags for <html lang>: the app's `la` is Lao, whose language tag is `lo`. */
export const htmlLang: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export const defaultLocale: Locale = buildOptions.laoBuild ? 'la' : 'th';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The stored choice, else the build's default. */
export function initialLocale(): Locale {
  const stored = readItem('local', storageKeys.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

interface State {
  locale: Locale;
  catalog: Catalog | null;
}

let state: State = { locale: initialLocale(), catalog: null };
const cache = new Map<Locale, Catalog>();
const listeners = new Set<() => void>();

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getState(): State {
  return state;
}

export function getLocale(): Locale {
  return state.locale;
}

function persist(locale: Locale): void {
  writeItem('local', storageKeys.locale, locale);
  document.cookie = `${LANGUAGE_COOKIE}=${locale.toUpperCase()}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.lang = htmlLang[locale];
}

/** Loads the catalogue (once) and makes it current. */
export async function setLocale(locale: Locale): Promise<void> {
  const catalog = cache.get(locale) ?? (await loaders[locale]());
  cache.set(locale, catalog);
  state = { locale, catalog };
  persist(locale);
  listeners.forEach((listener) => listener());
}

/** Test hook: install a catalogue without a dynamic import. */
export function installCatalog(locale: Locale, catalog: Catalog): void {
  cache.set(locale, catalog);
  state = { locale, catalog };
  listeners.forEach((listener) => listener());
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(message: string, params?: MessageParams): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Translates a key in the current locale. A missing message throws in development. */
export function translate(key: MessageKey, params?: MessageParams): string {
  const message = state.catalog ? lookup(state.catalog, key) : undefined;
  if (message === undefined) {
    if (import.meta.env.DEV) {
      throw new Error(`i18n: no message for "${key}" in locale "${state.locale}"`);
    }
    return key;
  }
  return interpolate(message, params);
}

/** True when the key exists in the current catalogue (for codes that arrive at run time). */
export function hasMessage(key: string): boolean {
  return state.catalog !== null && lookup(state.catalog, key) !== undefined;
}
