// A cluster worker for the /metrics aggregation test (observability/cluster-metrics.int.test.ts):
// the real installMetrics on a small app, a SQLite database in memory for the pool figure,
// and one database figure that must appear once, not once per worker.
import Fastify from 'fastify';
import { createDatabase } from '../src/db/database';
import { installMetrics } from '../src/observability/metrics';

const db = createDatabase({ database: { kind: 'sqlite', path: ':memory:' } });
const app = Fastify();
installMetrics(app, {
  config: { env: 'test', metrics: { token: undefined, dbCacheMs: 0 } },
  db,
  sources: [
    {
      gauges: [{ name: 'wallet_test_db_rows', help: 'A database figure.', labelNames: [] }],
      read: async () => [{ gauge: 'wallet_test_db_rows', labels: {}, value: 7 }],
    },
  ],
});
app.get('/hello/:name', async () => ({ pid: process.pid }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.METRICS_TEST_PORT) });
process.send?.({ type: 'test:listening' });
