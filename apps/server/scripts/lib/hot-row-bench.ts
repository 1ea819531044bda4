// The hot-row benchmark of issue 15 (run by bench/hot-row.mjs, `npm run bench:hotrow`; see
// bench/README.md and decision 0101). PostgreSQL sits behind a TCP proxy in this process that
// holds every chunk for a fixed time, so each round trip between the server and the database
// costs `--delay` ms more, as on a real network. For each delay, and for LEDGER_SHARDS = 1
// (before: one row per house/provider/world account) and the default (after), it measures:
//   one:    MEMBERS members transferring wallet -> PG and back, all to ONE provider;
//   spread: the same members spread over the 16 providers (member i on provider i mod 16);
// in interleaved slices (ABBA order), and prints transfers/s of both and their ratio
// (target: one >= 90% of spread). The server child restarts on the same database for each shard setting (which
// also exercises a change of LEDGER_SHARDS); the ledger check runs at the end.
//   npm run bench:hotrow [-- --delay 1,2 --seconds 10 --members 64 --rounds 4 --diagnose]
//   DATABASE_URL=postgres://... npm run bench:hotrow     (else a throwaway cluster)
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { loadavg } from 'node:os';
import { providerCodes } from '@wallet/contract';
import pg from 'pg';
import { createDatabase } from '../../src/db/database';
import { DEFAULT_LEDGER_SHARDS, ledgerCheck } from '../../src/modules/ledger';
import { flags, intFlag } from '../script-args';
import { createClient, percentile } from './http-client';
import type { HttpClient } from './http-client';
import { createMembers, operatorSession, pool } from './members';
import type { LoadMember } from './members';
import {
  benchServerEnv,
  cpuMs,
  freePort,
  SERVER_MAIN,
  SERVER_READY,
  startSandbox,
  startTs,
  stopChild,
  waitFor,
} from './processes';
import type { Child } from './processes';
import { scratchDatabase } from './scratch-db';

const f = flags();
const DELAYS = (f.get('delay') ?? '1,2').split(',').map((d) => {
  const ms = Number(d);
  if (!Number.isInteger(ms) || ms < 0 || ms > 50)
    throw new Error(`--delay: whole ms 0-50, got ${d}`);
  return ms;
});
const SECONDS = intFlag(f, 'seconds', 10);
const MEMBERS = intFlag(f, 'members', 64);
const ROUNDS = Math.max(1, intFlag(f, 'rounds', 4));
const AFTER_SHARDS = intFlag(f, 'shards', DEFAULT_LEDGER_SHARDS);
// --diagnose: sample what the database sessions wait on during each phase (the next hot row).
const DIAGNOSE = f.has('diagnose');
const SPREAD = providerCodes.slice(0, 16);
const ONE = 'PG';
const KEY = 'bench-sandbox-key';
const OPERATOR_PASSWORD = 'bench-operator-pass';
const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl)
  throw new Error(
    'hot-row bench: needs DATABASE_URL or TEST_DATABASE_URL (bench/hot-row.mjs starts a cluster)',
  );

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * A TCP proxy on 127.0.0.1 in front of `target` that holds each chunk before passing it on:
 * floor(delay / 2) ms towards the database, the rest back, so a round trip costs `delay` ms
 * more (timers fire no earlier, and chunks of one direction keep their order: equal
 * timeouts run in the order they were set). Node timers have 1 ms steps, hence the split.
 */
async function delayProxy(target: { host: string; port: number }, delayMs: number) {
  const up = Math.floor(delayMs / 2);
  const down = delayMs - up;
  const sockets = new Set<net.Socket>();
  const pass = (from: net.Socket, to: net.Socket, ms: number) => {
    from.on('data', (chunk) => {
      if (ms === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), ms);
    });
    from.on('end', () => setTimeout(() => to.end(), ms));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), ms + 1));
  };
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const upstream = net.connect(target.port, target.host);
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    pass(client, upstream, up);
    pass(upstream, client, down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The mean time of `select 1` over `url` (ms): what a round trip costs. */
async function roundTripMs(url: string, n = 200): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 20; i++) await client.query('select 1');
    const started = performance.now();
    for (let i = 0; i < n; i++) await client.query('select 1');
    return (performance.now() - started) / n;
  } finally {
    await client.end();
  }
}

