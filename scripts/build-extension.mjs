import { copyFileSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { build } from 'vite';

/**
 * `npm run build:extension`: the browser subtitle plugin in dist/extension (load it unpacked) and
 * dist/tingyi-extension.zip for the Chrome Web Store and Edge Add-ons. `TINGYI_ORIGIN` (default
 * http://localhost:8787) is the Tingyi address it starts with and the site allowed to sign it in.
 */

// TINGYI_EXTENSION_OUT (an absolute path) builds elsewhere, its zip beside it: the latency bench's own copy.
const OUT = process.env.TINGYI_EXTENSION_OUT ?? 'dist/extension';
const ZIP = process.env.TINGYI_EXTENSION_OUT ? `${OUT}.zip` : 'dist/tingyi-extension.zip';
const origin = (process.env.TINGYI_ORIGIN ?? 'http://localhost:8787').replace(/\/+$/, '');

await build({ configFile: 'extension/vite.config.ts', logLevel: 'warn' });
await build({ configFile: 'extension/vite.config.ts', mode: 'content', logLevel: 'warn' });

const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8'));
// Match patterns name no port: the address's host on any port.
const site = new URL(origin);
const matches = new Set([...manifest.externally_connectable.matches, `${site.protocol}//${site.hostname}/*`]);
manifest.externally_connectable.matches = [...matches];
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync('extension/public/icon.png', join(OUT, 'icon.png'));

// The stores give the extension its own id and refuse a manifest with a `key` (it only pins the unpacked id).
/** @type {Record<string, Uint8Array>} */
const files = {};
for (const file of walk(OUT)) files[relative(OUT, file)] = readFileSync(file);
const { key: _key, ...storeManifest } = manifest;
files['manifest.json'] = new TextEncoder().encode(JSON.stringify(storeManifest, null, 2));
writeFileSync(ZIP, zipSync(files, { level: 9 }));
console.log(`extension: ${OUT} (unpacked) and ${ZIP}`);

/** @param {string} dir @returns {Generator<string>} */
function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
