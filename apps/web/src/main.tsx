import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { initialLocale, loadExtraMessages, setLocale } from '@/i18n/i18n';
import { App, whenRouterReady } from '@/app/app';
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

// A page the build prerendered (/login, decision 0155) stays on screen until the app can show
// the same page: the app renders once the route is ready, in one synchronous commit, and
// carries over what was typed meanwhile (lib/take-over.ts).
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const prerendered = container.hasAttribute('data-prerendered');

void setLocale(initialLocale())
  .catch(() => setLocale('th'))
  .then(() =>
    prerendered
      ? Promise.all([
          // Without it (a chunk that failed to load) the app still replaces the page.
          import('@/lib/take-over').catch(() => null),
          whenRouterReady(),
        ]).then(([m]) => m)
      : null,
  )
  .then((takeOver) => {
    const root = createRoot(container);
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    if (takeOver) {
      takeOver.replacePrerendered(container, () => flushSync(() => root.render(app)), flushSync);
    } else {
      root.render(app);
      container.removeAttribute('data-prerendered');
    }
    whenEngaged(() => void loadExtraMessages().catch(() => undefined));
  });