/**
 * Samples pg_stat_activity every 20 ms on a direct connection (not through the proxy) and
 * counts, per active session, its wait event and the start of its statement.
 */
async function waitSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let counts = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string | null; query: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait,
                regexp_replace(left(query, 70), '\\s+', ' ', 'g') as query
           from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const r of rows) {
        const key = `${r.wait ?? 'cpu'} | ${r.query}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    take(): [string, number][] {
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
      counts = new Map();
      return top;
    },
    async stop() {
      running = false;
      await loop;
      await client.end();
    },
  };
}

interface Tally {
  transfers: number;
  latencies: number[];
  errors: number;
  firstError?: string;
  ms: number;
  cpuMs: number;
}
const emptyTally = (): Tally => ({ transfers: 0, latencies: [], errors: 0, ms: 0, cpuMs: 0 });

/**
 * Every member moves 1 baht wallet -> its provider, then back, for `seconds`; each member is
 * one keep-alive connection (the client's sockets), so MEMBERS transfers are in flight.
 */
async function slice(
  client: HttpClient,
  members: readonly LoadMember[],
  providerOf: (i: number) => string,
  seconds: number,
  server: Child,
  t: Tally,
): Promise<void> {
  const cpuBefore = cpuMs(server.process.pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    members.map(async (m, i) => {
      const game = providerOf(i);
      let out = true;
      while (performance.now() < deadline) {
        const t0 = performance.now();
        let error: string | null = null;
        try {
          const res = await client.call('POST', '/api/wallet/transfer', {
            token: m.token,
            key: `hot-${randomUUID()}`,
            body: out
              ? { from: 'WALLET', to: game, amount: 1 }
              : { from: game, to: 'WALLET', amount: 1 },
          });
          if (res.status !== 200 || res.body.status !== 'SUCCESS')
            error = `${res.status} ${res.text.slice(0, 120)}`;
        } catch (thrown) {
          error = thrown instanceof Error ? thrown.message : String(thrown);
        }
        t.latencies.push(performance.now() - t0);
        if (error) {
          t.errors++;
          t.firstError ??= error;
        } else {
          t.transfers++;
          out = !out;
        }
      }
    }),
  );
  t.ms += performance.now() - started;
  t.cpuMs += cpuMs(server.process.pid) - cpuBefore;
}

const rate = (t: Tally) => Math.round(t.transfers / Math.max(0.001, t.ms / 1000));
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);

const scratch = await scratchDatabase('hotrow', pgUrl);
const sandbox = await startSandbox(KEY);
const children: Child[] = [sandbox.child];
const dbUrl = new URL(scratch.database.kind === 'postgres' ? scratch.database.url : '');
let exitCode = 1;
const results: string[] = [];
try {
  const directRtt = await roundTripMs(dbUrl.toString());
  console.log(
    `hot-row bench: PostgreSQL behind a delaying TCP proxy, ${MEMBERS} members, ${SECONDS} s per phase in ${ROUNDS} slices, ` +
      `delays ${DELAYS.join(', ')} ms, LEDGER_SHARDS 1 (before) and ${AFTER_SHARDS} (after); ` +
      `round trip without proxy ${directRtt.toFixed(2)} ms; load average ${load()}`,
  );
  let members: LoadMember[] | undefined;
  let allOk = true;
  for (const delay of DELAYS) {
    const proxy = await delayProxy(
      { host: dbUrl.hostname, port: Number(dbUrl.port || 5432) },
      delay,
    );
    const viaProxy = new URL(dbUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const rtt = await roundTripMs(viaProxy.toString());
    console.log(
      `delay ${delay} ms: round trip through the proxy ${rtt.toFixed(2)} ms (load ${load()})`,
    );
    try {
      for (const shards of [1, AFTER_SHARDS]) {
        const appPort = await freePort();
        const appUrl = `http://127.0.0.1:${appPort}`;
        const server = startTs('server', SERVER_MAIN, {
          PORT: String(appPort),
          HOST: '127.0.0.1',
          SANDBOX_URL: sandbox.url,
          SANDBOX_API_KEY: KEY,
          ...benchServerEnv(OPERATOR_PASSWORD),
          DATABASE_URL: viaProxy.toString(),
          LEDGER_SHARDS: String(shards),
        });
        children.push(server);
        const client = createClient(appUrl, MEMBERS + 4);
        try {
          await waitFor(`${appUrl}${SERVER_READY.path}`, {
            headers: SERVER_READY.headers,
            child: server,
          });
          if (!members) {
            const operator = await operatorSession(client, OPERATOR_PASSWORD);
            members = await createMembers(client, operator, MEMBERS, {
              fundBaht: 100_000,
              games: [ONE],
            });
            await pool(
              members.map((m, i) => ({ m, game: SPREAD[i % SPREAD.length]! })),
              16,
              async ({ m, game }) => {
                if (game === ONE) return;
                const res = await client.call('GET', `/api/wallet/activate/${game}`, {
                  token: m.token,
                });
                if (res.status !== 200) throw new Error(`activate ${game}: ${res.text}`);
              },
            );
          }
          // The members and their sessions (rows) are reused after a restart.
          const group = members;
          // Warm-up: JIT, statement caches, the pool's connections, the shard rows.
          const warm = emptyTally();
          await slice(client, group, () => ONE, 1, server, warm);
          await slice(client, group, (i) => SPREAD[i % SPREAD.length]!, 1, server, warm);
          const one = emptyTally();
          const spread = emptyTally();
          const sampler = DIAGNOSE ? await waitSampler(dbUrl.toString()) : undefined;
          const waits: Record<string, [string, number][]> = {};
          sampler?.take();
          // ABBA order (one, spread, spread, one, ...): neither phase always runs first while
          // the shared machine's speed drifts.
          const phases = [
            { name: 'one provider', providerOf: () => ONE, t: one },
            {
              name: '16 providers',
              providerOf: (i: number) => SPREAD[i % SPREAD.length]!,
              t: spread,
            },
          ];
          for (let round = 0; round < ROUNDS; round++) {
            for (const p of round % 2 === 0 ? phases : [...phases].reverse()) {
              await slice(client, group, p.providerOf, SECONDS / ROUNDS, server, p.t);
              if (sampler) waits[`${p.name}, slice ${round + 1}`] = sampler.take();
            }
          }
          await sampler?.stop();
          const r = ratio(rate(one), rate(spread));
          const label =
            shards === 1 ? 'before (LEDGER_SHARDS=1)' : `after (LEDGER_SHARDS=${shards})`;
          const cpu = (t: Tally) => (t.cpuMs / Math.max(1, t.transfers)).toFixed(2);
          const line =
            `delay ${delay} ms, ${label}: one provider ${rate(one)}/s (p99 ${percentile(one.latencies, 0.99)} ms, ` +
            `errors ${one.errors}, server CPU ${cpu(one)} ms/transfer), 16 providers ${rate(spread)}/s ` +
            `(p99 ${percentile(spread.latencies, 0.99)} ms, errors ${spread.errors}, CPU ${cpu(spread)} ms/transfer), ` +
            `one / spread ${r}%` +
            (shards === 1 ? '' : ` (target >= 90%: ${r >= 90 ? 'met' : 'MISSED'})`) +
            `; load ${load()}`;
          console.log(`  ${line}`);
          for (const t of [one, spread])
            if (t.firstError) console.log(`    first error: ${t.firstError}`);
          for (const [name, top] of Object.entries(waits)) {
            console.log(`    database sessions, ${name} (samples every 20 ms):`);
            for (const [key, n] of top) console.log(`      ${String(n).padStart(6)}  ${key}`);
          }
          results.push(line);
          if (one.errors + spread.errors > 0) allOk = false;
        } finally {
          client.close();
          await stopChild(server);
        }
      }
    } finally {
      await proxy.close();
    }
  }
  const db = createDatabase({ database: scratch.database });
  const check = await ledgerCheck(db);
  await db.destroy();
  console.log(
    `ledger check after: ${check.ok ? 'clean' : `VIOLATIONS: ${check.violations.join('; ')}`} ` +
      `(${check.accounts} accounts, ${check.transactions} transactions)`,
  );
  console.log(`load average after: ${load()} (2 cores, shared machine)`);
  for (const line of results) console.log(`hot-row: ${line}`);
  exitCode = check.ok && allOk ? 0 : 1;
} catch (error) {
  console.error('hot-row bench failed:', error);
} finally {
  for (const child of children.reverse()) await stopChild(child).catch(() => undefined);
  await scratch.drop().catch((error: unknown) => console.error('drop failed', error));
}
process.exit(exitCode);
