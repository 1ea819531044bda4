import { z } from 'zod';
import { endpoint } from '../endpoint';
import { chatMessageSchema } from '../entities';

const who = { userId: z.string().max(64).nullable(), guestId: z.string().max(64).nullable() };

// Chat is open to visitors too (guest id); the server derives the room and scopes history
// to the caller's own member id or server-signed guest id, never to ids in the body.
export const chatEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/chat/config',
    access: 'public',
    summary: 'Chat room prefix',
    response: z.object({ PREFIX: z.string() }),
    milestone: 6,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/chat/send-message',
    access: 'public',
    summary: 'Send a chat message',
    body: z.strictObject({ conversation: chatMessageSchema }),
    response: z.object({ createdAt: z.string() }),
    milestone: 6,
  }),
  history: endpoint({
    method: 'POST',
    path: '/api/chat/history',
    access: 'public',
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
    method: 'POST',
    path: '/api/chat/upload-image',
    access: 'public',
    summary: 'Upload an image (multipart, field file)',
    multipart: true,
    response: z.object({ path: z.string() }),
    timeoutMs: 300_000,
    milestone: 6,
  }),
  uploadVideo: endpoint({
    method: 'POST',
    path: '/api/chat/upload-video',
    access: 'public',
    summary: 'Upload a video (multipart, field file)',
    multipart: true,
    response: z.object({ path: z.string() }),
    timeoutMs: 300_000,
    milestone: 6,
  }),
  readCustomer: endpoint({
    method: 'PUT',
    path: '/api/chat/read-customer/',
    access: 'public',
    summary: 'Mark support messages as read',
    body: z.strictObject(who),
    response: z.object({ message: z.string() }),
    milestone: 6,
  }),
};
