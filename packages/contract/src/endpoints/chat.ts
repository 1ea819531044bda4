import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { chatMessageSchema } from '../entities';

const who = { userId: z.string().max(64).nullable(), guestId: z.string().max(64).nullable() };

// Chat is open to visitors too (guest id); the server derives the room and scopes history
// to the caller's own member id or server-signed guest id, never to ids in the body.
export const chatEndpoints = {
  config: endpoint({
    ...routes.chat.config,
    summary: 'Chat room prefix',
    response: z.object({ PREFIX: z.string() }),
    milestone: 6,
  }),
  send: endpoint({
    ...routes.chat.send,
    summary: 'Send a chat message',
    body: z.strictObject({ conversation: chatMessageSchema }),
    response: z.object({ createdAt: z.string() }),
    milestone: 6,
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
    milestone: 6,
  }),
  uploadImage: endpoint({
    ...routes.chat.uploadImage,
    summary: 'Upload an image (multipart, field file)',
    response: z.object({ path: z.string() }),
    milestone: 6,
  }),
  uploadVideo: endpoint({
    ...routes.chat.uploadVideo,
    summary: 'Upload a video (multipart, field file)',
    response: z.object({ path: z.string() }),
    milestone: 6,
  }),
  readCustomer: endpoint({
    ...routes.chat.readCustomer,
    summary: 'Mark support messages as read',
    body: z.strictObject(who),
    response: z.object({ message: z.string() }),
    milestone: 6,
  }),
};
