// `npm run bench:chat` (issue 14, decision 0098): live chat delivery under load, on loopback.
//
// Starts the real server (apps/server/scripts/lib/chat-load-server.ts: migrations, seed,
// Socket.IO, chat on, scratch SQLite) as a child process, connects --sockets visitors (guest
// ids signed with the child's secret; websocket transport; spread over --addresses loopback
// addresses 127.0.0.2... so the per-address connection cap of decision 0047 holds), then sends
// --rate messages per second for --seconds through POST /api/chat/send-message, round-robin
// over the visitors, each from its visitor's address (each visitor sends once every
// sockets/rate seconds, each address carries sockets/addresses visitors: under the per-caller
// and per-address send limits, as visitors on their own addresses would be). Each message must reach its visitor's socket exactly once and no other socket.
// Prints delivery counts, p50/p99/max delivery latency (send start -> socket event), the
// send answers, and the server's memory per socket (RSS and heap after a full GC, before and
// after connecting, divided by the sockets). Exits 1 when a message is lost, duplicated or
// misrouted, or p99 >= 250 ms. Flags: --seconds 60 --rate 100 --sockets 1000 --addresses 40.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import { io as ioClient } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { mintGuestId } from '../apps/server/src/lib/guest-id';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function flag(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const SECONDS = flag('seconds', 60);
const RATE = flag('rate', 100);
const SOCKETS = flag('sockets', 1000);
const ADDRESSES = flag('addresses', 40);
const P99_TARGET_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

// --- the server child ----------------------------------------------------------------------

const scratch = mkdtempSync(join(tmpdir(), 'wallet-chat-bench-'));
const guestSecret = randomBytes(32).toString('hex');
const childEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env))
  if (value !== undefined && !['REDIS_URL', 'DATABASE_URL', 'PORT'].includes(key))
    childEnv[key] = value;
Object.assign(childEnv, {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SQLITE_PATH: join(scratch, 'wallet.db'),
  FILE_STORE_DIR: join(scratch, 'files'),
  CHAT_GUEST_SECRET: guestSecret,
});
const child = spawn(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', join(root, 'apps/server/scripts/lib/chat-load-server.ts')],
  { cwd: root, env: childEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
);
const childExited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
process.once('exit', () => child.kill('SIGKILL'));

function fromChild<T>(pick: (message: Record<string, unknown>) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not answer in 60 s')), 60_000);
    const onMessage = (message: unknown) => {
      const value = pick(message as Record<string, unknown>);
      if (value === undefined) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    child.on('message', onMessage);
    void childExited.then(() => reject(new Error('the server exited')));
  });
}
const serverMemory = async (): Promise<Memory> => {
  const answer = fromChild((m) => (m.memory ? (m.memory as Memory) : undefined));
  child.send('memory');
  return answer;
};

// --- clients -------------------------------------------------------------------------------

interface Visitor {
  guestId: string;
  socket: Socket;
}

const pending = new Map<string, { owner: number; sentAt: number }>();
const deliveries = new Map<string, number>();
const latencies: number[] = [];
/** Stored (the message's createdAt, server clock = this machine's) -> socket event. */
const fanOut: number[] = [];
let misrouted = 0;
let unknown = 0;
let disconnects = 0;

/** Visitor i's loopback address (socket and sends alike). */
const addressOf = (index: number) => `127.0.0.${2 + (index % ADDRESSES)}`;

function connectVisitor(base: string, index: number): Promise<Visitor> {
  const guestId = mintGuestId(guestSecret);
  const socket = ioClient(base, {
    path: '/socket.io',
    auth: { guestId },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
    localAddress: addressOf(index),
  } as Parameters<typeof ioClient>[1]);
  socket.on('messaging', (message: { clientMessageId?: string; createdAt?: string }) => {
    const now = performance.now();
    const wallNow = Date.now();
    const id = message.clientMessageId ?? '';
    const sent = pending.get(id);
    if (!sent) {
      unknown++;
      return;
    }
    if (sent.owner !== index) {
      misrouted++;
      return;
    }
    const count = (deliveries.get(id) ?? 0) + 1;
    deliveries.set(id, count);
    if (count === 1) {
      latencies.push(now - sent.sentAt);
      if (message.createdAt) fanOut.push(wallNow - Date.parse(message.createdAt));
    }
  });
  socket.on('disconnect', () => {
    disconnects++;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ guestId, socket }));
    socket.once('connect_error', (error) => reject(error));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const answers = new Map<number, number>();
