import { useCallback, useRef, useState } from 'react';

export type ActionOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * One async action at a time, and its pending state: the guard of every money button
 * (issue 26). The running flag is a ref set before the action starts, so a second press in
 * the same JavaScript task (two clicks, a click and an Enter, before React renders the
 * button busy) is ignored: `run` answers null and nothing is sent. State such as a
 * mutation's `isPending` or the Button's `pending` only applies after a render, too late for
 * that second press. Outside TanStack Query too (login, logout), so it needs no query client.
 */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A): Promise<ActionOutcome<R> | null> => {
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
