// How the chat reaches live clients (issue 14, decision 0095). The chat module publishes
// through this port only; the realtime layer (Socket.IO, with the Redis adapter across
// processes) implements it. Rooms are always chosen by the server from a caller's identity.

export interface ChatHub {
  /** Emits `event` with `payload` to every socket in `room` (a member's or guest's room). */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Emits `event` with `payload` to every connected agent. */
  toAgents(event: string, payload: unknown): void;
  /**
   * Whether a socket is in `room` now, in any process (issue 29: a support reply is pushed
   * only to a member with no chat open).
   */
  occupied(room: string): Promise<boolean>;
}
