// The console's idle timeout (decision 0087). The server ends a session after
// `idleMinutes` without a call; the console mirrors that with the operator's own activity
// (pointer, keys, wheel, touch): one minute before the end it warns, at the end it signs
// out and says why. While the operator is active but the page makes no calls (reading a
// long list), it calls GET /api/operator/me once per half idle period, so the server does
// not end a session the operator is using.
import { useCallback, useEffect, useRef, useState } from 'react';
import { routes } from '@wallet/contract/routes';
import { callApi } from '@/lib/api';
import { lastApiCallAt } from '@/lib/session';

const WARN_BEFORE_MS = 60_000;
const TICK_MS = 1_000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

export interface IdleState {
  /** Seconds left when the warning shows, else null. */
  warningSeconds: number | null;
  /** The operator chose to stay: counts as activity. */
  stay: () => void;
}

export function useIdleTimeout(idleMinutes: number, onIdle: () => void): IdleState {
  const idleMs = idleMinutes * 60_000;
  const lastActivity = useRef(Date.now());
  const [warningSeconds, setWarningSeconds] = useState<number | null>(null);
  const warning = useRef(false);
  const fired = useRef(false);
  const pinging = useRef(false);
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  const keepAlive = useCallback(() => {
    const now = Date.now();
    if (pinging.current || now - Math.max(lastApiCallAt(), 0) < idleMs / 2) return;
    pinging.current = true;
    void callApi(routes.operator.me)
      .catch(() => undefined)
      .finally(() => {
        pinging.current = false;
      });
  }, [idleMs]);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    warning.current = false;
    setWarningSeconds(null);
    keepAlive();
  }, [keepAlive]);

  useEffect(() => {
    // While the warning shows, only its buttons count: a stray mouse move must not hide it.
    const onActivity = () => {
      if (warning.current) return;
      lastActivity.current = Date.now();
      keepAlive();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true });
    const timer = setInterval(() => {
      const left = idleMs - (Date.now() - lastActivity.current);
      if (left <= 0) {
        if (!fired.current) {
          fired.current = true;
          onIdleRef.current();
        }
      } else if (left <= WARN_BEFORE_MS) {
        warning.current = true;
        setWarningSeconds(Math.ceil(left / 1000));
      } else if (warning.current) {
        warning.current = false;
        setWarningSeconds(null);
      }
    }, TICK_MS);
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity);
      clearInterval(timer);
    };
  }, [idleMs, keepAlive]);

  return { warningSeconds, stay };
}
