import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { localeReady } from './i18n';
import './styles.css';

// The first screen is drawn in the visitor's language, never in keys: its texts come first (and should they
// fail to load, the app still starts rather than leave a blank page).
void localeReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
