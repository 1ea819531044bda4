// The money benchmark of issue 3 (run by bench/money-bench.mjs, `npm run bench:money`). In one
// run, at CONNECTIONS concurrent keep-alive connections for SECONDS each:
//   a. POST /api/wallet/transfer WALLET -> PG, 1 baht, against the server child process with
//      the sandbox provider child process (each connection is its own pre-funded member);
//   b. GET /api/wallet (each connection its own member);
//   c. baseline: the raw database doing a transfer's ledger statements in this process (the
//      hold and the settle, each post() in its own withTransaction, as games.transfers does),
//      no HTTP, no provider;
//   d. baseline: a bare Fastify route answering a small JSON, in its own child process.
// Prints requests/s, p50, p99 and errors of each, the ratios against the targets, the server's
// CPU per transfer against issue 15's targets, the load average, and the ledger check of the
// database afterwards. With --open-loop, then transfers at a fixed arrival rate (half the
// closed-loop rate just measured, or --rate N) for --open-seconds, latency counted from each
// request's scheduled time (decision 0107).
//   npm run bench:money [-- --seconds 10 --connections 64] [--open-loop]
//   DATABASE_URL=postgres://... npm run bench:money      (or --postgres with TEST_DATABASE_URL)
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createDatabase } from '../../src/db/database';
import { withTransaction } from '../../src/db/transaction';
import { systemClock } from '../../src/lib/clock';
import { accounts, ledgerCheck, post } from '../../src/modules/ledger';
import { flags, intFlag } from '../script-args';
import { createClient, percentile } from './http-client';
import { createMembers, operatorSession } from './members';
import {
  benchServerEnv,
  cpuMs,
  freePort,
  SERVER_MAIN,
  SERVER_READY,
  startEval,
  startSandbox,
  startTs,
  stopChild,
  waitFor,
} from './processes';
import type { Child } from './processes';
import { scratchDatabase } from './scratch-db';

const f = flags();
const SECONDS = intFlag(f, 'seconds', 10);
const CONNECTIONS = intFlag(f, 'connections', 64);
// Each phase runs in ROUNDS slices of SECONDS / ROUNDS, the phases taking turns (see Tally).
const ROUNDS = Math.max(1, intFlag(f, 'rounds', 5));
const KEY = 'bench-sandbox-key';
const OPERATOR_PASSWORD = 'bench-operator-pass';
const GAME = 'PG';
// --only transfer,wallet,floor,bare,raw: measure just those phases (profiling one of them).
const ONLY = f.get('only')?.split(',');
const skipped = (name: string): Figures => ({
  name,
  requests: 0,
  rps: 0,
  p50: 0,
  p99: 0,
  errors: 0,
});
const phase = (key: string) => !ONLY || ONLY.includes(key);
// --open-loop: after the closed-loop phases, transfers at a fixed arrival rate (decision 0107):
// half of the closed-loop transfer rate just measured, or --rate N per second, for
// --open-seconds (default --seconds). Latency counts from each request's scheduled time.
const OPEN_LOOP = f.has('open-loop');
const OPEN_RATE = intFlag(f, 'rate', 0);
const OPEN_SECONDS = intFlag(f, 'open-seconds', SECONDS);
/** Issue 15's restated transfer target: the server's CPU time per transfer (ms), per database. */
const CPU_TARGET_MS = { sqlite: 0.8, postgres: 1.5 } as const;
const pgUrl =
  f.get('db') === 'sqlite'
    ? undefined
    : process.env.DATABASE_URL || (f.has('postgres') ? process.env.TEST_DATABASE_URL : undefined);
if (f.has('postgres') && !pgUrl)
  throw new Error('--postgres needs DATABASE_URL or TEST_DATABASE_URL');

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  firstError?: string;
}

/**
 * One phase's figures, gathered over its slices. Each phase runs in ROUNDS slices, and the
 * rounds interleave the phases (transfer, raw DB, wallet, bare, floor, then again), so a
 * route and its baseline are always measured within seconds of each other: this VM's speed
 * drifts (the bare route alone measured 8,500-25,000/s within an hour), and a ratio of two
 * 10 s phases run one after the other partly measured that drift.
 */
