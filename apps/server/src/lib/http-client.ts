// A small HTTP/1.1 client on node:http with kept-alive connections, for the adapters on the
// money hot path (decision 0034): in Node 20, fetch (undici) spends ~0.3 ms of CPU per call
// in web streams, abort signals and header objects, more than the rest of a provider call.
// It answers the status and the body as text; what they mean is the caller's business.
import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number;
  text: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The whole call (connect, send, answer) must end within this, or it fails. */
  timeoutMs: number;
  /** Longer answers fail: an outside party must not fill our memory. */
  maxBytes?: number;
}

export class HttpTimeoutError extends Error {
  override name = 'TimeoutError';
}

export class HttpAnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 128 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * One request. Rejects on a network error, a reset or cut answer, a timeout or an answer
 * over `maxBytes`; any status code resolves.
 */
export function httpRequest(url: string, request: HttpRequest): Promise<HttpAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') {
    return Promise.reject(new Error(`unsupported protocol ${target.protocol}`));
  }
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const headers =
    request.body === undefined
      ? request.headers
      : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };

  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const req = (secure ? https : http).request(
      target,
      { method: request.method, headers, agent: secure ? agents.https : agents.http },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            finish(new HttpAnswerTooLargeError(`answer over ${maxBytes} bytes`));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          finish(undefined, {
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        // The connection closed before the whole answer arrived.
        res.on('close', () => {
          if (!res.complete) finish(new Error('answer cut off'));
        });
        res.on('error', (error) => finish(error));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new HttpTimeoutError(`no answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    req.on('error', (error) => finish(error));
    req.end(request.body);
  });
}
