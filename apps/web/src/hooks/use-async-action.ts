import { useCallback, useRef, useState } from 'react';

/**
 * Pending state for one async action, ignoring a second start while one runs. For the few
 * screens that stay outside TanStack Query (login), so they need no query client.
 */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A): Promise<{ ok: true; value: R } | { ok: false; error: unknown } | null> => {
      if (running.current) return null;
      running.current = true;
      setPending(true);
      try {
        return { ok: true, value: await action(...args) };
      } catch (error) {
        return { ok: false, error };
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending };
}
