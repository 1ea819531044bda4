import { randomUUID } from 'node:crypto';
import type { DeviceKeys } from './push.crypto.js';
import { newDeviceKeys } from './push.crypto.js';

/** How the push service answers a message for a subscription (decision 0153). */
export const PUSH_MODES = ['accept', 'gone', 'fail'] as const;
export type PushMode = (typeof PUSH_MODES)[number];

export interface PushSubscriptionRecord {
  id: string;
  label: string;
  keys: DeviceKeys;
  mode: PushMode;
  createdAt: string;
}

export interface ReceivedPush {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  /** The sender's VAPID subject (its contact). */
  sender: string | null;
  /** The decrypted text; `json` when it parses as JSON. */
  text: string;
  json: unknown;
}

export const PUSH_CAPACITY = 1000;

/**
 * The push service's memory (in memory only: a device's private key is a test fixture, and a
 * restart is a new set of devices). Bounded: the newest messages and subscriptions are kept.
 */
export class PushStore {
  private readonly subscriptions = new Map<string, PushSubscriptionRecord>();
  private readonly messages: ReceivedPush[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  issue(label: string): PushSubscriptionRecord {
    const record: PushSubscriptionRecord = {
      id: randomUUID(),
      label,
      keys: newDeviceKeys(),
      mode: 'accept',
      createdAt: this.now().toISOString(),
    };
    this.subscriptions.set(record.id, record);
    if (this.subscriptions.size > PUSH_CAPACITY) {
      const oldest = this.subscriptions.keys().next().value;
      if (oldest !== undefined) this.subscriptions.delete(oldest);
    }
    return record;
  }

  get(id: string): PushSubscriptionRecord | undefined {
    return this.subscriptions.get(id);
  }

  setMode(id: string, mode: PushMode): PushSubscriptionRecord | undefined {
    const record = this.subscriptions.get(id);
    if (record) record.mode = mode;
    return record;
  }

  receive(message: Omit<ReceivedPush, 'id' | 'receivedAt'>): ReceivedPush {
    const stored = { id: randomUUID(), receivedAt: this.now().toISOString(), ...message };
    this.messages.push(stored);
    if (this.messages.length > PUSH_CAPACITY)
      this.messages.splice(0, this.messages.length - PUSH_CAPACITY);
    return stored;
  }

  /** Newest first, optionally of one subscription. */
  list(subscriptionId?: string): ReceivedPush[] {
    const out: ReceivedPush[] = [];
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      const message = this.messages[i]!;
      if (subscriptionId === undefined || message.subscriptionId === subscriptionId)
        out.push(message);
    }
    return out;
  }

  /** Newest first. */
  listSubscriptions(): PushSubscriptionRecord[] {
    return [...this.subscriptions.values()].reverse();
  }
}
