// How both apps open the chat's Socket.IO connection (issue 27; decisions 0095, 0098, 0102):
// the options for socket.io-client's `io()`, which each app imports on demand itself (it
// rides in the chat's own chunk). On the app's own origin (the server refuses others), the
// identity in the handshake, WebSocket only, the socket's own reconnect every 500 ms without
// limit.
import { chatSocket, limits, type ChatSocketAuth } from '@wallet/contract/client';

export function chatSocketOptions(auth: ChatSocketAuth) {
  return {
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
}
