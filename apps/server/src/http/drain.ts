// The HTTP half of a drain (SIGTERM, a rolling restart; decision 0102). installDrain tracks
// this server's connections and whether each is serving a request; drain() then:
// 1. marks the process draining: /readyz answers 503 and every answer carries
//    `Connection: close`, so a kept-alive client moves to another connection (and so to
//    another process) after its next answer instead of finding the socket gone;
// 2. stops accepting connections (in a cluster worker the primary hands new ones to the
//    other workers), keeping the open ones;
// 3. lets requests in flight finish; a connection idle for `lingerMs` is closed (one still
//    in use closes itself after its answer), so a client that was about to reuse it most
//    likely got its `Connection: close` first;
// 4. after `graceMs`, cuts whatever is left.
// Upgraded connections (the chat's WebSockets) are not waited for: the app's close closes
// them (decision 0098), and their clients reconnect elsewhere.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** Longest wait for requests in flight; then the connections left are cut. */
  graceMs: number;
  /** A connection idle this long while draining is closed. */
  lingerMs?: number;
}

export interface DrainReport {
  /** Requests in flight when the drain began. */
  inFlightAtStart: number;
  /** Idle connections the drain closed. */
  closedIdle: number;
  /** Connections cut at the end of the grace time (with a request in flight, or idle). */
  cut: number;
  ms: number;
}

export interface Lifecycle {
  /** True from the start of a drain: /readyz answers 503, answers close their connection. */
  readonly draining: boolean;
  /** Requests being served now. */
  inFlight(): number;
  /** Starts the drain (once; later calls get the same promise). */
  drain(options: DrainOptions): Promise<DrainReport>;
}

const DEFAULT_LINGER_MS = 1000;
const POLL_MS = 20;

interface Tracked {
  active: number;
  idleSince: number;
  upgraded: boolean;
}

/** Tracks the connections of `app.server` and decorates `app.lifecycle`. */
export function installDrain(app: FastifyInstance): Lifecycle {
  const server: Server = app.server;
  const connections = new Map<Socket, Tracked>();
  /** The answers being produced now. */
  const responses = new Set<ServerResponse>();
  let draining = false;
  let running: Promise<DrainReport> | undefined;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now(), upgraded: false });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage) => {
    const tracked = connections.get(request.socket);
    if (tracked) tracked.upgraded = true;
  });
  // First among the request listeners (before Fastify's and the chat engine's), so the
  // header is set before any answer starts.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const tracked = connections.get(request.socket);
    responses.add(response);
    if (tracked) tracked.active++;
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      responses.delete(response);
      if (tracked) {
        tracked.active--;
        tracked.idleSince = Date.now();
      }
    });
  });

  const drain = async (options: DrainOptions): Promise<DrainReport> => {
    const started = Date.now();
    const lingerMs = Math.min(options.lingerMs ?? DEFAULT_LINGER_MS, options.graceMs);
    const deadline = started + options.graceMs;
    const report: DrainReport = {
      inFlightAtStart: responses.size,
      closedIdle: 0,
      cut: 0,
      ms: 0,
    };
    draining = true;
    // The answers in flight close their connection too, unless already on their way.
    for (const response of responses)
      if (!response.headersSent) response.setHeader('connection', 'close');
    // net.Server's close, not http.Server's: that one also closes the idle kept-alive
    // connections at once, under a client that may be sending on one (Node 19+). Fastify's
    // close later finds the server stopped and goes on.
    if (server.listening) net.Server.prototype.close.call(server);
    for (;;) {
      const now = Date.now();
      let waiting = 0;
      for (const [socket, tracked] of connections) {
        if (tracked.upgraded) continue;
        if (tracked.active === 0 && now - tracked.idleSince >= lingerMs) {
          socket.destroy();
          connections.delete(socket);
          report.closedIdle++;
        } else waiting++;
      }
      if (waiting === 0) break;
      if (now >= deadline) {
        for (const [socket, tracked] of connections) {
          if (tracked.upgraded) continue;
          socket.destroy();
          connections.delete(socket);
          report.cut++;
        }
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    report.ms = Date.now() - started;
    return report;
  };

  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    inFlight: () => responses.size,
    drain(options) {
      running ??= drain(options);
      return running;
    },
  };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining state and the HTTP drain (decision 0102). */
    lifecycle: Lifecycle;
  }
}
