// The controller's view of the chat endpoints (one file per call beside this one). The
// visitor's or member's identity travels as the server expects it: the bearer token (added
// by api-client when held) and the signed guest id in the body; userId is the profile id the
// spec's client sends, never trusted by the server.
import type { ChatApi, ChatCaller, ChatMember } from '@/features/chat/lib/chat-controller';
import { getChatConfig } from '@/features/chat/api/get-chat-config';
import { getChatHistory } from '@/features/chat/api/get-chat-history';
import { readChat } from '@/features/chat/api/read-chat';
import { sendChatMessage, type SendChatMessageBody } from '@/features/chat/api/send-chat-message';
import { uploadChatFile } from '@/features/chat/api/upload-chat-file';
import { getProfile } from '@/lib/api/get-profile';
import { hasToken } from '@/lib/session';

const who = (caller: ChatCaller) => ({ userId: caller.userId, guestId: caller.guestId });

async function member(): Promise<ChatMember | null> {
  if (!hasToken()) return null;
  const { profile } = await getProfile();
  return { userId: profile._id, username: profile.username, name: profile.name };
}

export const chatApi: ChatApi = {
  config: getChatConfig,
  member,
  history: (caller, page) => getChatHistory({ ...who(caller), ...page }),
  send: (_caller, conversation) =>
    sendChatMessage({ conversation: conversation as SendChatMessageBody['conversation'] }),
  upload: (caller, kind, file, onProgress) =>
    uploadChatFile(kind, file, onProgress, caller.guestId),
  markRead: (caller) => readChat(who(caller)),
};
