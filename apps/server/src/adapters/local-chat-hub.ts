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
  /** Rooms with a (pretend) socket in them: tests open a member's chat here. */
  readonly present = new Set<string>();

  toRoom(room: string, event: string, payload: unknown): void {
    this.emitter.emit('publish', { room, event, payload } satisfies ChatHubEvent);
  }

  toAgents(event: string, payload: unknown): void {
    this.emitter.emit('publish', { room: null, event, payload } satisfies ChatHubEvent);
  }

  /** The sockets' own answer, once Socket.IO listens to this hub (chat.socket.ts). */
  private occupancy: ((room: string) => Promise<boolean>) | undefined;

  occupied(room: string): Promise<boolean> {
    if (this.present.has(room)) return Promise.resolve(true);
    return this.occupancy ? this.occupancy(room) : Promise.resolve(false);
  }

  /** Who is in a room, as the sockets that listen to this hub know it. */
  setOccupancy(occupancy: (room: string) => Promise<boolean>): void {
    this.occupancy = occupancy;
  }

  /** Calls `listener` for every publish; answers a function that stops it. */
  listen(listener: (published: ChatHubEvent) => void): () => void {
    this.emitter.on('publish', listener);
    return () => this.emitter.off('publish', listener);
  }
}
