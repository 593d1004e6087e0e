import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { localeReady } from '../../../web/i18n';

// The app renders once its first language is loaded (web/main.tsx); so do the tests.
await localeReady;

// A file's first render compiles its lazily loaded pages, antd's menus, selects and dialogs take jsdom a
// second or two to open, and a busy CI machine runs all of it several times slower: what a test waits for
// may take seconds to appear (the suite's testTimeout allows for it the same way).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout engine: antd and the mobile-layout hook ask matchMedia, which jsdom lacks.
// Every query answers "no match", i.e. the desktop layout.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Nor can jsdom scroll: an editor bringing a line into view calls this, which tests spy on.
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});

afterEach(() => cleanup());
