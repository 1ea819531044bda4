// The QR countdown (spec section 4): mm:ss, ticking every second, discarded at 00:00.

/** Seconds left until `deadline` (ms since epoch), never negative, rounded up. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 125 -> "02:05"; minutes are not capped at 59 (a 90-minute QR reads "90:00"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
