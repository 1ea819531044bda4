import { useEffect, useState } from 'react';

// When the member app fetches what the first screen does not need (decisions 0100, 0020,
// 0137): once the page has gone idle and then the member interacts, or a few seconds pass.
// The first load of /login and /user/home carries none of it (it would compete with the
// page's own first render), yet it is there before anyone looks for it: the chat widget, and
// the second catalogue part that other screens and dialogs read.

/** Until the member does something, the wait after the page went idle. */
export const QUIET_DELAY_MS = 4000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Calls `start` once: after the page went idle, at the member's first interaction or
 * QUIET_DELAY_MS later, whichever comes first. Answers a function that cancels it.
 */
export function whenEngaged(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;
  const stop = () => {
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, done);
  };
  function done() {
    stop();
    start();
  }
  const listen = () => {
    idleHandle = undefined;
    for (const type of INTERACTIONS)
      window.addEventListener(type, done, { once: true, passive: true });
    timer = setTimeout(done, QUIET_DELAY_MS);
  };
  if ('requestIdleCallback' in window)
    idleHandle = window.requestIdleCallback(listen, { timeout: 3000 });
  else timer = setTimeout(listen, 1500);
  return stop;
}

/**
 * True once `whenEngaged` has fired (from mount, while `enabled`): for parts of a screen
 * below its first view whose code the first load should not carry (decision 0148).
 */
export function useEngaged(enabled = true): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => (enabled ? whenEngaged(() => setEngaged(true)) : undefined), [enabled]);
  return engaged;
}
