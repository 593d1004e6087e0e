import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// The Worker (`wrangler dev`) answers /prod-api locally; the Vite dev and preview servers forward to it so the
// SPA talks to the same origin it has in production.
const apiOrigin = process.env.TINGYI_API_ORIGIN ?? 'http://127.0.0.1:8787';
const proxy = { '/prod-api': { target: apiOrigin, changeOrigin: true, ws: true } };

const RC_PACKAGE = /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/;

const VENDOR_BASE =
  /node_modules[\\/](i18next|react-i18next|@tanstack|zustand|js-cookie|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|stylis|@emotion)[\\/]/;
/** react-query's useQueries serves one vocabulary picker: it goes with that page, not into every first load. */
const ONE_PAGE_QUERY_CODE = /[\\/](useQueries|queriesObserver)\.js$/;

/** Chunks fetched when someone opens them: dialogs and drawers (named so), menus (antd's dropdown, the account panel). */
const OPENED_ON_DEMAND = /[\\/](\w*(Dialog|Drawer)|dropdown|AccountPanel)-[\w-]+\.js$/;

export default defineConfig({
  root: `${repoRoot}web`,
  envDir: repoRoot,
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    // Each dynamic import carries the names of every file its chunk needs, so they download in parallel. A
    // dialog, drawer or menu is fetched when it is opened (a menu's as the pointer nears it), where one more
    // round trip goes unnoticed, yet its list rode in the first download of every page that can open it (6 KB
    // on the home page): its files are found by the browser instead. The CSS still comes with it.
    modulePreload: { resolveDependencies: (file, deps) => (OPENED_ON_DEMAND.test(file) ? [] : deps) },
    // Pages are split per route and antd's components go with the pages that use them, so the first page
    // loads only what it shows. React and the libraries every page needs get stable chunks of their own that
    // stay cached across deploys.
    rolldownOptions: {
      // antd's rc-* component packages do nothing when imported but declare no `sideEffects`, so without this
      // an import of one of their exports keeps the whole package: the form engine, its validator and the
      // colour picker rode along with antd's button styles and form context.
      treeshake: { moduleSideEffects: [{ test: RC_PACKAGE, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What every page runs before it draws (texts, server state, antd's style engine) in one file rather
            // than a dozen small ones, each of which compresses worse on its own.
            {
              name: 'vendor-base',
              test: (id) => VENDOR_BASE.test(id) && !ONE_PAGE_QUERY_CODE.test(id),
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
