import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLocale, loadExtraMessages, setLocale } from '@/i18n/i18n';
import { App } from '@/app/app';
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

void setLocale(initialLocale())
  .catch(() => setLocale('th'))
  .then(() => {
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from index.html');
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    whenEngaged(() => void loadExtraMessages().catch(() => undefined));
  });
