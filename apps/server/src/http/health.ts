// Health checks for a load balancer or an orchestrator (decision 0102), outside the contract's
// /api tree: no auth, no rate limit, no secrets in the answers.
// - GET /healthz: the process is alive (the event loop answers): 200 { status: 'ok' }.
// - GET /readyz: this process should get traffic: the database answers a query, every
//   migration this code knows is applied, and the process is not draining. 200 with the
//   checks, or 503 naming the first that failed ({ status: 'unavailable', failed, checks }).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/** A database that has not answered by then counts as down (a balancer's check times out too). */
export const READY_DB_TIMEOUT_MS = 3000;

type Check = 'ok' | 'failed' | 'skipped';
export interface ReadyAnswer {
  status: 'ok' | 'unavailable';
  failed?: 'draining' | 'database' | 'migrations';
  checks: { draining: Check; database: Check; migrations: Check };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(app: FastifyInstance, db: Db): void {
  // Once every migration was seen applied, it stays so for this process's code.
  let migrationsDone = false;
  const noStore = { 'cache-control': 'no-store' };

  // Polled every few seconds by a balancer: not worth an info line per check.
  const quiet = { logLevel: 'warn' as const };

  app.get('/healthz', quiet, (_request, reply) => {
    void reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', quiet, async (_request, reply) => {
    const answer: ReadyAnswer = {
      status: 'ok',
      checks: { draining: 'ok', database: 'skipped', migrations: 'skipped' },
    };
    const fail = (check: NonNullable<ReadyAnswer['failed']>) => {
      answer.status = 'unavailable';
      answer.failed ??= check;
      answer.checks[check] = 'failed';
    };
    if (app.lifecycle.draining) fail('draining');
    else {
      try {
        await withTimeout(sql`select 1`.execute(db), READY_DB_TIMEOUT_MS);
        answer.checks.database = 'ok';
      } catch (error) {
        app.log.warn({ err: error }, 'readiness: the database did not answer');
        fail('database');
      }
      if (answer.checks.database === 'ok') {
        try {
          if (!migrationsDone)
            migrationsDone =
              (await withTimeout(pendingMigrations(db), READY_DB_TIMEOUT_MS)).length === 0;
          if (migrationsDone) answer.checks.migrations = 'ok';
          else fail('migrations');
        } catch {
          fail('migrations'); // no migration table yet
        }
      }
    }
    return reply
      .code(answer.status === 'ok' ? 200 : 503)
      .headers(noStore)
      .send(answer);
  });
}