interface Tally {
  name: string;
  key: string;
  latencies: number[];
  errors: number;
  firstError?: string;
  ms: number;
  /** CPU ms the watched processes used during this phase's slices. */
  cpu: Record<string, number>;
  watch: Watched;
  once: (connection: number) => Promise<string | null>;
}

/** Processes whose CPU time a phase reads, by the name it prints them under. */
type Watched = Record<string, { pid?: number | undefined }>;

function tally(key: string, name: string, once: Tally['once'], watch: Watched = {}): Tally {
  const cpu = Object.fromEntries(Object.keys(watch).map((k) => [k, 0]));
  return { key, name, latencies: [], errors: 0, ms: 0, cpu, watch, once };
}

/** Runs `once(connection)` on CONNECTIONS loops for `seconds`; once returns an error or null. */
async function runSlice(t: Tally, seconds: number): Promise<void> {
  if (!phase(t.key)) return;
  const cpuBefore = Object.fromEntries(Object.entries(t.watch).map(([k, c]) => [k, cpuMs(c.pid)]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        let error: string | null;
        try {
          error = await t.once(connection);
        } catch (thrown) {
          error = thrown instanceof Error ? thrown.message : String(thrown);
        }
        t.latencies.push(performance.now() - t0);
        if (error) {
          t.errors++;
          t.firstError ??= error;
        }
      }
    }),
  );
  t.ms += performance.now() - started;
  for (const [k, c] of Object.entries(t.watch)) t.cpu[k]! += cpuMs(c.pid) - cpuBefore[k]!;
}

type Measured = Figures & { cpuMsPerRequest?: Record<string, number> };

function figuresOf(t: Tally): Measured {
  if (!phase(t.key)) return skipped(t.name);
  const requests = t.latencies.length;
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return {
    name: t.name,
    requests,
    rps: Math.round(requests / (t.ms / 1000)),
    p50: percentile(t.latencies, 0.5),
    p99: percentile(t.latencies, 0.99),
    errors: t.errors,
    ...(t.firstError ? { firstError: t.firstError } : {}),
    ...(Object.keys(t.watch).length > 0
      ? {
          cpuMsPerRequest: Object.fromEntries(
            Object.entries(t.cpu).map(([k, ms]) => [k, perRequest(ms)]),
          ),
        }
      : {}),
  };
}

interface OpenLoopFigures {
  rate: number;
  seconds: number;
  sent: number;
  completed: number;
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  firstError?: string;
  /** Most requests in flight at once (the open loop does not cap them). */
  maxInFlight: number;
  cpuMsPerRequest: Record<string, number>;
}

/**
 * Open loop: request i is due at start + i / rate, whatever became of the earlier ones (a
 * fixed arrival rate, not a fixed number of connections). Its latency counts from that due
 * time, so a request sent late because the loop or the machine fell behind is counted late
 * (no coordinated omission). Bounded: it stops sending after `seconds`, and waits for the
 * requests in flight (each has the client's 30 s timeout).
 */
async function openLoop(
  rate: number,
  seconds: number,
  send: (i: number) => Promise<string | null>,
  watch: Watched,
): Promise<OpenLoopFigures> {
  const cpuBefore = Object.fromEntries(Object.entries(watch).map(([k, c]) => [k, cpuMs(c.pid)]));
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let inFlight = 0;
  let maxInFlight = 0;
  const start = performance.now();
  const fire = (i: number) => {
    const due = start + i * interval;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pending.push(
      send(i)
        .catch((thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown)))
        .then((error) => {
          latencies.push(performance.now() - due);
          inFlight--;
          if (error) {
            errors++;
            firstError ??= error;
          }
        }),
    );
  };
  let next = 0;
  while (next < total) {
    // Everything due by now goes out at once (a late timer does not thin the arrivals).
    const now = performance.now();
    while (next < total && start + next * interval <= now) fire(next++);
    if (next < total)
      await new Promise((r) => setTimeout(r, Math.max(0, start + next * interval - now)));
  }
  await Promise.all(pending);
  const ms = performance.now() - start;
  const cpu = Object.fromEntries(
    Object.entries(watch).map(([k, c]) => [
      k,
      Math.round(((cpuMs(c.pid) - cpuBefore[k]!) / total) * 100) / 100,
    ]),
  );
  return {
    rate,
    seconds,
    sent: total,
    completed: latencies.length,
    achieved: Math.round(latencies.length / (ms / 1000)),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
    errors,
    ...(firstError ? { firstError } : {}),
    maxInFlight,
    cpuMsPerRequest: cpu,
  };
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ message: 'OK', amount: 123.45 }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

