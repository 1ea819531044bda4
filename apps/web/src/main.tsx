import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLocale, loadExtraMessages, setLocale } from '@/i18n/i18n';
import { App } from '@/app/app';
import '@/styles/global.css';

// The catalogue of the starting language is fetched before the first render, so no text
// flashes in the wrong language (decision 0007). Its second part (every screen after the
// first one) follows once the page is idle, so dialogs open without waiting (decision 0020).
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
    const prefetch = () => void loadExtraMessages().catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 1500);
  });
