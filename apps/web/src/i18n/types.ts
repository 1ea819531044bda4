// Message keys are typed from the English source catalogue: en-core.ts (first screen),
// en-extra.ts (loaded on demand, decision 0020) and en-promo.ts (the promotion screens,
// decision 0084).
import type { enCore } from '@/i18n/locales/en-core';
import type { enExtra } from '@/i18n/locales/en-extra';
import type { enPromo } from '@/i18n/locales/en-promo';
import type { MessageKeys, Widen } from '@wallet/client/i18n-store';
import type { enChat } from '@/i18n/locales/en-chat';

/** The first-screen part every language has: en-core's keys, string leaves. */
export type CoreCatalog = Widen<typeof enCore>;
/** The on-demand part every language has: en-extra's keys, string leaves. */
export type ExtraCatalog = Widen<typeof enExtra>;
/** The promotion screens' part every language has: en-promo's keys, string leaves. */
export type PromoCatalog = Widen<typeof enPromo>;
/** The chat widget's part (decision 0100): loaded with the widget only. */
export type ChatCatalog = Widen<typeof enChat>;
/** A whole catalogue (all four parts). */
export type Catalog = CoreCatalog & ExtraCatalog & PromoCatalog & ChatCatalog;

/** Dotted key of one message, e.g. 'login.title' or 'errors.WRONG_PASSWORD'. */
export type MessageKey = MessageKeys<Catalog>;

export type { MessageParams } from '@wallet/client/i18n-store';
