// Live chat delivery over Socket.IO (issue 14, decision 0098). Attached to Fastify's own HTTP
// server (same origin, path /socket.io); the handshake proves who is connecting (a member or
// operator bearer token, or a server-signed guest id) and the server alone chooses the room:
// `${PREFIX}${memberNo}`, `${PREFIX}${guestId}` or `agents` (support and admin operators).
// Every publish of the ChatHub the chat module uses (deps.chatHub) is emitted to these rooms:
// the default in-process hub is listened to (tests listen there too), any other is wrapped.
// With REDIS_URL set, the Redis adapter carries every emit to the other processes.
// Sessions are re-checked every CHAT_SOCKET_RECHECK_MS: a socket whose session was revoked
// (logout, password change, deactivation), expired or lost its role is disconnected.
import type { IncomingMessage } from 'node:http';
import { chatSocket } from '@wallet/contract';
import type { ErrorCode } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../lib/domain-error';
import type { ChatHub } from '../../ports/chat-hub';
import { bearerToken, liveSessions, resolveSession } from '../auth';
import { chatRoomOf, resolveChatCaller } from './chat.identity';
import { connectRedisAdapter } from './chat.socket.redis';

/** Operators of these roles join the agents' room (admin may do everything: decision 0086). */
const AGENT_ROLES = new Set(['support', 'admin']);

/** Clients send only `join` (no payload): anything larger is not ours. */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

/** Who a socket is, fixed at its handshake (socket.data). */
export type SocketIdentity =
  | { kind: 'member'; room: string; sessionId: number; memberNo: string }
  | { kind: 'guest'; room: string; guestId: string }
  | { kind: 'agent'; room: string; sessionId: number; operatorId: number };

interface SocketData {
  identity: SocketIdentity;
  /** When `join` last looked the session up (one lookup per second per socket at most). */
  joinCheckedAt?: number;
}

/** A client repeating `join` faster than this gets the last answer without a lookup. */
const JOIN_CHECK_MS = 1000;

type ChatServer = Server<Record<string, never>, Record<string, never>, never, SocketData>;
type ChatSocket = Socket<Record<string, never>, Record<string, never>, never, SocketData>;

/** A refusal at the handshake: the client's connect_error carries the catalogue code. */
class HandshakeRefusal extends Error {
  readonly data: { code: ErrorCode; status: number };
  constructor(code: ErrorCode, status: number) {
    super(code);
    this.data = { code, status };
  }
}
const refusal = (code: ErrorCode, status: number) => new HandshakeRefusal(code, status);

/**
 * Who the handshake's `auth` names. A token wins over a guest id (as on the REST side). A
 * bad token is refused (UNAUTHORIZED / EXPIRED_AUTH_TOKEN), a guest id the server did not
 * sign is KEY_INVALID, nothing at all UNAUTHORIZED, an operator outside support/admin 403.
 */
export async function identifySocket(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  auth: unknown,
): Promise<SocketIdentity> {
  const given = (typeof auth === 'object' && auth !== null ? auth : {}) as Record<string, unknown>;
  if (given.token !== undefined && given.token !== null && given.token !== '') {
    const token = typeof given.token === 'string' ? bearerToken(`Bearer ${given.token}`) : null;
    if (!token) throw refusal('UNAUTHORIZED', 401);
    const caller = await resolveSession(deps, token);
    if (caller.kind === 'member')
      return {
        kind: 'member',
        room: chatRoomOf(deps, { ...caller, kind: 'member', name: '' }),
        sessionId: caller.sessionId,
        memberNo: caller.memberNo,
      };
    if (!AGENT_ROLES.has(caller.role)) throw refusal('UNAUTHORIZED', 403);
    return {
      kind: 'agent',
      room: chatSocket.agentsRoom,
      sessionId: caller.sessionId,
      operatorId: caller.operatorId,
    };
  }
  if (given.guestId !== undefined && given.guestId !== null && given.guestId !== '') {
    // The REST side's rule (chat.identity.ts): only a guest id this server signed.
    if (typeof given.guestId !== 'string') throw refusal('KEY_INVALID', 400);
    const caller = await resolveChatCaller(deps, undefined, given.guestId);
    if (caller.kind !== 'guest') throw refusal('UNAUTHORIZED', 401);
    return { kind: 'guest', room: chatRoomOf(deps, caller), guestId: caller.guestId };
  }
  throw refusal('UNAUTHORIZED', 401);
}

