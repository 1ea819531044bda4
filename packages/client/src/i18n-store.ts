// The i18n store engine of both React apps (issue 27): the current language and its catalogue,
// loaded on demand in parts, a subscribe/getLanguage pair for useSyncExternalStore, and the
// one lookup and interpolation of a dotted key. Each app keeps only its configuration (its
// languages' loaders, where the choice is kept) and its catalogues:
//
//   const store = createI18nStore<Lang, MessageKey, 'extra'>({
//     initial: 'th',
//     core: { th: () => import('./th').then((m) => m.th), en: ... },
//     parts: { extra: { th: ..., en: ... } },      // optional, loaded when a screen asks
//     persist: (lang) => localStorage.setItem('lang', lang),
//   });
//   await setLanguage(store, 'en');
//   translate(store, 'nav.members');
//
// A store is data and these are functions over it, so a bundle carries only the ones its app
// calls (the member app's first load counts every byte; decision 0006). A language switch
// loads the core part and every part a screen has asked for, then makes them current
// together; a part asked for later is merged in when it arrives.

/** The same shape as T with every text widened to `string` (the other languages' type). */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Dotted paths to the texts of a catalogue: `'nav.members'`, `'errors.NO_DATA'`. */
export type MessageKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : MessageKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageParams = Record<string, string | number>;

/** The text at a dotted key, or undefined. */
export function lookupMessage(catalog: object | null, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{name}` placeholders; unknown ones stay as they are. */
export function interpolate(message: string, params?: MessageParams): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Whether a value is one of the languages (a stored choice, a URL). */
export const isOneOf = <L extends string>(languages: readonly L[], value: unknown): value is L =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The development answer to a missing key: throw, naming it. */
export function throwOnMissing(key: string, language: string): never {
  throw new Error(`i18n: no message for "${key}" in language "${language}"`);
}

type Loader = () => Promise<object>;

export interface I18nStoreOptions<L extends string, P extends string> {
  /** The language shown before any choice is made or loaded. */
  initial: L;
  /** The part every screen needs, per language (loaded before the first render). */
  core: Record<L, Loader>;
  /** Parts loaded on demand, by name, per language. */
  parts?: Record<P, Record<L, Loader>>;
  /** Keeps a switched-to language (storage, cookie, <html lang>). */
  persist?(language: L): void;
  /**
   * A key the catalogue lacks (development: throwOnMissing); otherwise the key itself is
   * shown. A function, so a production build drops it with the development check around it.
   */
  onMissing?(key: string, language: L): void;
}

/** One app's store: its options and its state. `K` types the keys `translate` takes. */
export interface I18nStore<L extends string, K extends string, P extends string> {
  readonly options: I18nStoreOptions<L, P>;
  language: L;
  /** The core part and each on-demand part loaded so far, merged; null before the first. */
  catalog: object | null;
  /** The on-demand parts the catalogue includes. */
  loaded: ReadonlySet<P>;
  /** Catalogues by `<part>:<language>` (`core:th`). */
  readonly cache: Map<string, object>;
  /** Parts a screen has needed: a language switch loads them along with the core. */
  readonly wanted: Set<P>;
  readonly listeners: Set<() => void>;
  /** Only for typing `translate`'s keys. */
  readonly keys?: K;
}

export function createI18nStore<L extends string, K extends string, P extends string = never>(
  options: I18nStoreOptions<L, P>,
): I18nStore<L, K, P> {
  return {
    options,
    language: options.initial,
    catalog: null,
    loaded: new Set(),
    cache: new Map(),
    wanted: new Set(),
    listeners: new Set(),
  };
}

/** Any store, for the functions that do not care about its languages, keys or parts. */
type Store<L extends string = string, P extends string = string> = I18nStore<L, string, P>;

const partsOf = <P extends string>(store: Store<string, P>) =>
  Object.keys(store.options.parts ?? {}) as P[];

function emit(store: Store): void {
  store.listeners.forEach((listener) => listener());
}

async function cached(store: Store, key: string, load: Loader): Promise<object> {
  const catalog = store.cache.get(key) ?? (await load());
  store.cache.set(key, catalog);
  return catalog;
}

function loadOne<L extends string, P extends string>(
  store: Store<L, P>,
  part: P,
  language: L,
): Promise<object> {
  return cached(store, `${part}:${language}`, store.options.parts![part][language]);
}

/** Calls `listener` on every change; answers the unsubscribe. */
export function subscribe(store: Store, listener: () => void): () => void {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

/** Loads the language's core and every wanted part, then makes it current. */
export async function setLanguage<L extends string, P extends string>(
  store: Store<L, P>,
  language: L,
): Promise<void> {
  const parts = partsOf(store);
  const [core] = await Promise.all([
    cached(store, `core:${language}`, store.options.core[language]),
    ...parts.filter((part) => store.wanted.has(part)).map((part) => loadOne(store, part, language)),
  ]);
  // Also picks up parts that finished loading while the core one was on its way.
  const present = parts.filter((part) => store.cache.has(`${part}:${language}`));
  store.catalog = Object.assign(
    {},
    core,
    ...present.map((part) => store.cache.get(`${part}:${language}`)),
  ) as object;
  store.language = language;
  store.loaded = new Set(present);
  store.options.persist?.(language);
  emit(store);
}

/** Loads one on-demand part of the current language (and of every later one). */
export async function loadPart<L extends string, P extends string>(
  store: Store<L, P>,
  part: P,
): Promise<void> {
  store.wanted.add(part);
  const language = store.language;
  const catalog = await loadOne(store, part, language);
  // A language switch may have finished meanwhile; it loaded its own parts.
  if (store.language !== language || !store.catalog || store.loaded.has(part)) return;
  store.catalog = { ...store.catalog, ...catalog };
  store.loaded = new Set([...store.loaded, part]);
  emit(store);
}

/** Wraps a lazy import so the screen renders only once these parts are there. */
export function withParts<T, P extends string>(
  store: Store<string, P>,
  load: () => Promise<T>,
  ...parts: P[]
): () => Promise<T> {
  return () =>
    Promise.all([load(), ...parts.map((part) => loadPart(store, part))]).then(([module]) => module);
}

/** Installs a whole catalogue at once (tests; every part counts as loaded). */
export function installCatalog<L extends string, P extends string>(
  store: Store<L, P>,
  language: L,
  catalog: object,
): void {
  const parts = partsOf(store);
  store.cache.set(`core:${language}`, catalog);
  for (const part of parts) {
    store.cache.set(`${part}:${language}`, catalog);
    store.wanted.add(part);
  }
  store.language = language;
  store.catalog = catalog;
  store.loaded = new Set(parts);
  emit(store);
}

/** The text of a key in the current language, its `{name}` placeholders filled. */
export function translate<K extends string>(
  store: I18nStore<string, K, string>,
  key: K,
  params?: MessageParams,
): string {
  const message = lookupMessage(store.catalog, key);
  if (message === undefined) {
    store.options.onMissing?.(key, store.language);
    return key;
  }
  return interpolate(message, params);
}

/** The text at any key, or undefined (codes that arrive at run time; no throw). */
export const lookup = (store: Store, key: string): string | undefined =>
  lookupMessage(store.catalog, key);
