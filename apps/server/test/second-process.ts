// A second "server process" on a TestApp's database (issue 15): its own database handle (its
// own pool, or its own SQLite connection to the same file), its own app and in-process state,
// sharing with the first only what the database (or Redis) shares.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/database';
import { createDatabase } from '../src/db/database';
import type { SharedCounter } from '../src/ports/shared-counter';
import type { TestApp } from './helpers';

export interface SecondProcess {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export async function startSecondProcess(
  t: TestApp,
  overrides: Partial<Config> = {},
  options: { counters?: SharedCounter } = {},
): Promise<SecondProcess> {
  const config = { ...t.config, ...overrides };
  const db = createDatabase(config);
  const app = await buildApp({
    config,
    db,
    clock: t.clock,
    sms: t.sms,
    payoutRail: t.payouts,
    gameProvider: t.games,
    qrGateway: t.qr,
    giftLinks: t.gifts,
    slipVerifier: t.slipBank,
    fileStore: t.files,
    ...(options.counters ? { counters: options.counters } : {}),
  });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
