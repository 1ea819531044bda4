// Back (the browser's button, Android's back gesture) closes what is open on top of the page
// instead of leaving it (issue 26, decision 0130). A "layer" is a dialog, the chat panel, or
// a view inside a dialog (the deposit dialog's QR and slip views go back to its menu).
//
// While at least one layer is open, one history entry of ours sits on top of the page's own:
// the same URL and the router's state, plus a marker. Back pops it: the top layer closes and,
// when layers remain, the entry is pushed again for the next Back. A layer closed another way
// (its button, Escape, the backdrop) with none left pops our entry with history.back(), so no
// stray entry stays behind. The router never sees these pops: this listener runs first (in the
// capture phase) and stops them. Changes are applied in a microtask, so a dialog that closes
// as another opens (the slot dialog handing over to the transfer dialog) keeps the one entry.
const MARKER = 'walletLayer';

interface Layer {
  close: () => void;
}

const layers: Layer[] = [];
/** Our entry is the current history entry. */
let entryShown = false;
/** A history.back() of ours is on its way. */
let popping = false;
/** Gives up waiting for a back() that never arrives (a push cancelled it): see sync(). */
let poppingTimer: ReturnType<typeof setTimeout> | undefined;
const POP_WAIT_MS = 1000;
/**
 * Until then, a popstate onto a page's entry is our own history.forward() (0: none). A push
 * of ours cancels it: a forward() queued before a push goes nowhere and fires no popstate.
 */
let forwardUntil = 0;
const FORWARD_WAIT_MS = 1000;
let scheduled = false;
let listening = false;

function isOurs(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARKER in state;
}

function withoutMarker(state: unknown): unknown {
  if (!isOurs(state)) return state;
  const { [MARKER]: _marker, ...rest } = state as Record<string, unknown>;
  return rest;
}

function sync(): void {
  scheduled = false;
  if (popping) return;
  if (layers.length > 0 && !entryShown) {
    // The router's state (its index and key) is kept, so the router never sees a change.
    const current: unknown = window.history.state;
    const base = typeof current === 'object' && current !== null ? withoutMarker(current) : {};
    window.history.pushState({ ...(base as object), [MARKER]: true }, '');
    entryShown = true;
    forwardUntil = 0;
  } else if (layers.length === 0 && entryShown) {
    entryShown = false;
    // Someone navigated meanwhile (a link in a dialog): our entry is under theirs; leave it.
    if (!isOurs(window.history.state)) return;
    popping = true;
    window.history.back();
    clearTimeout(poppingTimer);
    poppingTimer = setTimeout(() => {
      if (!popping) return;
      popping = false;
      entryShown = isOurs(window.history.state);
      schedule();
    }, POP_WAIT_MS);
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(sync);
}

function onPopState(event: PopStateEvent): void {
  if (forwardUntil > 0 && Date.now() <= forwardUntil && !isOurs(window.history.state)) {
    forwardUntil = 0;
    event.stopImmediatePropagation();
    schedule();
    return;
  }
  forwardUntil = 0;
  if (popping) {
    popping = false;
    clearTimeout(poppingTimer);
    event.stopImmediatePropagation();
    if (isOurs(window.history.state)) {
      // The router pushed a page between our back() and its arrival, so that back() went from
      // the new page onto our entry: go forward to the page the router shows.
      forwardUntil = Date.now() + FORWARD_WAIT_MS;
      window.history.forward();
      return;
    }
    schedule();
    return;
  }
  if (entryShown) {
    // Back while a layer is open: our entry is gone; the top layer closes instead of the page.
    entryShown = false;
    event.stopImmediatePropagation();
    layers[layers.length - 1]?.close();
    schedule();
    return;
  }
  // Arriving on an entry of ours with nothing open (Forward after a Back that closed a dialog,
  // or Back onto one left under a page a link opened): it is the page's own entry to the
  // router; drop the marker so it is never taken for an open layer.
  if (isOurs(window.history.state)) {
    window.history.replaceState(withoutMarker(window.history.state), '');
  }
}

/** Opens a layer that Back closes with `close`; returns the function that removes it. */
export function openBackLayer(close: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (!listening) {
    window.addEventListener('popstate', onPopState, true);
    listening = true;
  }
  const layer: Layer = { close };
  layers.push(layer);
  schedule();
  return () => {
    const index = layers.indexOf(layer);
    if (index < 0) return;
    layers.splice(index, 1);
    schedule();
  };
}
