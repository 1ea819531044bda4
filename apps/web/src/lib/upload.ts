// Multipart uploads with real progress: fetch cannot report upload progress, so this one
// call type goes through XMLHttpRequest, with the same headers and answer rules as every
// other /api call (api-client.ts) and the endpoint's own timeout (slip: 300000 ms).
import { limits } from '@wallet/contract/client';
import {
  ApiError,
  apiHeaders,
  parseBody,
  settleAnswer,
  type ClientErrorCode,
} from '@/lib/api-client';

export interface UploadRequest {
  path: string;
  file: Blob;
  fileName?: string;
  /** The multipart field name (spec: `file`). */
  field?: string;
  idempotencyKey?: string;
  /** Extra request headers (the chat's `x-chat-guest` for a visitor). */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  /** Called once every byte is sent: the server is now working on it. */
  onSent?: () => void;
  signal?: AbortSignal;
}

export function uploadFile<T>(request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.path);
    xhr.timeout = request.timeoutMs ?? limits.uploadTimeoutMs;
    for (const [name, value] of Object.entries({ ...apiHeaders(request), ...request.headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        request.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.upload.addEventListener('load', () => {
      request.onProgress?.(1);
      request.onSent?.();
    });
    const fail = (code: ClientErrorCode) => reject(new ApiError(code, 0));
    xhr.addEventListener('error', () => fail('NETWORK_ERROR'));
    xhr.addEventListener('timeout', () => fail('TIMEOUT'));
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      settleAnswer<T>(xhr.status, parseBody(xhr.responseText)).then(resolve, reject);
    });
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(request.field ?? 'file', request.file, request.fileName);
    xhr.send(form);
  });
}
