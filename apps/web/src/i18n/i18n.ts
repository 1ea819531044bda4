// A small i18n store: the current locale and its catalogue, persisted in localStorage
// `locale` and the upper-case `LANG` cookie; catalogues are loaded on demand (decision 0007).
// Each language comes in three parts. The core (shells, login, member home) is fetched before
// the first render (main.tsx). The extra part (every other screen and dialog, and the error
// texts; decision 0020) is fetched when the page is idle, when a lazy screen asks for it
// (`withExtraMessages`) or before an error answer is handed over (api-client.ts). The promo
// part (the promotion screens and dialogs; decision 0084) is fetched only by the screens
// that show it (`withPromoMessages`), and the chat part (the chat widget; decision 0100) only
// with the widget (`withChatMessages`). A part once wanted follows every language switch.
import { LANGUAGE_COOKIE, locales, type Locale } from '@wallet/contract/client';
import { buildOptions } from '@/config/build-options';
import { storageKeys } from '@/config/storage-keys';
import type {
  Catalog,
  CoreCatalog,
  ExtraCatalog,
  MessageKey,
  MessageParams,
  PromoCatalog,
  ChatCatalog,
} from '@/i18n/types';
import { readItem, writeItem } from '@/lib/storage';

export type { Locale };
export { locales };

const coreLoaders: Record<Locale, () => Promise<CoreCatalog>> = {
  th: () => import('@/i18n/locales/th-core').then((m) => m.thCore),
  la: () => import('@/i18n/locales/la-core').then((m) => m.laCore),
  en: () => import('@/i18n/locales/en-core').then((m) => m.enCore),
};

/** The parts loaded on demand, by name. */
const partLoaders = {
  extra: {
    th: () => import('@/i18n/locales/th-extra').then((m) => m.thExtra),
    la: () => import('@/i18n/locales/la-extra').then((m) => m.laExtra),
    en: () => import('@/i18n/locales/en-extra').then((m) => m.enExtra),
  } satisfies Record<Locale, () => Promise<ExtraCatalog>>,
  promo: {
    th: () => import('@/i18n/locales/th-promo').then((m) => m.thPromo),
    la: () => import('@/i18n/locales/la-promo').then((m) => m.laPromo),
    en: () => import('@/i18n/locales/en-promo').then((m) => m.enPromo),
  } satisfies Record<Locale, () => Promise<PromoCatalog>>,
  chat: {
    th: () => import('@/i18n/locales/th-chat').then((m) => m.thChat),
    la: () => import('@/i18n/locales/la-chat').then((m) => m.laChat),
    en: () => import('@/i18n/locales/en-chat').then((m) => m.enChat),
  } satisfies Record<Locale, () => Promise<ChatCatalog>>,
};
type Part = keyof typeof partLoaders;
const parts = Object.keys(partLoaders) as Part[];

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
  /** The core part, plus each on-demand part once loaded (Partial until then). */
  catalog: (CoreCatalog & Partial<ExtraCatalog & PromoCatalog & ChatCatalog>) | null;
  /** The on-demand parts the catalogue includes. */
  loaded: ReadonlySet<Part>;
}

let state: State = { locale: initialLocale(), catalog: null, loaded: new Set() };
const coreCache = new Map<Locale, CoreCatalog>();
const partCache = new Map<string, object>();
/** Parts a screen has needed: a language switch then loads them along with the core. */
const wanted = new Set<Part>();
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

async function loadPart(part: Part, locale: Locale): Promise<object> {
  const key = `${part}:${locale}`;
  const catalog = partCache.get(key) ?? (await partLoaders[part][locale]());
  partCache.set(key, catalog);
  return catalog;
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Loads the language's catalogue (once; the core and every wanted part) and makes it current. */
export async function setLocale(locale: Locale): Promise<void> {
  const needed = parts.filter((part) => wanted.has(part));
  const [core] = await Promise.all([
    loadCore(locale),
    ...needed.map((part) => loadPart(part, locale)),
  ]);
  // Also picks up parts that finished loading while the core one was on its way.
  const present = parts.filter((part) => partCache.has(`${part}:${locale}`));
  const catalog = Object.assign({}, core, ...present.map((p) => partCache.get(`${p}:${locale}`)));
  state = { locale, catalog, loaded: new Set(present) };
  persist(locale);
  emit();
}

async function loadMessages(part: Part): Promise<void> {
  wanted.add(part);
  const locale = state.locale;
  const catalog = await loadPart(part, locale);
  // A language switch may have finished meanwhile; it loaded its own parts.
  if (state.locale !== locale || !state.catalog || state.loaded.has(part)) return;
  state = {
    locale,
    catalog: { ...state.catalog, ...catalog },
    loaded: new Set([...state.loaded, part]),
  };
  emit();
}

/** Loads the extra part of the current language (screens after the first one). */
export function loadExtraMessages(): Promise<void> {
  return loadMessages('extra');
}

/**
 * Wraps a lazy import so the screen renders only once the extra messages are there:
 * `lazy(withExtraMessages(() => import('./dialog')))`.
 */
export function withExtraMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadMessages('extra')]).then(([module]) => module);
}

/** As withExtraMessages, for the promotion screens and dialogs (they use both parts). */
export function withPromoMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), loadMessages('extra'), loadMessages('promo')]).then(([module]) => module);
}

/** As withExtraMessages, for the chat widget (decision 0100): its own part comes with it. */
export function withChatMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), loadMessages('extra'), loadMessages('chat')]).then(([module]) => module);
}

/** Test hook: install a whole catalogue without a dynamic import. */
export function installCatalog(locale: Locale, catalog: Catalog): void {
  coreCache.set(locale, catalog);
  for (const part of parts) {
    partCache.set(`${part}:${locale}`, catalog);
    wanted.add(part);
  }
  state = { locale, catalog, loaded: new Set(parts) };
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
