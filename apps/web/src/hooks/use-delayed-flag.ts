import { useEffect, useState } from 'react';

/** Spec section 9: a loader shows only after 200 ms, so quick calls never flash a spinner. */
export const LOADER_DELAY_MS = 200;

export function useDelayedFlag(active: boolean, delayMs = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
