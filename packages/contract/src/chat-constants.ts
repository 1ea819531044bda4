// The chat's fixed lists (decision 0095), zod-free so the member widget and the console can
// read them at run time; chat.ts builds its schemas on them.

export const chatFileTypes = ['image', 'video', 'file'] as const;
export type ChatFileType = (typeof chatFileTypes)[number];

/** "Ask about this": the member item a message is about (decision 0095). */
export const chatContextKinds = ['slip', 'withdrawal', 'statement'] as const;
export type ChatContextKind = (typeof chatContextKinds)[number];

export const chatSystemEvents = ['closed', 'assigned', 'reopened'] as const;
export type ChatSystemEvent = (typeof chatSystemEvents)[number];

/**
 * Socket.IO on the API's origin. The handshake's `auth` carries a member or operator bearer
 * token, or a signed guest id; the server picks the room from that identity, never from
 * the client.
 */
export const chatSocket = {
  path: '/socket.io',
  /** Server -> member or guest: one ChatMessage (spec: 'messaging'). */
  messaging: 'messaging',
  /** Server -> agents: `{ conversationId, message }`. */
  inboxMessage: 'inbox:message',
  /** Server -> agents: a conversation's summary row changed (assigned, closed, read). */
  inboxConversation: 'inbox:conversation',
  /** Client -> server, no payload: re-join (the 5 s check); the server re-derives rooms. */
  join: 'join',
  /** The agents' room. */
  agentsRoom: 'agents',
} as const;

export interface ChatSocketAuth {
  token?: string;
  guestId?: string;
}
