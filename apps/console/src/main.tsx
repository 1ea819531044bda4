import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initialLang, setLang } from '@/i18n/i18n';
import '@/styles/global.css';

// The catalogue of the starting language loads before the first render, so no text flashes
// in the other language.
void setLang(initialLang())
  .catch(() => setLang('th'))
  .then(() => {
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from index.html');
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