/**
 * Same origin only (the API sends no CORS headers either): a browser's request whose Origin
 * names another host than the one it asked is refused. Clients without an Origin header (not
 * browsers) must still prove who they are at the handshake.
 */
export function sameOrigin(request: Pick<IncomingMessage, 'headers'>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** One publish, as the in-process hub (adapters/local-chat-hub.ts) tells its listeners. */
interface Published {
  room: string | null;
  event: string;
  payload: unknown;
}

/** A hub that tells listeners about every publish (the default LocalChatHub does). */
interface ListenableHub extends ChatHub {
  listen(listener: (published: Published) => void): () => void;
  setOccupancy?(occupancy: (room: string) => Promise<boolean>): void;
}

/** Whether any process has a socket in `room` (the Redis adapter asks the others). */
async function occupiedIn(io: ChatServer, room: string): Promise<boolean> {
  return (await io.in(room).fetchSockets()).length > 0;
}

const isListenable = (hub: ChatHub): hub is ListenableHub =>
  typeof (hub as Partial<ListenableHub>).listen === 'function';

/** A publish to its room's sockets (null: the agents), here and, with Redis, everywhere. */
function emitToSockets(io: ChatServer, { room, event, payload }: Published): void {
  const target = io.to(room ?? chatSocket.agentsRoom);
  (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
}

/** The ChatHub on Socket.IO for an app given a hub that cannot be listened to. */
export class SocketChatHub implements ChatHub {
  constructor(
    private readonly io: ChatServer,
    private readonly inner: ChatHub,
  ) {}

  toRoom(room: string, event: string, payload: unknown): void {
    emitToSockets(this.io, { room, event, payload });
    this.inner.toRoom(room, event, payload);
  }

  toAgents(event: string, payload: unknown): void {
    emitToSockets(this.io, { room: null, event, payload });
    this.inner.toAgents(event, payload);
  }

  occupied(room: string): Promise<boolean> {
    return occupiedIn(this.io, room);
  }
}

export interface ChatSockets {
  io: ChatServer;
  /** Runs the session re-check now (tests; the timer runs it every recheck interval). */
  recheckSessions(): Promise<number>;
}

/**
 * Attaches Socket.IO to the app's HTTP server and installs the Socket.IO ChatHub as
 * deps.chatHub. Closes with the app: sockets are disconnected before the HTTP server closes
 * (an open WebSocket would hold its close), then the Redis clients quit.
 */
export async function installChatSockets(app: FastifyInstance): Promise<ChatSockets> {
  const deps = app.deps;
  const { config } = deps;
  const io: ChatServer = new Server(app.server, {
    path: chatSocket.path,
    serveClient: false,
    // No cors option: no Access-Control headers, and allowRequest refuses other origins.
    allowRequest: (request, callback) => callback(null, sameOrigin(request)),
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    // A long poll must end well inside the HTTP request timeout (decision 0047).
    pingInterval: Math.max(1000, Math.min(25_000, Math.floor(config.http.requestTimeoutMs / 2))),
    pingTimeout: 20_000,
  });

  const redis = config.chat.redisUrl
    ? await connectRedisAdapter(io, config.chat.redisUrl, app.log)
    : undefined;

  io.use((socket, next) => {
    identifySocket(deps, socket.handshake.auth).then(
      (identity) => {
        socket.data.identity = identity;
        next();
      },
      (error: unknown) => {
        if (error instanceof HandshakeRefusal) next(error);
        else if (error instanceof DomainError)
          next(refusal(error.code as ErrorCode, error.statusCode));
        else {
          app.log.error({ err: error }, 'chat socket handshake failed');
          next(refusal('UNAUTHORIZED', 500));
        }
      },
    );
  });

  io.on('connection', (socket: ChatSocket) => {
    void socket.join(socket.data.identity.room);
    // The client's 5 s check (spec section 2): the room is re-derived from the handshake's
    // identity, whose session must still be good; the client names nothing.
    (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(
      chatSocket.join,
      (...args: unknown[]) => {
        const ack = args.find((a): a is (answer: unknown) => void => typeof a === 'function');
        const now = Date.now();
        if (now - (socket.data.joinCheckedAt ?? 0) < JOIN_CHECK_MS) {
          ack?.({ ok: true });
          return;
        }
        socket.data.joinCheckedAt = now;
        stillGood(socket).then(
          (good) => {
            if (good) void socket.join(socket.data.identity.room);
            ack?.(good ? { ok: true } : { ok: false, message: 'UNAUTHORIZED' });
            if (!good) socket.disconnect(true);
          },
          (error: unknown) => {
            // The database did not answer: the socket stays; the next check decides.
            socket.data.joinCheckedAt = undefined;
            app.log.warn({ err: error }, 'chat socket join check failed');
            ack?.({ ok: false, message: 'INTERNAL_SERVER_ERROR' });
          },
        );
      },
    );
  });

  const stillGood = async (socket: ChatSocket): Promise<boolean> => {
    const { identity } = socket.data;
    if (identity.kind === 'guest') return true;
    const live = (await liveSessions(deps, [identity.sessionId])).get(identity.sessionId);
    return live !== undefined && (live.kind === 'member' || AGENT_ROLES.has(live.role));
  };

  // The periodic re-check of every session-bound socket of this process.
  let running: Promise<number> | undefined;
  const recheck = async (): Promise<number> => {
    const sockets = [...io.of('/').sockets.values()].filter(
      (s) => s.data.identity && s.data.identity.kind !== 'guest',
    );
    if (sockets.length === 0) return 0;
    const ids = sockets.map((s) => (s.data.identity as { sessionId: number }).sessionId);
    const live = await liveSessions(deps, ids);
    let dropped = 0;
    for (const socket of sockets) {
      const identity = socket.data.identity as Extract<SocketIdentity, { sessionId: number }>;
      const session = live.get(identity.sessionId);
      const good =
        session !== undefined &&
        (identity.kind === 'member'
          ? session.kind === 'member'
          : session.kind === 'operator' && AGENT_ROLES.has(session.role));
      if (!good) {
        socket.disconnect(true);
        dropped++;
      }
    }
    return dropped;
  };
  const recheckSessions = () => {
    running ??= recheck().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    recheckSessions().catch((error: unknown) =>
      app.log.warn({ err: error }, 'chat socket session re-check failed'),
    );
  }, config.chat.socketRecheckMs);
  timer.unref();

  // Every deps.chatHub publish reaches the sockets. The default in-process hub stays in place
  // (tests and other listeners keep hearing it) and the sockets listen to it; any other hub
  // is wrapped.
  const hub = deps.chatHub;
  const stopListening = isListenable(hub)
    ? hub.listen((published) => emitToSockets(io, published))
    : undefined;
  if (!stopListening) deps.chatHub = new SocketChatHub(io, hub);
  else (hub as ListenableHub).setOccupancy?.((room) => occupiedIn(io, room));

  app.addHook('preClose', async () => {
    clearInterval(timer);
    stopListening?.();
    await running?.catch(() => undefined);
    // This process's connections are closed under their clients (a transport close, not a
    // server 'disconnect'): the clients reconnect by themselves, to another process or to
    // this one restarted, and catch up over REST. Then the adapter closes.
    io.engine.close();
    await io.of('/').adapter.close();
  });
  app.addHook('onClose', async () => {
    await redis?.close();
  });

  const sockets: ChatSockets = { io, recheckSessions };
  app.decorate('chatSockets', sockets);
  return sockets;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's Socket.IO server (decision 0098). */
    chatSockets: ChatSockets;
  }
}
