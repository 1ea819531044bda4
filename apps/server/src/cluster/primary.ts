// The node:cluster primary of WORKERS=N on PostgreSQL (decision 0102). It serves nothing
// itself: it migrates and seeds once, forks N workers that share the one port (the primary
// accepts connections and hands them out in turn), and then only watches them:
// - a worker that dies is forked again after a short backoff (100 ms, doubling up to 5 s
//   while workers keep dying young), never while shutting down;
// - SIGTERM / SIGINT: every worker drains (worker.ts); the primary exits when they have, or
//   kills the ones still there after SHUTDOWN_GRACE_MS and a margin;
// - SIGHUP: a rolling restart, one worker at a time: fork its replacement, wait until it
//   listens, then drain the old one. The port never has fewer than N workers listening.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Config } from '../config';
import { createDatabase } from '../db/database';
import { getSetting } from '../modules/settings';
import { startPrimaryMetrics } from '../observability/cluster-metrics';
import { prepareDatabase, SHUTDOWN_MARGIN_MS, serverBanner } from './worker';

const RESTART_MIN_MS = 100;
const RESTART_MAX_MS = 5000;
/** A worker that lived this long resets the restart backoff. */
const HEALTHY_AFTER_MS = 10_000;
/** Longest wait for a (re)started worker to listen. */
const LISTEN_TIMEOUT_MS = 60_000;

interface Slot {
  worker: Worker;
  startedAt: number;
  /** Being drained on purpose (rolling restart, shutdown): its exit is not a crash. */
  retiring: boolean;
  listening: Promise<void>;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

const say = (line: string) => console.log(`[primary ${process.pid}] ${line}`);
const warn = (line: string) => console.error(`[primary ${process.pid}] ${line}`);

/** Is the chat widget on? A failure to read it counts as on (the warning errs to be seen). */
async function chatEnabled(config: Config): Promise<boolean> {
  const db = createDatabase(config);
  try {
    return await getSetting(db, 'enableChatWidget');
  } catch {
    return true;
  } finally {
    await db.destroy();
  }
}

export async function runPrimary(config: Config): Promise<void> {
  const target = config.processes.workers;
  const applied = await prepareDatabase(config);
  if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
  if (!config.chat.redisUrl) {
    const on = await chatEnabled(config);
    warn(
      on
        ? `WARNING: WORKERS=${target} with the chat on and no REDIS_URL: a chat message reaches only the sockets of the worker that stored it. Set REDIS_URL (decisions 0098, 0102).`
        : `note: WORKERS=${target} without REDIS_URL: turning the chat on needs REDIS_URL (decisions 0098, 0102).`,
    );
  }

  if (config.shared.counters === 'memory')
    warn(
      `WARNING: WORKERS=${target} with SHARED_COUNTERS=memory: each worker counts its own per-IP limits, so they allow ${target} times as much. Leave SHARED_COUNTERS=auto (decision 0103).`,
    );

  const slots = new Set<Slot>();
  let shuttingDown = false;
  let restartDelay = RESTART_MIN_MS;
  let port = config.port;

  const fork = (): Slot => {
    const worker = cluster.fork();
    const slot: Slot = {
      worker,
      startedAt: Date.now(),
      retiring: false,
      listening: new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`worker ${worker.id} did not listen within ${LISTEN_TIMEOUT_MS} ms`)),
          LISTEN_TIMEOUT_MS,
        );
        worker.once('listening', (address: { port: number }) => {
          clearTimeout(timer);
          if (address.port) port = address.port;
          say(`worker ${worker.process.pid} listening`);
          resolve();
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          reject(new Error(`worker ${worker.id} exited before listening`));
        });
      }),
      exited: new Promise((resolve) =>
        worker.once('exit', (code: number | null, signal: string | null) =>
          resolve({ code, signal }),
        ),
      ),
    };
    slot.listening.catch(() => undefined);
    slots.add(slot);
    void slot.exited.then(({ code, signal }) => {
      slots.delete(slot);
      if (shuttingDown || slot.retiring) return;
      const lived = Date.now() - slot.startedAt;
      restartDelay =
        lived >= HEALTHY_AFTER_MS
          ? RESTART_MIN_MS
          : Math.min(RESTART_MAX_MS, Math.max(RESTART_MIN_MS, restartDelay * 2));
      const delay = lived >= HEALTHY_AFTER_MS ? RESTART_MIN_MS : restartDelay;
      warn(
        `worker ${worker.process.pid} died (${signal ?? `code ${code}`}) after ${lived} ms; starting another in ${delay} ms`,
      );
      setTimeout(() => {
        if (!shuttingDown) fork();
      }, delay).unref();
    });
    return slot;
  };

  /** Drains one worker (SIGTERM: worker.ts) and waits for it, killing it past the grace. */
  const retire = async (slot: Slot): Promise<void> => {
    slot.retiring = true;
    slot.worker.process.kill('SIGTERM');
    const limit = config.processes.shutdownGraceMs + SHUTDOWN_MARGIN_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      slot.exited.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), limit))),
    ]);
    clearTimeout(timer);
    if (late) {
      warn(`worker ${slot.worker.process.pid} still there ${limit} ms after SIGTERM: killing it`);
      slot.worker.process.kill('SIGKILL');
      await slot.exited;
    }
  };

  let rolls = 0;
  const roll = async (): Promise<void> => {
    const n = ++rolls;
    const old = [...slots].filter((s) => !s.retiring);
    say(`rolling restart ${n}: ${old.length} workers`);
    for (const slot of old) {
      if (shuttingDown) return;
      if (!slots.has(slot)) continue; // died meanwhile: its replacement is already new code
      const fresh = fork();
      try {
        await fresh.listening;
      } catch (error) {
        warn(
          `rolling restart ${n} stopped: the replacement did not start (${error instanceof Error ? error.message : error}); the old workers keep serving`,
        );
        return;
      }
      await retire(slot);
    }
    say(`rolling restart ${n} done: ${slots.size} workers`);
  };
  let rolling: Promise<void> = Promise.resolve();

  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) return;
    shuttingDown = true;
    say(`${signal}: draining ${slots.size} workers`);
    await Promise.all([...slots].map((slot) => retire(slot)));
    say('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => {
    if (shuttingDown) return;
    rolling = rolling.then(roll, roll);
  });

  // /metrics answered by any worker carries every worker's figures (decision 0105).
  startPrimaryMetrics();
  const first = Array.from({ length: target }, () => fork());
  await Promise.all(first.map((slot) => slot.listening));
  console.log(serverBanner(config, port, target));
}