const scratch = await scratchDatabase('bench', pgUrl);
const sandbox = await startSandbox(KEY);
const children: Child[] = [sandbox.child];
let exitCode = 1;
try {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const server = startTs('server', SERVER_MAIN, {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    SANDBOX_URL: sandbox.url,
    SANDBOX_API_KEY: KEY,
    ...benchServerEnv(OPERATOR_PASSWORD),
    ...scratch.env,
  });
  children.push(server);
  await waitFor(`${appUrl}${SERVER_READY.path}`, { headers: SERVER_READY.headers, child: server });

  const barePort = await freePort();
  const bare = startEval('bare', BARE_SERVER, { PORT: String(barePort) });
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/bare`, { child: bare });

  const client = createClient(appUrl, CONNECTIONS + 4);
  const operator = await operatorSession(client, OPERATOR_PASSWORD);
  const members = await createMembers(client, operator, CONNECTIONS, {
    fundBaht: 1_000_000,
    games: [GAME],
  });
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `money bench: ${scratch.label}, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns, ` +
      `one funded member per connection (no shared hot account), load average ${load}`,
  );

  // Warm-up (JIT, statement caches, keep-alive sockets), not measured.
  await Promise.all(
    members.map((m) => client.call('GET', '/api/wallet', { token: m.token }).catch(() => null)),
  );

  // c: the same ledger statements in this process, on the same database, server idle.
  const db = createDatabase({ database: scratch.database });
  const ids = (
    await db
      .selectFrom('members')
      .select('id')
      .where(
        'member_no',
        'in',
        members.map((m) => m.memberNo),
      )
      .execute()
  ).map((r) => r.id);
  let seq = 0;
  const bareClient = createClient(`http://127.0.0.1:${barePort}`, CONNECTIONS + 4);
  let walletBytes = 0;
  const cpuOf = { server: server.process, sandbox: sandbox.child.process };
  const transferOnce = async (http: typeof client, member: number) => {
    const res = await http.call('POST', '/api/wallet/transfer', {
      token: members[member % members.length]!.token,
      key: `bench-${randomUUID()}`,
      body: { from: 'WALLET', to: GAME, amount: 1 },
    });
    return res.status === 200 && res.body.status === 'SUCCESS'
      ? null
      : `${res.status} ${res.text.slice(0, 120)}`;
  };
  const phases = [
    tally('transfer', 'POST /api/wallet/transfer', (c) => transferOnce(client, c), cpuOf),
    tally(
      'raw',
      'raw DB ledger (hold + settle)',
      async (c) => {
        const id = ids[c % ids.length]!;
        const ref = `BENCH-${process.pid}-${++seq}`;
        await withTransaction(db, (trx) =>
          post(trx, systemClock, {
            event: 'game_transfer_hold',
            actor: `member:${id}`,
            entries: [
              {
                debit: accounts.memberCash(id),
                credit: accounts.memberHold(id, 'game'),
                amount: 100,
              },
            ],
            idempotencyKey: `game:${ref}:hold`,
          }),
        );
        await withTransaction(db, (trx) =>
          post(trx, systemClock, {
            event: 'game_transfer_post',
            actor: 'system:bench',
            entries: [
              {
                debit: accounts.memberHold(id, 'game'),
                credit: accounts.provider(GAME),
                amount: 100,
              },
            ],
            idempotencyKey: `game:${ref}:settle`,
            externalRef: `${GAME}:${ref}`,
          }),
        );
        return null;
      },
      // This process's own CPU: the raw phase runs here, and the load loop is idle meanwhile.
      { bench: process },
    ),
    tally(
      'wallet',
      'GET /api/wallet',
      async (c) => {
        const res = await client.call('GET', '/api/wallet', { token: members[c]!.token });
        walletBytes = res.bytes;
        return res.status === 200 ? null : `${res.status} ${res.text.slice(0, 120)}`;
      },
      cpuOf,
    ),
    tally(
      'bare',
      'bare Fastify GET',
      async () => {
        const res = await bareClient.call('GET', '/bare');
        return res.status === 200 ? null : `${res.status}`;
      },
      // The bare route's own CPU per request: this VM's speed at the time, beside the figures.
      { bare: bare.process },
    ),
    // Diagnostic: the cheapest contract route (no session, one settings read), for what the
    // framework, hooks and answer checks cost before the wallet's own work.
    tally(
      'floor',
      'GET /api/lookup/active (floor)',
      async () => {
        const res = await client.call('GET', '/api/lookup/active');
        return res.status === 200 ? null : `${res.status} ${res.text.slice(0, 120)}`;
      },
      cpuOf,
    ),
  ];
  for (let round = 0; round < ROUNDS; round++)
    for (const t of phases) await runSlice(t, SECONDS / ROUNDS);
  bareClient.close();
  const [transfer, rawDb, wallet, bareRoute, floor] = phases.map(figuresOf) as [
    Measured,
    Measured,
    Measured,
    Measured,
    Measured,
  ];

  // Open loop at half the closed-loop rate (or --rate): its own client without a socket cap,
  // so a slow answer never holds back the next arrival.
  let open: OpenLoopFigures | undefined;
  if (OPEN_LOOP) {
    const rate = OPEN_RATE || Math.floor(transfer.rps / 2);
    if (rate <= 0) throw new Error('--open-loop needs the transfer phase or --rate N');
    const openClient = createClient(appUrl, 4096);
    open = await openLoop(rate, OPEN_SECONDS, (i) => transferOnce(openClient, i), cpuOf);
    openClient.close();
  }
  client.close();

  const check = await ledgerCheck(db);
  await db.destroy();
  await stopChild(server);

  const all: Measured[] = [transfer, wallet, rawDb, bareRoute, floor];
  for (const r of all)
    console.log(
      `  ${r.name.padEnd(32)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ` +
        `errors ${r.errors}/${r.requests}${r.firstError ? ` (first: ${r.firstError})` : ''}` +
        (r.cpuMsPerRequest
          ? `  CPU ms/request: ${Object.entries(r.cpuMsPerRequest)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`
          : ''),
    );
  console.log(`  GET /api/wallet answer: ${walletBytes} bytes`);
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);
  const targets = {
    transfersVsRawDb: { percent: ratio(transfer.rps, rawDb.rps), target: 40 },
    walletVsBareRoute: { percent: ratio(wallet.rps, bareRoute.rps), target: 50 },
  };
  const p99Ok = transfer.p99 < 50 && wallet.p99 < 50;
  const errorsOk =
    transfer.errors + wallet.errors + rawDb.errors + bareRoute.errors + (open?.errors ?? 0) === 0;
  console.log(
    `  transfers / raw DB      ${targets.transfersVsRawDb.percent}% (target >= 40%) ${targets.transfersVsRawDb.percent >= 40 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  /api/wallet / bare route ${targets.walletVsBareRoute.percent}% (target >= 50%) ${targets.walletVsBareRoute.percent >= 50 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  p99 < 50 ms: transfer ${transfer.p99} ms, wallet ${wallet.p99} ms ${p99Ok ? 'met' : 'MISSED'}`,
  );
  const dialect = pgUrl ? 'postgres' : 'sqlite';
  const cpuTarget = CPU_TARGET_MS[dialect];
  const cpuPerTransfer = transfer.cpuMsPerRequest?.server;
  if (phase('transfer') && cpuPerTransfer !== undefined)
    console.log(
      `  server CPU per transfer  ${cpuPerTransfer} ms (target <= ${cpuTarget} ms on ${dialect}) ` +
        `${cpuPerTransfer <= cpuTarget ? 'met' : 'MISSED'}` +
        (bareRoute.cpuMsPerRequest?.bare
          ? `; the bare route's CPU per request now: ${bareRoute.cpuMsPerRequest.bare} ms`
          : ''),
    );
  // What a transfer cannot cost less than here: its two ledger postings (the raw phase, no
  // HTTP) plus one request through the framework and its hooks (the floor route). A provider
  // call, the session, the transfer and statement rows and the idempotency key come on top.
  const rawCpu = rawDb.cpuMsPerRequest?.bench;
  const floorCpu = floor.cpuMsPerRequest?.server;
  if (cpuPerTransfer !== undefined && rawCpu !== undefined && floorCpu !== undefined) {
    const least = Math.round((rawCpu + floorCpu) * 100) / 100;
    console.log(
      `  a transfer's floor: raw ledger ${rawCpu} ms + floor route ${floorCpu} ms = ${least} ms ` +
        `(${ratio(least, cpuPerTransfer)}% of this transfer's ${cpuPerTransfer} ms)`,
    );
  }
  if (open) {
    console.log(
      `  open loop ${open.rate}/s for ${open.seconds} s (half of closed-loop ${transfer.rps}/s): ` +
        `achieved ${open.achieved}/s, p50 ${open.p50} ms  p95 ${open.p95} ms  p99 ${open.p99} ms  ` +
        `max ${open.max} ms, most in flight ${open.maxInFlight}, errors ${open.errors}/${open.sent}` +
        `${open.firstError ? ` (first: ${open.firstError})` : ''}, CPU ms/request: ` +
        Object.entries(open.cpuMsPerRequest)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
    );
    console.log(
      `  open-loop p99 < 50 ms: ${open.p99} ms ${open.p99 < 50 ? 'met' : 'MISSED'} ` +
        `(closed loop, ${CONNECTIONS} connections: p99 ${transfer.p99} ms)`,
    );
  }
  console.log(`  errors: ${errorsOk ? 'none' : 'SOME'}`);
  console.log(
    `  ledger check after: ${check.ok ? 'clean' : `${check.violations.length} VIOLATIONS`} ` +
      `(${check.transactions} transactions)`,
  );
  const after = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`  load average after: ${after} (2 cores, shared machine)`);
  console.log(
    `money bench ${scratch.label}: transfer ${transfer.rps}/s p99 ${transfer.p99} ms, raw DB ${rawDb.rps}/s, ` +
      `ratio ${targets.transfersVsRawDb.percent}%; wallet ${wallet.rps}/s p99 ${wallet.p99} ms, bare ${bareRoute.rps}/s, ` +
      `ratio ${targets.walletVsBareRoute.percent}%; ` +
      `CPU/transfer ${cpuPerTransfer ?? '-'} ms (target ${cpuTarget}); ` +
      (open ? `open loop ${open.rate}/s p99 ${open.p99} ms; ` : '') +
      `errors ${transfer.errors + wallet.errors + rawDb.errors + bareRoute.errors + (open?.errors ?? 0)}; ` +
      `ledger ${check.ok ? 'clean' : 'VIOLATIONS'}; load ${load} -> ${after}`,
  );
  // Exit 1 only when it could not measure or the money is wrong; missed speed targets are figures.
  exitCode = check.ok && errorsOk ? 0 : 1;
} catch (error) {
  console.error('money bench failed:', error);
} finally {
  for (const child of children.reverse()) await stopChild(child).catch(() => undefined);
  await scratch.drop().catch((error: unknown) => console.error('drop failed', error));
}
process.exit(exitCode);