let retries = 0;
const answerTimes: number[] = [];
function send(
  port: number,
  visitor: Visitor,
  index: number,
  clientMessageId: string,
  attempt = 0,
): Promise<void> {
  const sentAt = performance.now();
  const body = JSON.stringify({
    conversation: {
      sender: 'customer',
      message: { message_type: 'text', payload: `load ${clientMessageId}` },
      userId: null,
      guestId: visitor.guestId,
      username: null,
      name: null,
      deviceToken: null,
      session_id: null,
      clientMessageId,
    },
  });
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/chat/send-message',
        method: 'POST',
        agent,
        localAddress: addressOf(index),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [WALLET_USER_HEADER]: WALLET_USER_VALUE,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          answerTimes.push(performance.now() - sentAt);
          answers.set(response.statusCode ?? 0, (answers.get(response.statusCode ?? 0) ?? 0) + 1);
          resolve();
        });
      },
    );
    request.on('error', () => {
      // A kept-alive connection the server closed as it was reused: the widget resends with
      // the same client id (stored and delivered once), so the bench does too, twice at most.
      if (attempt < 2) {
        retries++;
        resolve(send(port, visitor, index, clientMessageId, attempt + 1));
        return;
      }
      answers.set(-1, (answers.get(-1) ?? 0) + 1);
      resolve();
    });
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  const port = await fromChild((m) => (typeof m.port === 'number' ? m.port : undefined));
  const base = `http://127.0.0.1:${port}`;
  console.log(
    `chat load: ${SOCKETS} sockets over ${ADDRESSES} loopback addresses, ${RATE} messages/s for ${SECONDS} s (server ${base}, SQLite)`,
  );
  await sleep(1000);
  const before = await serverMemory();

  const connectStarted = performance.now();
  const visitors: Visitor[] = [];
  const BATCH = 50;
  for (let start = 0; start < SOCKETS; start += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, SOCKETS - start) }, (_, i) =>
        connectVisitor(base, start + i),
      ),
    );
    visitors.push(...batch);
  }
  const connectMs = performance.now() - connectStarted;
  await sleep(2000);
  const connected = await serverMemory();
  const perSocket = {
    rss: (connected.rss - before.rss) / SOCKETS,
    heap: (connected.heapUsed - before.heapUsed) / SOCKETS,
  };
  console.log(
    `connected ${visitors.length} sockets in ${(connectMs / 1000).toFixed(1)} s; server RSS ${mb(before.rss)} -> ${mb(connected.rss)}, heap ${mb(before.heapUsed)} -> ${mb(connected.heapUsed)}`,
  );

  // The load: message i at start + i / RATE seconds, from visitor i mod SOCKETS.
  const total = RATE * SECONDS;
  const sends: Promise<void>[] = [];
  const started = performance.now();
  let next = 0;
  let lastReport = started;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE) + 1);
    for (; next < due; next++) {
      const owner = next % SOCKETS;
      const clientMessageId = `bench-${next}`;
      pending.set(clientMessageId, { owner, sentAt: performance.now() });
      sends.push(send(port, visitors[owner]!, owner, clientMessageId));
    }
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      console.log(
        `  ${Math.round((lastReport - started) / 1000)} s: sent ${next}, delivered ${latencies.length}`,
      );
    }
    await sleep(5);
  }
  const sendMs = performance.now() - started;
  await Promise.all(sends);
  // Stragglers: up to 5 s for the last events.
  for (let i = 0; i < 50 && latencies.length < total; i++) await sleep(100);
  await sleep(500);
  const after = await serverMemory();

  let once = 0;
  let duplicated = 0;
  for (const count of deliveries.values()) {
    if (count === 1) once++;
    else duplicated++;
  }
  const missing = total - deliveries.size;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const max = sorted[sorted.length - 1] ?? NaN;
  const answerSorted = [...answerTimes].sort((a, b) => a - b);
  const answered = [...answers.entries()].map(([code, n]) => `${code}: ${n}`).join(', ');

  console.log('');
  console.log(
    `messages sent            ${total} in ${(sendMs / 1000).toFixed(1)} s (${(total / (sendMs / 1000)).toFixed(1)}/s)`,
  );
  console.log(`send answers             ${answered} (resent after a connection error: ${retries})`);
  console.log(
    `send answer time         p50 ${percentile(answerSorted, 0.5).toFixed(1)} ms, p99 ${percentile(answerSorted, 0.99).toFixed(1)} ms`,
  );
  console.log(`delivered exactly once   ${once}`);
  console.log(`missing                  ${missing}`);
  console.log(`duplicated               ${duplicated}`);
  console.log(`to the wrong socket      ${misrouted} (unknown ids: ${unknown})`);
  console.log(`socket disconnects       ${disconnects}`);
  console.log(
    `delivery latency         p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms (target p99 < ${P99_TARGET_MS} ms)`,
  );
  const fanSorted = [...fanOut].sort((a, b) => a - b);
  console.log(
    `stored -> socket event   p50 ${percentile(fanSorted, 0.5).toFixed(0)} ms, p99 ${percentile(fanSorted, 0.99).toFixed(0)} ms (createdAt to arrival)`,
  );
  console.log(
    `server memory per socket RSS ${kb(perSocket.rss)}, heap ${kb(perSocket.heap)} (RSS ${mb(before.rss)} idle -> ${mb(connected.rss)} with ${SOCKETS} sockets -> ${mb(after.rss)} after the load; heap ${mb(before.heapUsed)} -> ${mb(connected.heapUsed)} -> ${mb(after.heapUsed)})`,
  );

  for (const visitor of visitors) visitor.socket.close();
  agent.destroy();
  child.send('stop');
  await Promise.race([childExited, sleep(10_000)]);
  const failed =
    missing > 0 ||
    duplicated > 0 ||
    misrouted > 0 ||
    unknown > 0 ||
    (answers.get(200) ?? 0) !== total ||
    !(p99 < P99_TARGET_MS);
  console.log(failed ? 'chat load: FAILED a target' : 'chat load: every target met');
  return failed ? 1 : 0;
}

main()
  .then((code) => {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error('chat load failed:', error);
    child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
    process.exit(1);
  });
