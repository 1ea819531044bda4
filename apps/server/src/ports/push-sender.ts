// The outside world's Web Push services (issue 29, decision 0152): each browser's push
// service receives our encrypted message for one device (RFC 8030, 8291, 8292).

/** One device's subscription as the browser gave it (base64url keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON text the service worker receives, encrypted by the sender (aes128gcm). */
  payload: string;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  /** A push service replaces an undelivered message of the same topic (the event's tag). */
  topic?: string;
}

/** `gone`: the push service says the subscription no longer exists (404, 410). */
export type PushOutcome = 'delivered' | 'gone';

export interface PushSender {
  /** Sends one message; throws PushSendError when the push service fails or does not answer. */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

export class PushSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PushSendError';
  }
}
