// Multipart uploads with real progress (issue 27): fetch cannot report upload progress, so this
// one call type goes through XMLHttpRequest, with the app's own API client's headers and
// answer rules (api.ts) and the route's own timeout (a slip: 300 s). Typed by the route.
import { limits } from '@wallet/contract/client';
import type { RouteDef } from '@wallet/contract/routes';
import { ApiError, parseBody, type ApiAnswer, type ApiClient, type ClientErrorCode } from './api';

export interface UploadOptions {
  file: Blob;
  fileName?: string;
  /** The multipart field name (spec: `file`). */
  field?: string;
  /** One key per user action, reused by its retries. */
  idempotencyKey?: string;
  /** Extra request headers (the chat's `x-chat-guest` for a visitor). */
  headers?: Record<string, string>;
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  /** Called once every byte is sent: the server is now working on it. */
  onSent?: () => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
}

/** Uploads one file to a multipart route of the contract; answers what the route answers. */
export function uploadFile<R extends RouteDef>(
  client: ApiClient,
  route: R,
  options: UploadOptions,
): Promise<ApiAnswer<R>> {
  return new Promise<ApiAnswer<R>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, route.path);
    xhr.timeout = route.timeoutMs ?? limits.uploadTimeoutMs;
    const sent = { ...client.headers(options), ...options.headers };
    for (const [name, value] of Object.entries(sent)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.upload.addEventListener('load', () => {
      options.onProgress?.(1);
      options.onSent?.();
    });
    const fail = (code: ClientErrorCode) => reject(new ApiError(code, 0));
    xhr.addEventListener('error', () => fail('NETWORK_ERROR'));
    xhr.addEventListener('timeout', () => fail('TIMEOUT'));
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      client
        .settle<ApiAnswer<R>>(xhr.status, parseBody(xhr.responseText), sent)
        .then(resolve, reject);
    });
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(options.field ?? 'file', options.file, options.fileName);
    xhr.send(form);
  });
}
