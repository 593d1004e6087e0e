// Compiles the engine (engine/main.ts and what it imports) to plain JavaScript for its container image, so the
// image runs `node engine/main.js` with no TypeScript loader. Run by engine/Dockerfile's build stage:
//   node scripts/build-engine.mjs --packages   the npm packages the build needs, pinned as package-lock.json pins them
//   node scripts/build-engine.mjs OUT_DIR      writes OUT_DIR/engine/main.js and the files it reads beside itself
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Packages the engine imports at run time. sherpa-onnx-node loads a native addon, so it stays a real package. */
const RUNTIME = ['busboy', 'opencc-js', 'sherpa-onnx-node', 'ws', 'zod'];
const EXTERNAL = ['sherpa-onnx-node'];
/** Files the engine opens next to its own module (engine/backends/asr/pocketsphinx.ts). */
const BESIDE_MAIN = ['engine/backends/asr/pocketsphinx_worker.py'];

if (process.argv[2] === '--packages') {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const pinned = (/** @type {string} */ name) => `${name}@${lock.packages[`node_modules/${name}`].version}`;
  console.log([...RUNTIME, 'esbuild'].map(pinned).join(' '));
} else {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node scripts/build-engine.mjs OUT_DIR | --packages');
  const { build } = await import('esbuild');
  await build({
    entryPoints: ['engine/main.ts'],
    outfile: join(out, 'engine/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    external: EXTERNAL,
    // Bundled CommonJS packages (busboy, ws) call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __engineRequire } from 'node:module'; const require = __engineRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  for (const file of BESIDE_MAIN) {
    mkdirSync(join(out, 'engine'), { recursive: true });
    copyFileSync(file, join(out, 'engine', file.split('/').pop() ?? file));
  }
}
