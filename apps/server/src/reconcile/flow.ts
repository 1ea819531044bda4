// What a module tells the reconcile kernel about one of its "outcome unknown, settle it later"
// tables (architecture.md invariant 6; decision 0061). The kernel owns the bookkeeping columns
// every such table has, and nothing else:
//   next_attempt_at  when a worker may take the item next; NULL = nothing left to do (settled,
//                    or waiting for a person). While an item is worked, it holds the lease's
//                    end, so a process that dies mid-item leaves it due again once that passes.
//   attempts         how many times a worker (a request or a reconciler) took the item.
//   last_error       why the last attempt did not settle it.
// The module keeps its own state machine: its status names, what "settled" means, and the
// writes that settle an item (which set next_attempt_at to NULL in the same transaction).
import type { Selectable } from 'kysely';
import type { Database } from '../db/schema';

/** The tables that carry the kernel's columns. */
export type ReconcileTable = {
  [T in keyof Database]: Database[T] extends {
    next_attempt_at: string | null;
    last_error: string | null;
  }
    ? T
    : never;
}[keyof Database];

/** The kernel's columns as read (every ReconcileTable has them). */
export interface KernelColumns {
  id: number;
  next_attempt_at: string | null;
  attempts: number;
  last_error: string | null;
}

export type ReconcileRow<T extends ReconcileTable> = Selectable<Database[T]> & KernelColumns;

/** What `resolve` learnt about an item. `outcome` names it in the pass's report. */
export type Resolution =
  /** Final: the module has settled the item (and closed it). */
  | { kind: 'settled'; outcome?: string }
  /** Known but not final yet (e.g. a QR nobody has paid): look again after `afterMs`. */
  | { kind: 'open'; afterMs: number; outcome?: string }
  /** Outcome still unknown: look again after the backoff (or `afterMs`). */
  | { kind: 'retry'; error: unknown; afterMs?: number; outcome?: string }
  /** The kernel stops; a person decides (the module records why in its own columns; the
   * reason is for the log). */
  | { kind: 'review'; reason: string; outcome?: string };

/** Capped exponential backoff with jitter: base * 2^(attempts-1), at most maxMs. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** The wait is shortened by up to this fraction at random, so retries spread out. */
  jitter?: number;
}

export interface Flow<T extends ReconcileTable = ReconcileTable> {
  /** Names the flow in logs and reports, e.g. 'game-transfers'. */
  name: string;
  table: T;
  /** How often a pass runs. */
  intervalMs: number;
  /** How long a worker holds an item before another may take it over. */
  leaseMs: number;
  backoff: BackoffPolicy;
  /** Items taken per pass (default 100). */
  batch?: number;
  /** Items worked at once within a pass (default 1). */
  concurrency?: number;
  /**
   * Asks the outside party about one item the kernel holds (its `attempts` already counts
   * this take) and applies a definite answer. `count` adds to a named figure of the report
   * (e.g. 'resent'). A thrown error is a `retry`.
   */
  resolve(row: ReconcileRow<T>, count: (figure: string) => void): Promise<Resolution>;
}

/** One pass of one flow: the same shape for every flow, in reports and logs. */
export interface FlowReport {
  flow: string;
  /** Due items seen. */
  due: number;
  /** Items this pass took (the others were taken first by another worker). */
  claimed: number;
  settled: number;
  open: number;
  retry: number;
  review: number;
  /** Figures named by the module: resolutions' `outcome`s and `count` calls. */
  outcomes: Record<string, number>;
}
