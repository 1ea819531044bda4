// In-memory PushSender for tests (decision 0152): keeps every message it was given, as the
// sandbox's push service keeps what it decrypts; an endpoint can be made gone (410) or the
// whole service down (a thrown PushSendError, optionally after a delay).
import type { PushMessage, PushOutcome, PushSender, PushTarget } from '../ports/push-sender';
import { PushSendError } from '../ports/push-sender';

export interface PushedMessage {
  endpoint: string;
  payload: unknown;
  ttlSeconds: number;
  topic: string | undefined;
}

export class MemoryPushSender implements PushSender {
  readonly pushed: PushedMessage[] = [];
  /** Endpoints the push service says are gone (HTTP 410). */
  readonly gone = new Set<string>();
  /** While true, every send fails (the push service is down). */
  down = false;
  /** Every call takes this long first (a slow push service). */
  delayMs = 0;
  calls = 0;

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    this.calls += 1;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.down) throw new PushSendError('memory push service set to fail');
    if (this.gone.has(target.endpoint)) return 'gone';
    this.pushed.push({
      endpoint: target.endpoint,
      payload: JSON.parse(message.payload) as unknown,
      ttlSeconds: message.ttlSeconds,
      topic: message.topic,
    });
    return 'delivered';
  }

  /** The payloads pushed to `endpoint`. */
  to(endpoint: string): unknown[] {
    return this.pushed.filter((m) => m.endpoint === endpoint).map((m) => m.payload);
  }
}
