// Sharing the invite link (issue 26): the public share addresses of LINE, Facebook and
// Messenger (no SDK, no dependency), and the browser's own share sheet where it has one.

/** Where each service takes a link to share; the link is always URI-encoded. */
export function shareLinks(link: string) {
  const encoded = encodeURIComponent(link);
  return {
    line: `https://social-plugins.line.me/lineit/share?url=${encoded}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    /** The Messenger app's own address: only a phone with the app opens it. */
    messengerApp: `fb-messenger://share?link=${encoded}`,
  };
}

/** Messenger on the web: no public address takes a link without an app id, so the member pastes it. */
export const MESSENGER_WEB = 'https://www.messenger.com/';

/** How long the page waits for the Messenger app to take over before the web fallback. */
export const APP_WAIT_MS = 1200;

/**
 * Called as the member follows the app address (the link's own click, which opens the
 * app): when the page is still in front after `waitMs` (no app took over: not installed, or
 * a desktop), runs `fallback`. Leaving the page (hidden, blurred, pagehide) cancels it.
 * Returns a function that cancels it too.
 */
export function fallbackUnlessAppOpens(
  fallback: () => void,
  env: { win: Window; doc: Document; waitMs?: number } = { win: window, doc: document },
): () => void {
  const { win, doc } = env;
  const cancel = () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onHidden);
    win.removeEventListener('pagehide', cancel);
    win.removeEventListener('blur', cancel);
  };
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') cancel();
  };
  const timer = setTimeout(() => {
    cancel();
    if (doc.visibilityState !== 'hidden') fallback();
  }, env.waitMs ?? APP_WAIT_MS);
  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', cancel);
  win.addEventListener('blur', cancel);
  return cancel;
}

/** The features every share window opens with: the shared page gets no handle on ours. */
export const NEW_WINDOW_FEATURES = 'noopener,noreferrer';

/** True when the browser has the Web Share API (phones, Safari, Edge). */
export function canShareNatively(nav: Navigator = navigator): boolean {
  return typeof nav.share === 'function';
}

/**
 * The browser's share sheet. 'shared', 'cancelled' (the member closed it: say nothing) or
 * 'failed' (the page offers the other ways).
 */
export async function shareNatively(
  data: { title: string; text: string; url: string },
  nav: Navigator = navigator,
): Promise<'shared' | 'cancelled' | 'failed'> {
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
