// An agent's attachment (decision 0097): checked first by the contract's chat attachment rule
// (the member widget's), then a multipart upload with progress. fetch reports no upload progress, so
// this one call uses XMLHttpRequest, with the same headers as lib/api.ts.
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { getLang } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import { getToken, noteApiCall } from '@/lib/session';

/** Uploads one file; `onProgress` gets 0-100. Answers the opaque `path` of the upload. */
export function uploadChatFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const route = routes.operatorChat.upload;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, route.path);
    xhr.timeout = route.timeoutMs;
    xhr.setRequestHeader(WALLET_USER_HEADER, WALLET_USER_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLang());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (token) noteApiCall();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const field = (name: string) =>
        body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
      if (xhr.status >= 200 && xhr.status < 300 && typeof field('path') === 'string') {
        onProgress(100);
        resolve(field('path') as string);
        return;
      }
      const message = field('message');
      reject(
        new ApiError(xhr.status, typeof message === 'string' ? message : `HTTP_${xhr.status}`),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR'));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT'));
    xhr.onabort = () => reject(new ApiError(0, 'NETWORK_ERROR'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
