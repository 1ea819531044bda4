/** The time source; injected so tests can move time (session and OTP expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoNow = (clock: Clock): string => clock.now().toISOString();

export const isoPlus = (clock: Clock, ms: number): string =>
  new Date(clock.now().getTime() + ms).toISOString();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
