// The reality check's timing (issue 28, decision 0144): every N minutes of the signed-in
// session, counted from the session's start (the server's `session.startedAt`), never by
// adding up timer ticks, so a tab that slept or a throttled timer does not drift: each check
// compares the clock with the start.

const MINUTE = 60_000;
/** The longest a timer waits before looking at the clock again. */
export const REALITY_CHECK_POLL_MS = 30_000;

/** How many whole intervals have passed since the start (0 before the first). */
export function intervalsPassed(startedAt: number, minutes: number, now: number): number {
  if (minutes <= 0 || !Number.isFinite(startedAt)) return 0;
  return Math.max(0, Math.floor((now - startedAt) / (minutes * MINUTE)));
}

/** How long to wait before looking again: to the next interval's end, at most the poll. */
export function delayToNext(startedAt: number, minutes: number, now: number): number {
  const next = startedAt + (intervalsPassed(startedAt, minutes, now) + 1) * minutes * MINUTE;
  return Math.min(REALITY_CHECK_POLL_MS, Math.max(1_000, next - now));
}

/** Whole hours and minutes since the start, for the dialog. */
export function elapsedParts(startedAt: number, now: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((now - startedAt) / MINUTE));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

const SEEN_KEY = 'reality-check-seen';

/** The last interval the member answered, for this session (sessionStorage). */
export function readSeen(startedAt: string): number {
  try {
    const [at, count] = (sessionStorage.getItem(SEEN_KEY) ?? '').split('|');
    return at === startedAt ? Number(count) || 0 : 0;
  } catch {
    return 0;
  }
}

export function writeSeen(startedAt: string, count: number): void {
  try {
    sessionStorage.setItem(SEEN_KEY, `${startedAt}|${count}`);
  } catch {
    // Private mode without storage: the check may show again after a reload.
  }
}
