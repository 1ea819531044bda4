import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { chatMessageSchema } from '../entities';
import { memberMessageSchema } from '../chat';

const who = { userId: z.string().max(64).nullable(), guestId: z.string().max(64).nullable() };

// Chat is open to visitors too (guest id); the server derives the room and scopes history
// to the caller's own member id or server-signed guest id, never to ids in the body
// (decision 0095).
export const chatEndpoints = {
  config: endpoint({
    ...routes.chat.config,
    summary: 'Chat room prefix, and a newly signed guest id for a visitor who has none',
    response: z.object({ PREFIX: z.string(), guestId: z.string() }),
    milestone: 14,
  }),
  send: endpoint({
    ...routes.chat.send,
    summary: 'Send a chat message (a member: text, media, postback or context)',
    body: z.strictObject({
      conversation: chatMessageSchema.extend({ message: memberMessageSchema }),
    }),
    response: z.object({ createdAt: z.string(), _id: z.string(), session_id: z.string() }),
    milestone: 14,
  }),
  history: endpoint({
    ...routes.chat.history,
    summary: 'Chat history, newest first',
    body: z.strictObject({
      ...who,
      limit: z.number().int().min(1).max(50),
      skip: z.number().int().min(0),
    }),
    response: z.array(chatMessageSchema),
    milestone: 14,
  }),
  uploadImage: endpoint({
    ...routes.chat.uploadImage,
    summary: 'Upload an image (multipart, field file): png, jpeg or gif up to 10 MB',
    response: z.object({ path: z.string() }),
    milestone: 14,
  }),
  uploadVideo: endpoint({
    ...routes.chat.uploadVideo,
    summary: 'Upload a video (multipart, field file): mp4 or quicktime up to 20 MB',
    response: z.object({ path: z.string() }),
    milestone: 14,
  }),
  readCustomer: endpoint({
    ...routes.chat.readCustomer,
    summary: 'Mark support messages as read',
    body: z.strictObject(who),
    response: z.object({ message: z.string() }),
    milestone: 14,
  }),
};
