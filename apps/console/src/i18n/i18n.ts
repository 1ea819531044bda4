// The console's catalogue store (decision 0087): th (default) and en, one catalogue per
// language merged from per-section files (`<section>.<lang>.ts`). The catalogue of the
// current language is loaded (a lazy chunk) before it is shown; the choice is kept in
// localStorage and mirrored on <html lang>.
import { useSyncExternalStore } from 'react';
import type { Catalog, MessageKey } from './catalog';
import { LANGS, type Lang } from './types';

export type { MessageKey };
export type Vars = Record<string, string | number>;

const STORAGE_KEY = 'console.lang';

const loaders: Record<Lang, () => Promise<Catalog>> = {
  th: () => import('./th').then((m) => m.th),
  en: () => import('./en').then((m) => m.en),
};

let current: { lang: Lang; catalog: Catalog } | null = null;
const listeners = new Set<() => void>();

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

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
  current = { lang, catalog };
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** Loads and switches to `lang`, and remembers it. */
export async function setLang(lang: Lang): Promise<void> {
  const catalog = await loaders[lang]();
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not remembered: still switched */
  }
  installCatalog(lang, catalog);
}

export function getLang(): Lang {
  return current?.lang ?? 'th';
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `t('auth.codeLabel')`, `t('pager.pageOf', { page: 2, pages: 7 })`. */
export function t(key: MessageKey, vars?: Vars): string {
  const text = current ? lookup(current.catalog, key) : undefined;
  if (text === undefined) {
    if (import.meta.env.DEV) throw new Error(`missing catalogue text ${key}`);
    return key;
  }
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
}

/**
 * The text for a server or client error code (`errors.<CODE>`), or a general failure text
 * for anything the catalogue does not know (the code itself is kept in the title).
 */
export function errorText(code: string): string {
  const text = current ? lookup(current.catalog, `errors.${code}`) : undefined;
  return text ?? t('errors.UNKNOWN', { code });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on a language switch. */
export function useI18n(): { lang: Lang; t: typeof t; errorText: typeof errorText } {
  const lang = useSyncExternalStore(subscribe, getLang, getLang);
  return { lang, t, errorText };
}
