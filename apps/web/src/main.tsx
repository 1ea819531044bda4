import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initialLocale, loadExtraMessages, setLocale } from '@/i18n/i18n';
import { App, appRouter, whenRouterReady } from '@/app/app';
import { homeCookieToken, syncHomeCookie } from '@/lib/session';
import { nextTask } from '@/lib/next-task';
import { whenEngaged } from '@/lib/when-engaged';
import { captureInstallPrompt } from '@/pwa/install-capture';
import '@/styles/global.css';

// The catalogue of the starting language is fetched before the first render, so no text
// flashes in the wrong language (decision 0007). Its second part (every screen after the
// first one) follows when the chat widget would (`whenEngaged`: idle, then the member's first
// interaction or a few seconds), so it is not part of the first load yet dialogs seldom wait
// for it (decisions 0020, 0137); a screen or dialog that needs it sooner asks for it.
// Chromium's install offer is kept for the home and the profile (decision 0151).
captureInstallPrompt();

// A page the build prerendered (/login, decision 0155) or the server rendered (the member
// home, decision 0159) stays on screen until the app can show the same page: the app renders
// once the route is ready, in one synchronous commit, and carries over what was typed
// meanwhile (lib/take-over.ts). The home's page brings the answers it was drawn from: the app
// draws the same home from them and hydrates the page instead (app/home-take-over.tsx).
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const prerendered = container.getAttribute('data-prerendered');
// Before the cookie follows the session held now: the page was asked for with this one.
const servedWith = prerendered === 'home' ? homeCookieToken() : null;
// Before the app's language is set (it sets `<html lang>`): the language the page was drawn in.
const servedIn = prerendered === 'home' ? document.documentElement.lang : null;
syncHomeCookie();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The member home's page: its answers into the cache, the route ready, then the page hydrated
 * (app/home-take-over.tsx). False when it is not this session's page in the app's language,
 * or could not start (a chunk that failed to load): it is then replaced as any prerendered one.
 */
async function takeOverHome(page: HTMLElement): Promise<boolean> {
  try {
    const home = await import('@/app/home-take-over');
    if (!(await home.seedFromPage(servedWith, servedIn))) return false;
    await whenRouterReady();
    await home.hydrateHome(page, () => hydrateRoot(page, app));
    return true;
  } catch {
    return false;
  }
}

async function start(page: HTMLElement): Promise<void> {
  const localeSet = setLocale(initialLocale()).catch(() => setLocale('th'));
  // The router (its first navigation) in a task of its own, not in the entry's evaluation:
  // on a slow phone each is about 60 ms, together one task that held taps (decision 0163).
  await nextTask();
  appRouter();
  await localeSet;
  if (prerendered === 'home' && (await takeOverHome(page))) return;
  const takeOver = prerendered
    ? await Promise.all([
        // Without it (a chunk that failed to load) the app still replaces the page.
        import('@/lib/take-over').catch(() => null),
        whenRouterReady(),
      ]).then(([m]) => m)
    : null;
  const root = createRoot(page);
  if (takeOver) {
    takeOver.replacePrerendered(page, () => flushSync(() => root.render(app)), flushSync);
  } else {
    root.render(app);
    page.removeAttribute('data-prerendered');
  }
}

void start(container).finally(() =>
  whenEngaged(() => void loadExtraMessages().catch(() => undefined)),
);
