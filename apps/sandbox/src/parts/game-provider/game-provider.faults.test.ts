import { describe, expect, it } from 'vitest';
import {
  FAULT_LOG_CAPACITY,
  FaultInjector,
  MAX_HOLD_MS,
  holdMs,
  mulberry32,
  noFaults,
  pickFault,
} from './game-provider.faults.js';

const t5 = {
  noAnswer: 0.2,
  http500: 0.1,
  slow: 0.1,
  appliedAnswerLost: 0.1,
  duplicate: 0.05,
  slowMs: 100,
  seed: 42,
};

describe('mulberry32', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const seqA = Array.from({ length: 20 }, a);
    expect(Array.from({ length: 20 }, b)).toEqual(seqA);
    expect(Array.from({ length: 20 }, c)).not.toEqual(seqA);
    for (const u of seqA) {
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
  });
});

describe('pickFault', () => {
  it('maps a draw to the fault whose cumulative band holds it', () => {
    expect(pickFault(t5, 0)).toBe('noAnswer');
    expect(pickFault(t5, 0.199)).toBe('noAnswer');
    expect(pickFault(t5, 0.2)).toBe('http500');
    expect(pickFault(t5, 0.35)).toBe('slow');
    expect(pickFault(t5, 0.45)).toBe('appliedAnswerLost');
    expect(pickFault(t5, 0.52)).toBe('duplicate');
    expect(pickFault(t5, 0.55)).toBeNull();
    expect(pickFault(noFaults, 0)).toBeNull();
  });

  it('hits each fault about as often as asked over many draws', () => {
    const random = mulberry32(1);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 20_000; i += 1) {
      const fault = pickFault(t5, random()) ?? 'none';
      counts[fault] = (counts[fault] ?? 0) + 1;
    }
    expect(counts.noAnswer! / 20_000).toBeCloseTo(0.2, 1);
    expect(counts.duplicate! / 20_000).toBeCloseTo(0.05, 1);
    expect(counts.none! / 20_000).toBeCloseTo(0.45, 1);
  });
});

describe('holdMs', () => {
  it('holds for three slow delays, never longer than 30 s', () => {
    expect(holdMs({ ...t5, slowMs: 100 })).toBe(300);
    expect(holdMs({ ...t5, slowMs: 20_000 })).toBe(MAX_HOLD_MS);
    expect(holdMs({ ...t5, slowMs: 0 })).toBe(MAX_HOLD_MS);
  });
});

describe('FaultInjector', () => {
  it('draws nothing while off', () => {
    const faults = new FaultInjector();
    expect(faults.active).toBe(false);
    expect(faults.decide('transfer', 'JOKER', 'r1')).toBeNull();
    expect(faults.report().drawn).toBe(0);
  });

  it('replays the same fault sequence from the same seed, and restarts on set', () => {
    const run = (faults: FaultInjector) =>
      Array.from({ length: 200 }, (_, i) => faults.decide('transfer', 'PG', `r${i}`));
    const first = new FaultInjector();
    first.set(t5);
    const sequence = run(first);
    const second = new FaultInjector();
    second.set(t5);
    expect(run(second)).toEqual(sequence);
    first.set(t5); // the same settings again start over
    expect(run(first)).toEqual(sequence);
    const other = new FaultInjector();
    other.set({ ...t5, seed: 43 });
    expect(run(other)).not.toEqual(sequence);
    expect(new Set(sequence)).toEqual(
      new Set(['noAnswer', 'http500', 'slow', 'appliedAnswerLost', 'duplicate', null]),
    );
  });

  it('counts and logs its decisions, keeping the newest 1,000', () => {
    const faults = new FaultInjector();
    faults.set({ ...noFaults, http500: 1, seed: 5 });
    for (let i = 0; i < FAULT_LOG_CAPACITY + 10; i += 1) faults.decide('balance', 'UFABET', 'u');
    const report = faults.report();
    expect(report.drawn).toBe(FAULT_LOG_CAPACITY + 10);
    expect(report.counts.http500).toBe(FAULT_LOG_CAPACITY + 10);
    expect(report.recent).toHaveLength(100);
    const log = faults.decisions();
    expect(log).toHaveLength(FAULT_LOG_CAPACITY);
    expect(log[0]).toEqual({
      n: 11,
      target: 'balance',
      code: 'UFABET',
      subject: 'u',
      fault: 'http500',
    });
  });

  it('turns off when every probability is set to zero', () => {
    const faults = new FaultInjector();
    faults.set(t5);
    expect(faults.active).toBe(true);
    faults.set(noFaults);
    expect(faults.active).toBe(false);
    expect(faults.decide('transfer', 'PG', 'r')).toBeNull();
  });
});
