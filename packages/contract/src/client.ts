// The zod-free entry for the web client: runtime helpers and constants, plus types only.
// The member bundle imports from '@wallet/contract/client' so that zod never ships to phones;
// endpoint types still come from the zod schemas, so client and server cannot drift.
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './money';
export * from './providers';
// The chat's message merge is zod-free: the member widget and the console use it (issue 14).
export { mergeChatMessages, type MergeableChatMessage } from './chat-merge';
// What in a chat message becomes a link or a media source: one rule for both renderers.
export * from './chat-links';
export type * from './entities';
export type { api } from './registry';

/** The product version shown to users (spec section 1). */
export const APP_VERSION = '1.1.14';
// The home's banner carousel and announcement line (issue 26, decision 0134): their rules.
export * from './home-promotions';
