// Bounds on connections (issue 16, decision 0047). ~20,000 idle sockets from one client once
// used every file descriptor, and every new connection was reset for 30 s. Now:
// - a connection that sends no complete headers within HTTP_HEADERS_TIMEOUT_MS, a request
//   not finished within HTTP_REQUEST_TIMEOUT_MS and a kept-alive connection idle for
//   HTTP_KEEP_ALIVE_TIMEOUT_MS are closed (Node's own timers; these build its options);
// - connections beyond HTTP_MAX_CONNECTIONS_PER_IP from one address, or beyond
//   HTTP_MAX_CONNECTIONS in all, are closed as they are accepted.
import type { Server, ServerOptions } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

type Limits = Config['http'];

/**
 * How often Node looks for connections past the headers or request timeout. Its default
 * (30 s) would let a 10 s headers timeout run to 40 s; a quarter of the shorter timeout keeps
 * the overshoot small, and the check is a walk over the open connections.
 */
export function checkingIntervalMs(limits: Limits): number {
  const shorter = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.min(5000, Math.max(50, Math.floor(shorter / 4)));
}

/** Options of `http.createServer` (Fastify passes its `http` option through). */
export function httpServerOptions(limits: Limits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(limits),
  };
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Addresses exempt from the per-address cap: the trusted proxies when TRUST_PROXY lists
 * them (every client arrives through them). `true` or a hop count names no address, so the
 * cap then applies to whatever connects (the proxy too: see decision 0047).
 */
export function exemptAddresses(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (!Array.isArray(trustProxy) || trustProxy.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [ip = '', bits] = entry.split('/');
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(bits), family);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Refusals are logged at most once a minute with their count (an attack must not flood the log). */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Applies the limits to a created (not yet listening) server. The per-address listener runs
 * after Node's own (the socket is set up, then destroyed), so the refused client sees its
 * connection closed at once without an HTTP answer.
 */
export function limitConnections(
  server: Server,
  limits: Limits,
  options: { exempt: (address: string) => boolean; log: FastifyBaseLogger },
): void {
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  let refused = { perAddress: 0, total: 0 };
  let lastLog = 0;
  const noteRefusal = (kind: keyof typeof refused) => {
    refused[kind]++;
    const now = Date.now();
    if (now - lastLog < REFUSAL_LOG_INTERVAL_MS) return;
    lastLog = now;
    options.log.warn(
      { refused, maxConnections: limits.maxConnections, perIp: limits.maxConnectionsPerIp },
      'connections refused at accept (connection limits)',
    );
    refused = { perAddress: 0, total: 0 };
  };
  // Node closes sockets past maxConnections itself and reports them here.
  server.on('drop', () => noteRefusal('total'));

  if (limits.maxConnectionsPerIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return;
    const address = normalise(socket.remoteAddress);
    if (options.exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= limits.maxConnectionsPerIp) {
      socket.destroy();
      noteRefusal('perAddress');
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
