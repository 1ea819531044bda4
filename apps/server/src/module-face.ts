// What a server module shows the composition level (decision 0136): each modules/<m>/index.ts
// exports one `face`, and modules/index.ts lists them in order. app.ts registers the hooks and
// routes, jobs/reconcile-flows.ts starts the flows, observability/sources.ts reads the gauges'
// rows and the orphan-file sweep asks which stored files the rows name, all from that one
// list. Below the modules (like deps.ts): it names no module.
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { AppDeps } from './deps';
import type { Flow, ReconcileTable } from './reconcile';

/** Which of `keys` (stored files) a module's rows name (the orphan-file sweep, decision 0099). */
export type KeysNamed = (db: Db, keys: readonly string[]) => Promise<string[]>;

/** One value of a /metrics gauge read from the database (decision 0105). */
export interface GaugeRow {
  labels: Record<string, string>;
  value: number;
}

/**
 * A module's part of a /metrics gauge read at scrape time: the gauge (its name, help and
 * labels are declared once, in observability/sources.ts) and how to read the rows.
 */
export interface GaugeRows {
  gauge: string;
  read(): Promise<GaugeRow[]>;
}

export interface ModuleFace {
  /** The module's folder under modules/. */
  readonly name: string;
  /**
   * onRequest hooks on every request, added before any route (the auth module's wallet-user
   * header, the site module's 'gone'), in the list's order.
   */
  readonly onRequest?: (deps: AppDeps) => onRequestHookHandler;
  /** Its route plugins, each registered (encapsulated) in this order. */
  readonly routes?: readonly FastifyPluginAsync[];
  /** When present, the routes are registered only if it answers true (the OpenAPI document). */
  readonly routesWhen?: (config: Config) => boolean;
  /** Its "outcome unknown, settle it later" flows (decision 0061). */
  readonly flows?: (deps: AppDeps) => Flow<ReconcileTable>[];
  /** Its rows of the database gauges of /metrics (decision 0105). */
  readonly gauges?: (deps: AppDeps) => GaugeRows[];
  /** Which stored files its rows name: a file no module names is swept (decision 0099). */
  readonly fileKeys?: KeysNamed;
}

/** Rows `{ status, n }` (a count…ByStatus) as a gauge's values, with `labels` on each. */
export const byStatus = (
  rows: readonly { status: string; n: number }[],
  labels: Record<string, string> = {},
): GaugeRow[] => rows.map((row) => ({ labels: { ...labels, status: row.status }, value: row.n }));
