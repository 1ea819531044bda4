import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS, fileOffsetClock } from './clock';

describe('fileOffsetClock (DEV_CLOCK_FILE, decision 0085)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-clock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { now: () => new Date('2026-11-25T00:00:00.000Z') };

  it('runs ahead by the file, follows a change within 250 ms, and is the base without a file', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const path = join(dir, 'offset');
      const clock = fileOffsetClock(path, base);
      expect(clock.now().toISOString()).toBe('2026-11-25T00:00:00.000Z');
      writeFileSync(path, String(7 * DAY_MS));
      vi.advanceTimersByTime(300);
      expect(clock.now().toISOString()).toBe('2026-12-02T00:00:00.000Z');
      writeFileSync(path, 'not a number');
      vi.advanceTimersByTime(300);
      expect(clock.now().toISOString()).toBe('2026-11-25T00:00:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});
