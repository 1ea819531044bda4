// The chat's fixed lists (decision 0095), zod-free so the member widget and the console can
// read them at run time; chat.ts builds its schemas on them.

export const chatFileTypes = ['image', 'video', 'file'] as const;
export type ChatFileType = (typeof chatFileTypes)[number];

/** "Ask about this": the member item a message is about (decision 0095). */
export const chatContextKinds = ['slip', 'withdrawal', 'statement'] as const;
export type ChatContextKind = (typeof chatContextKinds)[number];

export const chatSystemEvents = ['closed', 'assigned', 'reopened'] as const;
