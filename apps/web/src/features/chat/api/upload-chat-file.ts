import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { uploadFile } from '@/lib/upload';

// Chat attachments (spec section 7): multipart, field `file`, 300 s, progress reported; the
// answer's `path` is what the media message names. A visitor names themselves with the
// signed guest id in the `x-chat-guest` header (decision 0099); a member by the token.
const endpoints = { image: routes.chat.uploadImage, video: routes.chat.uploadVideo };

export type ChatUploadAnswer = ResponseFor<typeof api.chat.uploadImage>;

export const CHAT_GUEST_HEADER = 'x-chat-guest';

export function uploadChatFile(
  kind: keyof typeof endpoints,
  file: File,
  onProgress: (fraction: number) => void,
  guestId: string | null,
): Promise<ChatUploadAnswer> {
  const endpoint = endpoints[kind];
  return uploadFile(endpoint, {
    ...(guestId ? { headers: { [CHAT_GUEST_HEADER]: guestId } } : {}),
    file,
    fileName: file.name,
    field: 'file',
    onProgress,
  });
}
