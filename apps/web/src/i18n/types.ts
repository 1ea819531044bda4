// Message keys are typed from the English source catalogue (locales/en.ts).
import type { en } from '@/i18n/locales/en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every catalogue must have: en's keys, string leaves. */
export type Catalog = Widen<typeof en>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Dotted key of one message, e.g. 'login.title' or 'errors.WRONG_PASSWORD'. */
export type MessageKey = Leaves<Catalog>;

export type MessageParams = Record<string, string | number>;
