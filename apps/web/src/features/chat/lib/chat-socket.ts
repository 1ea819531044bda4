// The live socket (spec section 7; decisions 0095, 0100): Socket.IO on the app's own origin,
// the identity in the handshake (member token or signed guest id), the socket's own
// reconnect every 500 ms without limit. socket.io-client is imported here on demand, so it
// rides in the chat panel's chunk only once the panel opens.
import { chatSocket, limits } from '@wallet/contract/client';
import type { ChatCaller, ChatSocketLike } from '@/features/chat/lib/chat-controller';

/** The socket on the app's own origin (the server refuses other origins: decision 0098). */
export async function connectChatSocket(caller: ChatCaller): Promise<ChatSocketLike> {
  const { io } = await import('socket.io-client');
  const auth = caller.token ? { token: caller.token } : { guestId: caller.guestId ?? '' };
  const options = {
    path: chatSocket.path,
    auth,
    // WebSocket only: a long-polling session is bound to the one server process that opened
    // it, so several processes behind a balancer would need sticky sessions (decision 0102).
    transports: ['websocket'],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: limits.chatSocketReconnectMs,
    reconnectionDelayMax: limits.chatSocketReconnectMs,
    randomizationFactor: 0,
  };
  return io(options);
}
