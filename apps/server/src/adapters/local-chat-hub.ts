// The ChatHub without sockets: an in-process emitter. Tests listen on it; the server
// replaces it with the Socket.IO hub when it listens (decision 0095).
import { EventEmitter } from 'node:events';
import type { ChatHub } from '../ports/chat-hub';

export interface ChatHubEvent {
  /** A room name, or null for the agents. */
  room: string | null;
  event: string;
  payload: unknown;
}

export class LocalChatHub implements ChatHub {
  private readonly emitter = new EventEmitter();

  toRoom(room: string, event: string, payload: unknown): void {
    this.emitter.emit('publish', { room, event, payload } satisfies ChatHubEvent);
  }

  toAgents(event: string, payload: unknown): void {
    this.emitter.emit('publish', { room: null, event, payload } satisfies ChatHubEvent);
  }

  /** Calls `listener` for every publish; answers a function that stops it. */
  listen(listener: (published: ChatHubEvent) => void): () => void {
    this.emitter.on('publish', listener);
    return () => this.emitter.off('publish', listener);
  }
}
