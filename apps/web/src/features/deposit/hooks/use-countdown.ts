import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from '@/features/deposit/lib/countdown';

/** Spec section 9: the QR countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * Seconds left until `deadline` (ms since epoch), re-rendering every second; `onZero` runs
 * once when it reaches 0. Null while there is no deadline.
 */
export function useCountdown(deadline: number | null, onZero: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const zero = useRef(onZero);
  useEffect(() => {
    zero.current = onZero;
  }, [onZero]);

  useEffect(() => {
    if (deadline === null) return;
    const start = Date.now();
    setNow(start);
    if (secondsLeft(deadline, start) <= 0) {
      zero.current();
      return;
    }
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (secondsLeft(deadline, current) <= 0) {
        clearInterval(timer);
        zero.current();
      }
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  return deadline === null ? null : secondsLeft(deadline, now);
}
