// An agent's attachment (decision 0097): checked first by the contract's chat attachment rule
// (the member widget's), then a multipart upload with progress through the console's API
// client (`@wallet/client/upload`).
import { routes } from '@wallet/contract/routes';
import { uploadFile } from '@wallet/client/upload';
import { apiClient } from '@/lib/api';

/** Uploads one file; `onProgress` gets 0-100. Answers the opaque `path` of the upload. */
export async function uploadChatFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { path } = await uploadFile(apiClient, routes.operatorChat.upload, {
    file,
    fileName: file.name,
    onProgress: (fraction) => onProgress(Math.round(fraction * 100)),
    ...(signal ? { signal } : {}),
  });
  return path;
}
