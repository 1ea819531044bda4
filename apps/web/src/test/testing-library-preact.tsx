// The member app's unit tests run on Preact, as the app ships (decision 0158):
// vitest.config.ts points `@testing-library/react` here for apps/web's DOM tests, so the
// tests keep Testing Library's React API (render, cleanup, act, screen, waitFor, ...) while
// mounting with preact/compat's createRoot. Like @testing-library/react, every event
// Testing Library or user-event fires is wrapped in `act`, so the renders it causes are
// committed before the next line of the test runs.
import type { ReactElement } from 'react';
import { options } from 'preact';
import { createRoot } from 'preact/compat/client';
import { act as preactAct } from 'preact/test-utils';
import { configure, getQueriesForElement, prettyDOM } from '@testing-library/dom';
// Node's own, not the global one: tests with fake timers replace that, and it would never run.
import { setImmediate as realSetImmediate } from 'node:timers';

export * from '@testing-library/dom';

/** Resolves once every microtask queued so far (and those they queue) has run. */
const drainMicrotasks = () => new Promise<void>((resolve) => realSetImmediate(resolve));

/**
 * Runs `callback` and commits every render and effect it caused (preact/test-utils). After
 * an async callback settles the microtask queue is drained, as React's act does: promise
 * chains the callback started (a `.then` on an action) finish inside the act, not after the
 * test's next line.
 *
 * While an async callback awaits, renders also happen in a microtask, as Preact renders in
 * the app. preact/test-utils' act would hold every one back until the callback settles;
 * React's act does not hold urgent ones (a discrete event such as popstate, a layout effect's
 * update: React renders them in a microtask inside act too), so code that runs after such an
 * update (a microtask of its own, a timer) found the page not yet changed. What remains, and
 * the passive effects, are flushed when the act ends, as before.
 */
export function act<T>(callback: () => T): T extends Promise<unknown> ? Promise<void> : void {
  let asynchronous = false;
  const done = preactAct(() => {
    // preact/test-utils' hold: keeps the render queue for the act's end.
    const hold = options.debounceRendering;
    options.debounceRendering = (process) => {
      hold?.(process);
      queueMicrotask(process);
    };
    const result = callback();
    if (!(result instanceof Promise)) return;
    asynchronous = true;
    return result.then(drainMicrotasks);
  });
  return (asynchronous ? done : undefined) as never;
}

/**
 * Preact runs useEffect callbacks after the next frame (requestAnimationFrame, or 35 ms).
 * React runs those of a render outside act in a task of its scheduler, and
 * @testing-library/react's asyncWrapper waits a task (setTimeout 0) before findBy*, waitFor
 * or a user-event call returns: a React test sees the effects of what it waited for (a focus
 * moved, a timer started, a toast raised). Scheduled here as Preact does by itself, with the
 * flush kept so that asyncWrapper can run it before the test goes on.
 */
let flushEffects: (() => void) | undefined;
options.requestAnimationFrame = (flush) => {
  flushEffects = flush;
  const done = () => {
    clearTimeout(timeout);
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    flush();
  };
  const timeout = setTimeout(done, 35);
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(done) : 0;
};

let inEventWrapper = false;
configure({
  eventWrapper: (callback) => {
    if (inEventWrapper) return callback();
    inEventWrapper = true;
    try {
      let result: unknown;
      void preactAct(() => {
        result = callback();
      });
      return result;
    } finally {
      inEventWrapper = false;
    }
  },
  asyncWrapper: async (callback) => {
    const result = await callback();
    // Let renders scheduled by the last answers run before the test goes on, then their
    // effects (a no-op when none wait), then what those started.
    await drainMicrotasks();
    if (flushEffects) void preactAct(flushEffects);
    await drainMicrotasks();
    return result;
  },
});

interface Mounted {
  container: HTMLElement;
  unmount: () => void;
}
const mounted = new Set<Mounted>();

interface RenderOptions {
  container?: HTMLElement;
  baseElement?: HTMLElement;
}

/** Mounts `ui` into a new `<div>` in the body (or `container`), as React Testing Library does. */
export function render(ui: ReactElement, { container, baseElement }: RenderOptions = {}) {
  const base = baseElement ?? container ?? document.body;
  const host = container ?? base.appendChild(document.createElement('div'));
  const root = createRoot(host);
  void preactAct(() => root.render(ui));
  const entry: Mounted = {
    container: host,
    unmount: () => void preactAct(() => root.unmount()),
  };
  mounted.add(entry);
  return {
    container: host,
    baseElement: base,
    rerender: (next: ReactElement) => void preactAct(() => root.render(next)),
    unmount: () => {
      entry.unmount();
      mounted.delete(entry);
    },
    debug: (element: Element = base) => console.log(prettyDOM(element)),
    ...getQueriesForElement(base),
  };
}

/** Unmounts everything `render` mounted and removes the containers it added. */
export function cleanup(): void {
  for (const entry of mounted) {
    entry.unmount();
    if (entry.container.parentNode === document.body) entry.container.remove();
  }
  mounted.clear();
}
