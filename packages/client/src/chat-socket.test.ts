import { chatSocket, limits } from '@wallet/contract/client';
import { describe, expect, it } from 'vitest';
import { chatSocketOptions } from './chat-socket';

describe('chatSocketOptions: one way to open the chat socket', () => {
  it('names the path and the identity, WebSocket only, and reconnects without limit', () => {
    expect(chatSocketOptions({ guestId: 'g' })).toEqual({
      path: chatSocket.path,
      auth: { guestId: 'g' },
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: limits.chatSocketReconnectMs,
      reconnectionDelayMax: limits.chatSocketReconnectMs,
      randomizationFactor: 0,
    });
  });
});
