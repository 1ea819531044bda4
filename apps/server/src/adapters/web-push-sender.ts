// PushSender over the `web-push` library (decision 0152): the payload encrypted with the
// device's keys (aes128gcm, RFC 8291), a VAPID JWT signed with our key (RFC 8292), POSTed to
// the subscription's endpoint: a browser's push service in production, the sandbox's in
// development and tests. 404 and 410 mean the subscription is gone.
import webPush from 'web-push';
import type { PushMessage, PushOutcome, PushSender, PushTarget } from '../ports/push-sender';
import { PushSendError } from '../ports/push-sender';

export interface WebPushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  timeoutMs: number;
}

/** A topic is at most 32 base64url characters (RFC 8030 5.4). */
const topicOf = (tag: string | undefined) =>
  tag === undefined ? undefined : tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(-32);

export class WebPushSender implements PushSender {
  constructor(private readonly options: WebPushOptions) {}

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    const topic = topicOf(message.topic);
    try {
      const answer = await webPush.sendNotification(
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
          timeout: this.options.timeoutMs,
          urgency: 'normal',
          ...(topic ? { topic } : {}),
        },
      );
      if (answer.statusCode >= 200 && answer.statusCode < 300) return 'delivered';
      throw new PushSendError(`push service answered HTTP ${answer.statusCode}`);
    } catch (error) {
      if (error instanceof PushSendError) throw error;
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      throw new PushSendError(
        typeof status === 'number'
          ? `push service answered HTTP ${status}`
          : 'push service unreachable or timed out',
        { cause: error },
      );
    }
  }
}
