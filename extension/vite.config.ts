import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The browser subtitle plugin (Manifest V3), built apart from the web app into dist/extension by
 * scripts/build-extension.mjs: the pages and the module service worker in one build, then the content script
 * alone as one classic script (content scripts cannot import chunks). `TINGYI_ORIGIN` is the default address.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
// TINGYI_EXTENSION_OUT: another place for the build (the latency bench's, so it never overwrites dist/extension).
const outDir = process.env.TINGYI_EXTENSION_OUT ?? fileURLToPath(new URL('../dist/extension', import.meta.url));
const define = { __TINGYI_ORIGIN__: JSON.stringify(process.env.TINGYI_ORIGIN ?? 'http://localhost:8787') };

export default defineConfig(({ mode }) =>
  mode === 'content'
    ? {
        root,
        define,
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          lib: { entry: `${root}src/content.ts`, formats: ['iife'], name: 'tingyiSubtitles', fileName: () => 'content.js' },
        },
      }
    : {
        root,
        define,
        base: './',
        publicDir: false,
        plugins: [react()],
        build: {
          outDir,
          emptyOutDir: true,
          // Extension pages allow no inline script, and Chromium supports module preload anyway.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            input: {
              popup: `${root}popup.html`,
              sidepanel: `${root}sidepanel.html`,
              offscreen: `${root}offscreen.html`,
              background: `${root}src/background.ts`,
            },
            // The manifest names the service worker: it keeps its plain name.
            output: { entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js') },
          },
        },
      },
);
