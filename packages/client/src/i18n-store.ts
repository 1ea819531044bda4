// The i18n store engine of both React apps (issue 27): the current language and its catalogue,
// loaded on demand in parts, a subscribe/getState pair for useSyncExternalStore, and the one
// lookup and interpolation of a dotted key. Each app keeps only its configuration (its
// languages and their loaders, where the choice is kept) and its catalogues:
//
//   const store = createI18nStore({
//     languages: ['th', 'en'], initial: 'th',
//     core: { th: () => import('./th').then((m) => m.th), en: ... },
//     parts: { extra: { th: ..., en: ... } },      // optional, loaded when a screen asks
//     persist: (lang) => localStorage.setItem('lang', lang),
//   });
//
// A language switch loads the core part and every part a screen has asked for, then makes
// them current together; a part asked for later is merged in when it arrives.

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

type Loader = () => Promise<object>;

export interface I18nStoreOptions<L extends string, P extends string> {
  languages: readonly L[];
  /** The language shown before any choice is made or loaded. */
  initial: L;
  /** The part every screen needs, per language (loaded before the first render). */
  core: Record<L, Loader>;
  /** Parts loaded on demand, by name, per language. */
  parts?: Record<P, Record<L, Loader>>;
  /** Keeps a switched-to language (storage, cookie, <html lang>). */
  persist?: (language: L) => void;
  /** A missing key throws (development); otherwise the key itself is shown. */
  strict?: boolean;
}

export interface I18nState<L extends string, P extends string> {
  language: L;
  /** The core part and each on-demand part loaded so far, merged; null before the first. */
  catalog: object | null;
  /** The on-demand parts the catalogue includes. */
  loaded: ReadonlySet<P>;
}

export interface I18nStore<L extends string, K extends string, P extends string> {
  subscribe(listener: () => void): () => void;
  getState(): I18nState<L, P>;
  getLanguage(): L;
  isLanguage(value: unknown): value is L;
  /** Loads the language's core and every wanted part, then makes it current. */
  setLanguage(language: L): Promise<void>;
  /** Loads one on-demand part of the current language (and of every later one). */
  loadPart(part: P): Promise<void>;
  /** Wraps a lazy import so the screen renders only once these parts are there. */
  withParts<T>(load: () => Promise<T>, ...parts: P[]): () => Promise<T>;
  /** Installs a whole catalogue at once (tests; every part counts as loaded). */
  install(language: L, catalog: object): void;
  translate(key: K, params?: MessageParams): string;
  /** True when the key exists in the current catalogue (codes that arrive at run time). */
  has(key: string): boolean;
  /** The text at a key, or undefined (no throw). */
  lookup(key: string): string | undefined;
}

export function createI18nStore<L extends string, K extends string, P extends string = never>(
  options: I18nStoreOptions<L, P>,
): I18nStore<L, K, P> {
  const partLoaders = (options.parts ?? {}) as Record<P, Record<L, Loader>>;
  const parts = Object.keys(partLoaders) as P[];
  let state: I18nState<L, P> = { language: options.initial, catalog: null, loaded: new Set() };
  const cache = new Map<string, object>();
  /** Parts a screen has needed: a language switch then loads them along with the core. */
  const wanted = new Set<P>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const cached = async (key: string, load: Loader): Promise<object> => {
    const catalog = cache.get(key) ?? (await load());
    cache.set(key, catalog);
    return catalog;
  };
  const loadCore = (language: L) => cached(`core:${language}`, options.core[language]);
  const loadOne = (part: P, language: L) =>
    cached(`${part}:${language}`, partLoaders[part][language]);

  const store: I18nStore<L, K, P> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    getLanguage: () => state.language,
    isLanguage: (value): value is L =>
      typeof value === 'string' && (options.languages as readonly string[]).includes(value),

    async setLanguage(language) {
      const needed = parts.filter((part) => wanted.has(part));
      const [core] = await Promise.all([
        loadCore(language),
        ...needed.map((part) => loadOne(part, language)),
      ]);
      // Also picks up parts that finished loading while the core one was on its way.
      const present = parts.filter((part) => cache.has(`${part}:${language}`));
      const catalog = Object.assign(
        {},
        core,
        ...present.map((part) => cache.get(`${part}:${language}`)),
      ) as object;
      state = { language, catalog, loaded: new Set(present) };
      options.persist?.(language);
      emit();
    },

    async loadPart(part) {
      wanted.add(part);
      const language = state.language;
      const catalog = await loadOne(part, language);
      // A language switch may have finished meanwhile; it loaded its own parts.
      if (state.language !== language || !state.catalog || state.loaded.has(part)) return;
      state = {
        language,
        catalog: { ...state.catalog, ...catalog },
        loaded: new Set([...state.loaded, part]),
      };
      emit();
    },

    withParts(load, ...wantedParts) {
      return () =>
        Promise.all([load(), ...wantedParts.map((part) => store.loadPart(part))]).then(
          ([module]) => module,
        );
    },

    install(language, catalog) {
      cache.set(`core:${language}`, catalog);
      for (const part of parts) {
        cache.set(`${part}:${language}`, catalog);
        wanted.add(part);
      }
      state = { language, catalog, loaded: new Set(parts) };
      emit();
    },

    translate(key, params) {
      const message = lookupMessage(state.catalog, key);
      if (message === undefined) {
        if (options.strict) {
          throw new Error(`i18n: no message for "${key}" in language "${state.language}"`);
        }
        return key;
      }
      return interpolate(message, params);
    },

    has: (key) => lookupMessage(state.catalog, key) !== undefined,
    lookup: (key) => lookupMessage(state.catalog, key),
  };
  return store;
}
