// Fault mode for the reliability test T5 (docs/decisions/0010-game-provider-simulation.md).
// Every faultable request draws one number from a seeded PRNG, in arrival order, so the
// same seed and the same request order give the same faults: a failing run can be replayed.

import { mulberry32 } from '../../lib/random';

export { mulberry32 };

export const faultKinds = [
  'noAnswer',
  'http500',
  'slow',
  'appliedAnswerLost',
  'duplicate',
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultSettings {
  /** Probabilities 0..1, checked in this order against one draw; they sum to at most 1. */
  noAnswer: number;
  http500: number;
  slow: number;
  appliedAnswerLost: number;
  duplicate: number;
  /** Delay of a slow answer; a held (no answer) request is dropped after slowMs * 3. */
  slowMs: number;
  seed: number;
}

export const noFaults: FaultSettings = {
  noAnswer: 0,
  http500: 0,
  slow: 0,
  appliedAnswerLost: 0,
  duplicate: 0,
  slowMs: 0,
  seed: 1,
};

/** Longest a no-answer request is held before its socket is destroyed. */
export const MAX_HOLD_MS = 30_000;
export const FAULT_LOG_CAPACITY = 1000;

export type FaultTarget = 'transfer' | 'balance';

export interface FaultDecision {
  /** 1-based position of the request among those that drew since the settings were set. */
  n: number;
  target: FaultTarget;
  code: string;
  /** The transfer ref or the username the request named. */
  subject: string;
  fault: FaultKind | null;
}

/** Picks the fault for one draw `u` in [0, 1) by cumulative probability, or null. */
export function pickFault(settings: FaultSettings, u: number): FaultKind | null {
  let edge = 0;
  for (const kind of faultKinds) {
    edge += settings[kind];
    if (u < edge) return kind;
  }
  return null;
}

export function holdMs(settings: FaultSettings): number {
  return settings.slowMs > 0 ? Math.min(settings.slowMs * 3, MAX_HOLD_MS) : MAX_HOLD_MS;
}

export class FaultInjector {
  private current: FaultSettings = { ...noFaults };
  private random: () => number = mulberry32(noFaults.seed);
  private drawn = 0;
  private readonly counts = new Map<FaultKind, number>();
  private readonly log: FaultDecision[] = [];
  /** Internal re-deliveries of `duplicate` faults, and how many of them moved money (must stay 0). */
  duplicatesDelivered = 0;
  duplicatesApplied = 0;

  get settings(): FaultSettings {
    return { ...this.current };
  }

  get active(): boolean {
    return faultKinds.some((kind) => this.current[kind] > 0);
  }

  /** Replaces the settings and restarts the sequence from the seed. */
  set(settings: FaultSettings): void {
    this.current = { ...settings };
    this.random = mulberry32(settings.seed);
    this.drawn = 0;
    this.counts.clear();
    this.log.length = 0;
    this.duplicatesDelivered = 0;
    this.duplicatesApplied = 0;
  }

  /** One draw per faultable request; no draw at all while every probability is zero. */
  decide(target: FaultTarget, code: string, subject: string): FaultKind | null {
    if (!this.active) return null;
    this.drawn += 1;
    const fault = pickFault(this.current, this.random());
    if (fault) this.counts.set(fault, (this.counts.get(fault) ?? 0) + 1);
    this.log.push({ n: this.drawn, target, code, subject, fault });
    if (this.log.length > FAULT_LOG_CAPACITY) this.log.shift();
    return fault;
  }

  /** Settings plus what happened since they were set (GET/PUT /provider/faults). */
  report() {
    return {
      ...this.current,
      active: this.active,
      drawn: this.drawn,
      counts: Object.fromEntries(faultKinds.map((kind) => [kind, this.counts.get(kind) ?? 0])),
      duplicatesDelivered: this.duplicatesDelivered,
      duplicatesApplied: this.duplicatesApplied,
      recent: this.log.slice(-100),
    };
  }

  /** The newest decisions, oldest first (at most 1,000 are kept). */
  decisions(): FaultDecision[] {
    return [...this.log];
  }
}
