// /metrics (and /healthz, when the server has it) answered while 16 clients move money
// (issue 15 "Metrics and health answered under load"; decision 0105). Real HTTP on 127.0.0.1,
// bounded in count and time: 16 members each transfer wallet -> PG -> wallet, while one more
// client scrapes every 50 ms. Prints the latencies; fails on any refused or failed answer.
import { WALLET_USER_HEADER, WALLET_USER_VALUE } from '@wallet/contract';
import { expect, it } from 'vitest';
import { activate, newMember } from '../../test/game-support';
import { forEachDialect } from '../../test/helpers';

const CLIENTS = 16;
const ROUNDS = 15; // each round: one transfer in, one out
const TIME_LIMIT_MS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `n=${sorted.length} p50=${percentile(sorted, 50).toFixed(1)} p99=${percentile(sorted, 99).toFixed(1)} max=${sorted.at(-1)!.toFixed(1)} ms`;
};

forEachDialect(
  'metrics under load',
  (get) => {
    it(`answers /metrics while ${CLIENTS} clients transfer`, async () => {
      const t = get();
      const members = [];
      for (let i = 0; i < CLIENTS; i++) {
        const m = await newMember(t, 1000);
        await activate(t, m, 'PG');
        members.push(m);
      }
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const deadline = Date.now() + TIME_LIMIT_MS;
      let key = 0;
      const money = { transfers: 0, failed: 0, ms: [] as number[] };
      const client = async (token: string) => {
        for (let round = 0; round < ROUNDS && Date.now() < deadline; round++) {
          for (const [from, to] of [
            ['WALLET', 'PG'],
            ['PG', 'WALLET'],
          ]) {
            const started = performance.now();
            const res = await fetch(`${address}/api/wallet/transfer`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': `load-${process.pid}-${++key}`,
                [WALLET_USER_HEADER]: WALLET_USER_VALUE,
              },
              body: JSON.stringify({ from, to, amount: 10 }),
            });
            await res.arrayBuffer();
            money.ms.push(performance.now() - started);
            money.transfers++;
            if (res.status !== 200) money.failed++;
          }
        }
      };
      const health = t.app.hasRoute({ method: 'GET', url: '/healthz' });
      const probes: Record<string, { ms: number[]; failed: number }> = {
        '/metrics': { ms: [], failed: 0 },
        ...(health ? { '/healthz': { ms: [], failed: 0 } } : {}),
      };
      let loading = true;
      const scraper = async () => {
        while (loading && Date.now() < deadline) {
          for (const [path, probe] of Object.entries(probes)) {
            const started = performance.now();
            const res = await fetch(`${address}${path}`);
            await res.arrayBuffer();
            probe.ms.push(performance.now() - started);
            if (res.status !== 200) probe.failed++;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const scraping = scraper();
      const cpuBefore = process.cpuUsage();
      await Promise.all(members.map((m) => client(m.token)));
      loading = false;
      await scraping;
      const cpu = process.cpuUsage(cpuBefore);

      console.log(
        `[${t.dialect}] ${CLIENTS} clients: transfers ${summary(money.ms)} (${money.failed} not 200); ` +
          Object.entries(probes)
            .map(([path, probe]) => `${path} ${summary(probe.ms)} (${probe.failed} not 200)`)
            .join('; ') +
          `; server+clients CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms` +
          (health ? '' : '; no /healthz on this server yet'),
      );
      expect(money.transfers).toBeGreaterThan(0);
      expect(money.failed).toBe(0);
      for (const probe of Object.values(probes)) {
        expect(probe.ms.length).toBeGreaterThan(3);
        expect(probe.failed).toBe(0);
      }
      // The money figure saw the load (read from the database, not this process's memory),
      // once the cached read has expired.
      await new Promise((r) => setTimeout(r, 1100));
      const text = await (await fetch(`${address}/metrics`)).text();
      const posted = /^wallet_game_transfers\{direction="in",status="POSTED"\} (\d+)$/m.exec(text);
      expect(Number(posted?.[1])).toBeGreaterThanOrEqual(money.transfers / 2);
    }, 60_000);
  },
  { metrics: { token: undefined, dbCacheMs: 1000 } },
);
