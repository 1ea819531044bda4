// The server side of `npm run bench:chat` (bench/chat-load.ts, decision 0098): the real app
// (migrations, seed, buildApp, Socket.IO) on a scratch SQLite file, listening on a free
// loopback port, chat switched on. Run by the bench with --expose-gc and an IPC channel:
// it sends `{ port }` once listening and answers `'memory'` with process.memoryUsage() taken
// after a full garbage collection, and stops on `'stop'` (or when the bench goes away).
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { systemClock } from '../../src/lib/clock';
import { PasswordHasher } from '../../src/modules/auth';
import { setSetting } from '../../src/modules/settings';
import { seed } from '../../src/seed';

if (!process.send) throw new Error('chat-load-server runs under bench/chat-load.ts (IPC)');
const send = (message: unknown) => process.send?.(message);

const config = loadConfig();
const db = createDatabase(config);
await migrateToLatest(db);
await seed({ db, clock: systemClock, config, passwords: new PasswordHasher(config.argon2) });
await setSetting(db, systemClock, 'enableChatWidget', true);
const app = await buildApp({ config, db });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message === 'memory') {
    gc?.();
    gc?.();
    send({ memory: process.memoryUsage(), gc: Boolean(gc) });
  } else if (message === 'stop') {
    void app
      .close()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  }
});
// The bench went away without saying stop: do not outlive it.
process.on('disconnect', () => process.exit(0));
send({ port });
