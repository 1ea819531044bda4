import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './loop';

describe('startPeriodicJob', () => {
  afterEach(() => vi.useRealTimers());

  it('never overlaps passes, logs a failing pass and goes on, and stop waits for the pass', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let active = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => undefined;
    const job = startPeriodicJob(
      'test job',
      async () => {
        passes += 1;
        active += 1;
        most = Math.max(most, active);
        if (passes === 1) throw new Error('first pass fails');
        await new Promise<void>((resolve) => (release = resolve));
        active -= 1;
      },
      10,
      { error: (...args: unknown[]) => void errors.push(args) },
    );
    await vi.advanceTimersByTimeAsync(10); // pass 1 throws
    active = 0;
    await vi.advanceTimersByTimeAsync(10); // pass 2 starts and waits
    await vi.advanceTimersByTimeAsync(50); // ticks while pass 2 runs start nothing
    expect(passes).toBe(2);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(100);
    expect(passes).toBe(2);
  });
});
