// Catalogue types. Thai is the source (the default language); every other language is typed
// `Widen<typeof …Th>`: the same keys with any text, so a key missing in en fails tsc.

/** The same shape as T with every text widened to `string`. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Dotted paths to the texts of a catalogue: `'nav.members'`, `'errors.NO_DATA'`. */
export type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export const LANGS = ['th', 'en'] as const;
export type Lang = (typeof LANGS)[number];
