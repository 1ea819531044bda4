// Catalogue types. Thai is the source (the default language); every other language is typed
// `Widen<typeof …Th>`: the same keys with any text, so a key missing in en fails tsc.

export type { MessageKeys as Paths, Widen } from '@wallet/client/i18n-store';

export const LANGS = ['th', 'en'] as const;
export type Lang = (typeof LANGS)[number];
