import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { uploadFile } from '@/lib/upload';

// Chat attachments (spec section 7): multipart, field `file`, 300 s, progress reported; the
// answer's `path` is what the media message names.
const endpoints = { image: routes.chat.uploadImage, video: routes.chat.uploadVideo };

export type ChatUploadAnswer = ResponseFor<typeof api.chat.uploadImage>;

export function uploadChatFile(
  kind: keyof typeof endpoints,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ChatUploadAnswer> {
  const endpoint = endpoints[kind];
  return uploadFile<ChatUploadAnswer>({
    path: endpoint.path,
    file,
    fileName: file.name,
    field: 'file',
    timeoutMs: endpoint.timeoutMs,
    onProgress,
  });
}
