// PushSender over the `web-push` library (decision 0152): the library encrypts the payload
// with the device's keys (aes128gcm, RFC 8291) and signs a VAPID token with our key (RFC
// 8292); this adapter POSTs the request it describes with fetch, to the subscription's
// endpoint: a browser's push service in production, the sandbox's in development and tests.
// (web-push's own sendNotification speaks https only, so the sandbox's http endpoint and
// the timeout are ours.) 404 and 410 mean the subscription is gone.
import webPush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from '../ports/push-sender';
import { PushSendError } from '../ports/push-sender';

export interface WebPushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** A topic is at most 32 URL-safe base64 characters (RFC 8030 5.4). */
const topicOf = (tag: string | undefined) =>
  tag === undefined ? undefined : tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(-32);

export class WebPushSender implements PushSender {
  constructor(private readonly options: WebPushOptions) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const topic = topicOf(message.topic);
    const request = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      message.payload,
      {
        vapidDetails: {
          subject: this.options.subject,
          publicKey: this.options.publicKey,
          privateKey: this.options.privateKey,
        },
        TTL: message.ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        ...(topic ? { topic } : {}),
      },
    );
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as Buffer,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (cause) {
      throw new PushSendError('push service unreachable or timed out', { cause });
    }
    // Drain the body so the connection is released either way.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return 'delivered';
    if (response.status === 404 || response.status === 410) return 'gone';
    throw new PushSendError(`push service answered HTTP ${response.status}`);
  }
}
