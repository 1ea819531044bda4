// Several processes (node:cluster, decision 0105): a scrape answered by any worker carries
// every worker's request figures (summed by the primary's AggregatorRegistry) and the
// database figures once, not once per worker.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startPrimaryMetrics } from './cluster-metrics';

const WORKER = fileURLToPath(new URL('../../test/metrics-cluster-worker.ts', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function sumOf(text: string, name: string, labelPart = ''): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => line.includes(labelPart))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe('metrics with node:cluster', () => {
  const workers: Worker[] = [];
  let stopPrimary: (() => void) | undefined;

  afterAll(async () => {
    stopPrimary?.();
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.kill('SIGTERM');
          }),
      ),
    );
  });

  it('sums the workers per-process figures and adds the database figures once', async () => {
    stopPrimary = startPrimaryMetrics();
    const port = await freePort();
    cluster.setupPrimary({ exec: WORKER, execArgv: ['--import', 'tsx'], silent: true });
    for (let i = 0; i < 2; i++) {
      const worker = cluster.fork({ METRICS_TEST_PORT: String(port) });
      workers.push(worker);
    }
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('worker did not start')), 20_000);
            worker.on('message', (message: { type?: string }) => {
              if (message.type !== 'test:listening') return;
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );

    // New connections each (no keep-alive): the primary hands them out round-robin.
    const pids = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/hello/n${i}`, {
        headers: { connection: 'close' },
      });
      pids.add(((await res.json()) as { pid: number }).pid);
    }
    expect(pids.size).toBe(2);

    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { connection: 'close' },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sumOf(text, 'wallet_server_processes')).toBe(2);
      expect(
        sumOf(text, 'wallet_http_request_duration_seconds_count', 'route="/hello/:name"'),
      ).toBe(20);
      expect(sumOf(text, 'wallet_test_db_rows')).toBe(7);
      expect(sumOf(text, 'wallet_db_pool_connections', 'state="total"')).toBe(2);
      // Node's figures of both processes, once each metric.
      expect(text.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
    }
  }, 60_000);
});
