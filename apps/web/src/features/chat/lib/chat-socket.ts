// The live socket (spec section 7; decisions 0095, 0100): Socket.IO with the options both
// apps use (`@wallet/client/chat-socket`), the identity in the handshake (member token or
// signed guest id). socket.io-client is imported here on demand, so it rides in the chat
// panel's chunk only once the panel opens.
import { chatSocketOptions } from '@wallet/client/chat-socket';
import type { ChatCaller, ChatSocketLike } from '@/features/chat/lib/chat-controller';

/** The socket on the app's own origin (the server refuses other origins: decision 0098). */
export async function connectChatSocket(caller: ChatCaller): Promise<ChatSocketLike> {
  const { io } = await import('socket.io-client');
  const auth = caller.token ? { token: caller.token } : { guestId: caller.guestId ?? '' };
  return io(chatSocketOptions(auth));
}
