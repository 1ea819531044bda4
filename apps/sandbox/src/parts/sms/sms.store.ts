import { randomUUID } from 'node:crypto';

export interface SmsMessage {
  id: string;
  to: string;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export type SmsListener = (message: SmsMessage) => void;

export interface SmsStoreOptions {
  /** How many messages to keep; the oldest are dropped first. */
  capacity?: number;
  now?: () => Date;
  newId?: () => string;
}

export const SMS_CAPACITY = 1000;

/** The inbox as the state file keeps it (decision 0126), oldest first. */
export interface SmsSnapshot {
  version: 1;
  messages: SmsMessage[];
}

/** The gateway's memory: bounded, newest kept; the state file carries it across restarts. */
export class SmsStore {
  private readonly messages: SmsMessage[] = [];
  private changes = 0;
  private readonly listeners = new Set<SmsListener>();
  private readonly capacity: number;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(options: SmsStoreOptions = {}) {
    this.capacity = options.capacity ?? SMS_CAPACITY;
    if (!Number.isInteger(this.capacity) || this.capacity < 1) {
      throw new Error(`SMS store capacity must be a positive integer, got ${this.capacity}`);
    }
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
  }

  add(to: string, text: string): SmsMessage {
    const message: SmsMessage = { id: this.newId(), to, text, createdAt: this.now().toISOString() };
    this.messages.push(message);
    if (this.messages.length > this.capacity) {
      this.messages.splice(0, this.messages.length - this.capacity);
    }
    this.changes += 1;
    for (const listener of this.listeners) listener(message);
    return message;
  }

  /** Newest first, optionally only those sent to one phone. */
  list(filter: { to?: string; limit?: number } = {}): SmsMessage[] {
    const out: SmsMessage[] = [];
    const limit = filter.limit ?? this.capacity;
    for (let i = this.messages.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const message = this.messages[i]!;
      if (filter.to === undefined || message.to === filter.to) out.push(message);
    }
    return out;
  }

  get size(): number {
    return this.messages.length;
  }

  /** Called for every stored message (main.ts echoes them to the terminal). */
  subscribe(listener: SmsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Grows with every stored message (decision 0126). */
  get revision(): number {
    return this.changes;
  }

  snapshot(): SmsSnapshot {
    return structuredClone({ version: 1 as const, messages: this.messages });
  }

  /** The newest `capacity` messages of the snapshot; listeners are not part of it. */
  static fromSnapshot(snapshot: SmsSnapshot, options: SmsStoreOptions = {}): SmsStore {
    if (snapshot.version !== 1) {
      throw new Error(`unknown snapshot version ${String(snapshot.version)}`);
    }
    const store = new SmsStore(options);
    store.messages.push(...structuredClone(snapshot.messages).slice(-store.capacity));
    return store;
  }
}
