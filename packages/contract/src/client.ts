// The zod-free entry for the web client: runtime helpers and constants, plus types only.
// The member bundle imports from '@wallet/contract/client' so that zod never ships to phones;
// endpoint types still come from the zod schemas, so client and server cannot drift.
export * from './constants';
export * from './endpoint';
export * from './errors';
export * from './member-fields';
export * from './money';
export * from './providers';
// The status vocabularies and what a member is told of each status (issue 26).
export * from './statuses';
// The chat's message merge is zod-free: the member widget and the console use it (issue 14).
export { mergeChatMessages, type MergeableChatMessage } from './chat-merge';
// What in a chat message becomes a link or a media source: one rule for both renderers.
export * from './chat-links';
// What an "ask about this" card carries, and how a renderer reads it (issue 26).
export * from './chat-context';
export * from './chat-constants';
// The chat's attachment rule: accept list and size per kind (issue 27).
export * from './chat-attachment';
// The chat's payload readers (issue 27).
export * from './chat-payloads';
// What an operator may set on a promotion (issue 27).
export * from './promotion-limits';
// Player protection's vocabulary and history change kinds (issue 28).
export * from './protection-changes';
// The push message's shape and the service worker's reader (issue 29).
export * from './push-payload';
// The inbox's preview of a message, as data the console words (issue 26).
export * from './chat-preview';
export type * from './entities';
export type { api } from './registry';
export type { ChatButton, ChatCard, ChatMediaPayload } from './chat';

/** The product version shown to users (spec section 1). */
export const APP_VERSION = '1.1.14';
// The home's banner carousel and announcement line (issue 26, decision 0134): their rules.
export * from './home-promotions';
