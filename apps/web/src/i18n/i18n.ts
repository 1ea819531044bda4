// A small i18n store: the current locale and its catalogue, persisted in localStorage
// `locale` and the upper-case `LANG` cookie; catalogues are loaded on demand (decision 0007).
// Each language comes in two parts (decision 0020): the core (shells, login, member home) is
// fetched before the first render (main.tsx); the extra part (every other screen and dialog,
// and the error texts) is fetched when the page is idle, when a lazy screen asks for it
// (`withExtraMessages`) or before an error answer is handed over (api-client.ts), and from
// then on with every language switch.
import { LANGUAGE_COOKIE, locales, type Locale } from '@wallet/contract/client';
import { buildOptions } from '@/config/build-options';
import { storageKeys } from '@/config/storage-keys';
import type { Catalog, CoreCatalog, ExtraCatalog, MessageKey, MessageParams } from '@/i18n/types';
import { readItem, writeItem } from '@/lib/storage';

export type { Locale };
export { locales };

const coreLoaders: Record<Locale, () => Promise<CoreCatalog>> = {
  th: () => import('@/i18n/locales/th-core').then((m) => m.thCore),
  la: () => import('@/i18n/locales/la-core').then((m) => m.laCore),
  en: () => import('@/i18n/locales/en-core').then((m) => m.enCore),
};

const extraLoaders: Record<Locale, () => Promise<ExtraCatalog>> = {
  th: () => import('@/i18n/locales/th-extra').then((m) => m.thExtra),
  la: () => import('@/i18n/locales/la-extra').then((m) => m.laExtra),
  en: () => import('@/i18n/locales/en-extra').then((m) => m.enExtra),
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
  /** The core part, plus the extra part once loaded (Partial until then). */
  catalog: (CoreCatalog & Partial<ExtraCatalog>) | null;
  /** Whether the catalogue includes the extra part. */
  complete: boolean;
}

let state: State = { locale: initialLocale(), catalog: null, complete: false };
const coreCache = new Map<Locale, CoreCatalog>();
const extraCache = new Map<Locale, ExtraCatalog>();
/** Set once a screen needed the extra part: a language switch then loads both parts. */
let extraWanted = false;
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

async function loadCore(locale: Locale): Promise<CoreCatalog> {
  const catalog = coreCache.get(locale) ?? (await coreLoaders[locale]());
  coreCache.set(locale, catalog);
  return catalog;
}

async function loadExtra(locale: Locale): Promise<ExtraCatalog> {
  const catalog = extraCache.get(locale) ?? (await extraLoaders[locale]());
  extraCache.set(locale, catalog);
  return catalog;
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Loads the language's catalogue (once; both parts if the extra one is in use) and makes it current. */
export async function setLocale(locale: Locale): Promise<void> {
  const [core, loaded] = await Promise.all([
    loadCore(locale),
    extraWanted ? loadExtra(locale) : Promise.resolve(undefined),
  ]);
  // Also picks up an extra part that finished loading while the core one was on its way.
  const extra = loaded ?? extraCache.get(locale);
  state = { locale, catalog: { ...core, ...extra }, complete: extra !== undefined };
  persist(locale);
  emit();
}

/** Loads the extra part of the current language (screens after the first one). */
export async function loadExtraMessages(): Promise<void> {
  extraWanted = true;
  const locale = state.locale;
  const extra = await loadExtra(locale);
  // A language switch may have finished meanwhile; it loaded its own extra part.
  if (state.locale !== locale || !state.catalog || state.complete) return;
  state = { locale, catalog: { ...state.catalog, ...extra }, complete: true };
  emit();
}

/**
 * Wraps a lazy import so the screen renders only once the extra messages are there:
 * `lazy(withExtraMessages(() => import('./dialog')))`.
 */
export function withExtraMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadExtraMessages()]).then(([module]) => module);
}

/** Test hook: install a whole catalogue without a dynamic import. */
export function installCatalog(locale: Locale, catalog: Catalog): void {
  coreCache.set(locale, catalog);
  extraCache.set(locale, catalog);
  extraWanted = true;
  state = { locale, catalog, complete: true };
  emit();
}

function lookup(catalog: object, key: string): string | undefined {
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
