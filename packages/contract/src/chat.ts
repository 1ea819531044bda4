// Support chat (issue 14, docs/decisions/0095-support-chat.md): the message kinds of spec
// section 2 "Chat widget and panel" and section 3 "Chat message", what each side may send,
// and the live socket's events. The spec names the kinds and the media, button and card
// fields; the payload shapes of the other kinds are ours (decision 0095).
import { z } from 'zod';
import { contextPartyKinds } from './chat-context';
import { chatContextKinds, chatFileTypes, chatSystemEvents } from './chat-constants';

export * from './chat-constants';
import { limits, statementTypes } from './constants';

/** Texts are trimmed on both sides: whitespace-only is never sent (spec section 5). */
const trimmedText = (max: number) => z.string().trim().min(1).max(max);

/** A phone number a `call` button or a text link may dial: `+`, digits, spaces, dashes. */
export const CHAT_PHONE_PATTERN = /^\+?[0-9][0-9 -]{2,19}$/;

/** Only http(s) addresses become links (reliability.md: safe links only). */
export function isSafeWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A button (spec: title, type, payload). `web` opens `payload` (an http(s) URL), `call`
 * dials it (a phone number), `postback` sends `{ title, payload }` back; any other type
 * sends its title as a text message.
 */
export const chatButtonSchema = z
  .object({
    title: trimmedText(80),
    type: z.string().trim().min(1).max(20),
    payload: z.string().max(1000),
  })
  .superRefine((button, ctx) => {
    if (button.type === 'web' && !isSafeWebUrl(button.payload))
      ctx.addIssue({
        code: 'custom',
        path: ['payload'],
        message: 'web buttons need an http(s) URL',
      });
    if (button.type === 'call' && !CHAT_PHONE_PATTERN.test(button.payload))
      ctx.addIssue({ code: 'custom', path: ['payload'], message: 'call buttons need a phone' });
  });
export type ChatButton = z.infer<typeof chatButtonSchema>;

/** A carousel card (spec: image_url, title, subtitle, buttons). */
export const chatCardSchema = z.strictObject({
  image_url: z
    .string()
    .max(2000)
    .refine((url) => isSafeWebUrl(url) || url.startsWith('/'), 'an http(s) or same-site URL')
    .optional(),
  title: trimmedText(80),
  subtitle: z.string().max(300).optional(),
  buttons: z.array(chatButtonSchema).max(3).optional(),
});
export type ChatCard = z.infer<typeof chatCardSchema>;

/** An upload's answer: the `path` a media message names (an opaque server id). */
export const CHAT_FILE_PATH_PATTERN = /^chatfile:[0-9a-f]{32}$/;

/**
 * Media (spec: message = file name, url flag, fileType, filePath). A client sends the
 * upload's `path` with `url: false`; the server answers with signed links (`url: true`).
 */
export const chatMediaPayloadSchema = z.strictObject({
  message: z.string().max(255),
  url: z.boolean(),
  fileType: z.enum(chatFileTypes),
  filePath: z.string().max(2000),
  thumbPath: z.string().max(2000).optional(),
});
export type ChatMediaPayload = z.infer<typeof chatMediaPayloadSchema>;

export const chatContextRequestSchema = z.strictObject({
  kind: z.enum(chatContextKinds),
  ref: z.string().trim().min(1).max(64),
});
const localizedNameSchema = z.object({ th: z.string(), la: z.string(), en: z.string() });
/** One side of a money move (chat-context.ts): the reader's language names it. */
export const chatContextPartySchema = z.object({
  kind: z.enum(contextPartyKinds),
  code: z.string(),
  /** A bank's names from the lookup, a provider's catalogue name. */
  name: localizedNameSchema.optional(),
});
/**
 * What the server stores and answers for a context message: data, not a sentence (issue 26).
 * Renderers build the title in the reader's language from `type`, `from` and `to` (a
 * statement row or withdrawal) or `sender` (a slip). Messages stored before carry an
 * English `title` instead (chat-context.ts `readChatContext` reads both).
 */
export const chatContextPayloadSchema = chatContextRequestSchema.extend({
  /** Stored before issue 26 only. */
  title: z.string().optional(),
  /** In the item's own vocabulary (statuses.ts): the statement's, or the slip list's. */
  status: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  type: z.enum(statementTypes).optional(),
  from: chatContextPartySchema.optional(),
  to: chatContextPartySchema.optional(),
  /** A slip: the bank it was sent from, once read. */
  sender: chatContextPartySchema.optional(),
});
export type ChatContextPayload = z.infer<typeof chatContextPayloadSchema>;

export const chatSystemPayloadSchema = z.strictObject({
  event: z.enum(chatSystemEvents),
  by: z.string().optional(),
});

const textMessage = z.strictObject({
  message_type: z.literal('text'),
  payload: trimmedText(limits.chatMessageMaxLength),
});
const mediaMessage = z.strictObject({
  message_type: z.literal('media'),
  payload: chatMediaPayloadSchema,
});
const postbackMessage = z.strictObject({
  message_type: z.literal('postback'),
  payload: z.strictObject({ title: trimmedText(80), payload: z.string().max(1000) }),
});
const contextMessage = z.strictObject({
  message_type: z.literal('context'),
  payload: chatContextRequestSchema,
});
const buttonsMessage = z.strictObject({
  message_type: z.literal('buttons'),
  payload: z.strictObject({
    text: trimmedText(limits.chatMessageMaxLength),
    buttons: z.array(chatButtonSchema).min(1).max(3),
  }),
});
const quickRepliesMessage = z.strictObject({
  message_type: z.literal('quick_replies'),
  payload: z.strictObject({
    text: trimmedText(limits.chatMessageMaxLength),
    quick_replies: z.array(chatButtonSchema).min(1).max(10),
  }),
});
const genericMessage = z.strictObject({
  message_type: z.literal('generic'),
  payload: z.strictObject({ cards: z.array(chatCardSchema).min(1).max(10) }),
});

/** What a member or a guest may send. */
export const memberMessageSchema = z.discriminatedUnion('message_type', [
  textMessage,
  mediaMessage,
  postbackMessage,
  contextMessage,
]);
export type MemberMessage = z.infer<typeof memberMessageSchema>;

/** What an agent may send (templates are validated with this too). */
export const agentMessageSchema = z.discriminatedUnion('message_type', [
  textMessage,
  mediaMessage,
  buttonsMessage,
  quickRepliesMessage,
  genericMessage,
]);
export type AgentMessage = z.infer<typeof agentMessageSchema>;

/** Every kind a renderer draws; anything else is "unknown". */
export const chatMessageKinds = [
  'text',
  'media',
  'buttons',
  'quick_replies',
  'generic',
  'postback',
  'context',
  'system',
] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];

/** Who wrote a message: the spec's 'customer', or our agent / system. */
export const chatSenders = ['customer', 'agent', 'system'] as const;

// --- the live socket -----------------------------------------------------------------------
