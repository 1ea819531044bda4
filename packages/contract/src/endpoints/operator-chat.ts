import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { chatMessageSchema } from '../entities';
import { agentMessageSchema } from '../chat';
import { chatContextKinds, chatFileTypes, chatSystemEvents } from '../chat-constants';
import { bahtFigureSchema } from '../money-schema';
import { chatConversationStatuses } from '../statuses';
import { pageOf, pageQuerySchema } from './operator';

// The support chat's agent inbox in the console (issue 14, decisions 0095 and 0097).
// Support agents and admins only; cashier and marketing are refused (decision 0086).

const conversationParams = z.object({ conversationId: z.string().min(1).max(64) });

export { chatConversationStatuses };
export const chatInboxViews = ['mine', 'unassigned', 'all'] as const;

/** One row of the inbox. */
export const chatConversationRowSchema = z.object({
  id: z.string(),
  status: z.enum(chatConversationStatuses),
  /** The member, or null for a visitor (guest). */
  member: z.object({ memberNo: z.string(), name: z.string(), phone: z.string() }).nullable(),
  /** A short, non-secret label for a visitor ("Guest 4f2a"); null for a member. */
  guestLabel: z.string().nullable(),
  assignee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  lastActivityAt: z.string(),
  /** The last message as plain text (`[kind] …` for non-text kinds; see lastMessage). */
  lastMessagePreview: z.string(),
  /**
   * The last message as data (chat-preview.ts, issue 26): the console words it in its
   * language ("an image", "about withdrawal WD…"). Null before the first message.
   */
  lastMessage: z
    .object({
      type: z.string(),
      text: z.string().optional(),
      fileType: z.enum(chatFileTypes).optional(),
      item: z.object({ kind: z.enum(chatContextKinds), ref: z.string() }).optional(),
      event: z.enum(chatSystemEvents).optional(),
    })
    .nullable()
    .optional(),
  /** Customer messages after the agents' read mark. */
  unread: z.number().int(),
  createdAt: z.string(),
  /**
   * A visitor's client address as an opaque token (never the address): visitor conversations
   * from one address share it (issue 25, decision 0121). Absent for a member.
   */
  addressGroup: z.string().optional(),
  /**
   * In a list answer: the conversations of this list (view and status) from the same address,
   * this one included. The list shows only the most recent of them; `address=<addressGroup>`
   * lists them all.
   */
  sameAddress: z.number().int().min(1).optional(),
});
export type ChatConversationRow = z.infer<typeof chatConversationRowSchema>;

export const chatNoteSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export const chatTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  message: agentMessageSchema,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ChatTemplate = z.infer<typeof chatTemplateSchema>;

/** What the agent sees beside the thread (null for a visitor). */
export const chatMemberSummarySchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.string(),
  balance: bahtFigureSchema,
  heldTotal: bahtFigureSchema,
  /**
   * The open promotion condition's name in every language, as stored with the grant
   * (decision 0112): the console shows its own language's (issue 26). Null when none.
   */
  activeBonus: z
    .object({
      /** The bonus or promotion code; null for invite, refund and coupon grants. */
      code: z.string().nullable(),
      name: z.object({ th: z.string(), la: z.string(), en: z.string() }),
    })
    .nullable(),
  recent: z.array(
    z.object({
      kind: z.string(),
      ref: z.string(),
      amount: bahtFigureSchema,
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const operatorChatEndpoints = {
  conversations: endpoint({
    ...routes.operatorChat.conversations,
    summary:
      'The inbox: conversations by view and status, by last activity; visitor conversations from one address on one row',
    query: pageQuerySchema.extend({
      view: z.enum(chatInboxViews).default('all'),
      status: z.enum(chatConversationStatuses).default('open'),
      /** Only the visitor conversations of one address group, each on its own row. */
      address: z.string().min(1).max(64).optional(),
    }),
    response: pageOf(chatConversationRowSchema).extend({ unreadTotal: z.number().int() }),
    milestone: 14,
  }),
  thread: endpoint({
    ...routes.operatorChat.thread,
    summary: 'A conversation: messages (older pages by `before`), notes, the member summary',
    params: conversationParams,
    query: z.object({
      before: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: z.object({
      conversation: chatConversationRowSchema,
      /** Oldest first. */
      messages: z.array(chatMessageSchema),
      hasOlder: z.boolean(),
      notes: z.array(chatNoteSchema),
      member: chatMemberSummarySchema.nullable(),
      /** Who the conversation may be assigned to: active support agents and admins. */
      agents: z.array(z.object({ id: z.number().int(), username: z.string() })),
    }),
    milestone: 14,
  }),
  reply: endpoint({
    ...routes.operatorChat.reply,
    summary: 'Reply (self-assigns an unassigned conversation)',
    params: conversationParams,
    body: z.strictObject({
      clientMessageId: z.string().min(1).max(64),
      message: agentMessageSchema,
    }),
    response: chatMessageSchema,
    milestone: 14,
  }),
  assign: endpoint({
    ...routes.operatorChat.assign,
    summary: 'Assign to an agent (support or admin), or unassign with null',
    params: conversationParams,
    body: z.strictObject({ operatorId: z.number().int().positive().nullable() }),
    response: chatConversationRowSchema,
    milestone: 14,
  }),
  close: endpoint({
    ...routes.operatorChat.close,
    summary: "Close: a system message; the member's next message starts a new conversation",
    params: conversationParams,
    body: z.strictObject({}).optional(),
    response: chatConversationRowSchema,
    milestone: 14,
  }),
  addNote: endpoint({
    ...routes.operatorChat.addNote,
    summary: 'A private note (agents only, never shown to the member)',
    params: conversationParams,
    body: z.strictObject({ text: z.string().trim().min(1).max(2000) }),
    response: chatNoteSchema,
    milestone: 14,
  }),
  markRead: endpoint({
    ...routes.operatorChat.markRead,
    summary: "Move the agents' read mark to the newest message",
    params: conversationParams,
    body: z.strictObject({}).optional(),
    response: chatConversationRowSchema,
    milestone: 14,
  }),
  templates: endpoint({
    ...routes.operatorChat.templates,
    summary: 'Reply templates (buttons, quick replies, cards, texts)',
    response: z.array(chatTemplateSchema),
    milestone: 14,
  }),
  createTemplate: endpoint({
    ...routes.operatorChat.createTemplate,
    summary: 'Save a reply template (validated as an agent message)',
    body: z.strictObject({ name: z.string().trim().min(1).max(80), message: agentMessageSchema }),
    response: chatTemplateSchema,
    milestone: 14,
  }),
  deleteTemplate: endpoint({
    ...routes.operatorChat.deleteTemplate,
    summary: 'Delete a reply template',
    params: z.object({ templateId: z.coerce.number().int().positive() }),
    response: z.object({ message: z.string() }),
    milestone: 14,
  }),
  upload: endpoint({
    ...routes.operatorChat.upload,
    summary: "An agent's attachment (multipart, field file), same rules as the member's",
    response: z.object({ path: z.string() }),
    milestone: 14,
  }),
};
