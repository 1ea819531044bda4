import { readFileSync } from 'node:fs';

/** The time source; injected so tests can move time (session and OTP expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock ahead of the system's by the milliseconds written in `path` (an integer; a
 * missing or unreadable file is 0), read at most every 250 ms. Development and tests only
 * (DEV_CLOCK_FILE, refused in production): a tester moves the server a week on to receive
 * last week's refund, without touching the machine's time.
 */
export function fileOffsetClock(path: string, base: Clock = systemClock): Clock {
  let offset = 0;
  let readAt = -Infinity;
  const currentOffset = () => {
    const at = Date.now();
    if (at - readAt < 250) return offset;
    readAt = at;
    try {
      const value = Number(readFileSync(path, 'utf8').trim());
      offset = Number.isSafeInteger(value) ? value : 0;
    } catch {
      offset = 0;
    }
    return offset;
  };
  return { now: () => new Date(base.now().getTime() + currentOffset()) };
}

export const isoNow = (clock: Clock): string => clock.now().toISOString();

export const isoPlus = (clock: Clock, ms: number): string =>
  new Date(clock.now().getTime() + ms).toISOString();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
