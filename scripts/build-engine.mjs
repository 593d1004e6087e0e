// Compiles the engine (engine/main.ts and what it imports) to plain JavaScript for its container image, so the
// image runs `node engine/main.js` with no TypeScript loader. Run by engine/Dockerfile's build stage:
//   node scripts/build-engine.mjs --install DIR   installs into DIR/node_modules (DIR above the sources) esbuild and
//                                                 the packages the engine imports, as package-lock.json pins them
//   node scripts/build-engine.mjs OUT_DIR         writes OUT_DIR/engine/main.js and the files it reads beside itself
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const ENTRY = 'engine/main.ts';
/**
 * Worker-thread entries the engine starts beside its own module (engine/backends/threads.ts): each key is its
 * entry's file name, which is how the compiled engine finds it.
 */
const THREADS = {
  'cluster-worker': 'engine/backends/diarization/cluster-worker.ts',
  'summary-worker': 'engine/backends/summary/summary-worker.ts',
  'hotwords-worker': 'engine/backends/asr/hotwords-worker.ts',
};
/** Packages with a native addon: loaded with require() at run time (which esbuild does not follow), not bundled. */
const NATIVE = ['sherpa-onnx-node'];
/** Files the engine opens next to its own module (engine/backends/asr/pocketsphinx.ts). */
const BESIDE_MAIN = ['engine/backends/asr/pocketsphinx_worker.py'];

const lock = () => JSON.parse(readFileSync('package-lock.json', 'utf8'));
/** `name@version` as package-lock.json pins the top-level copy. @param {any} pins @param {string} name */
const pinned = (pins, name) => `${name}@${pins.packages[`node_modules/${name}`].version}`;
/** The package an import names: `zod/v4` → `zod`, `@scope/pkg/x` → `@scope/pkg`. @param {string} path */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** @param {string} dir @param {string[]} specs */
function npmInstall(dir, specs) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...specs], { cwd: dir, stdio: 'inherit' });
}

/** Every package the engine's modules import, found by esbuild with packages left unresolved. */
async function importedPackages() {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    entryPoints: [ENTRY],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const builtins = new Set(builtinModules);
  const names = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path));
  return [...new Set(names.filter((path) => !path.startsWith('node:') && !builtins.has(path)).map(packageOf))].sort();
}

const [mode, dir] = process.argv.slice(2);
if (mode === '--install') {
  if (!dir) throw new Error('usage: node scripts/build-engine.mjs --install DIR');
  const pins = lock();
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  npmInstall(dir, [pinned(pins, 'esbuild')]);
  npmInstall(
    dir,
    [...new Set([...(await importedPackages()), ...NATIVE])].map((name) => pinned(pins, name)),
  );
} else if (mode) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: { main: ENTRY, ...THREADS },
    outdir: join(mode, 'engine'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    external: NATIVE,
    // Bundled CommonJS packages (busboy, ws) call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __engineRequire } from 'node:module'; const require = __engineRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  mkdirSync(join(mode, 'engine'), { recursive: true });
  // An ES module: Node before 20.19 (Debian bookworm's nodejs is 18) does not detect that by itself.
  writeFileSync(join(mode, 'package.json'), '{ "private": true, "type": "module" }\n');
  for (const file of BESIDE_MAIN) copyFileSync(file, join(mode, 'engine', file.split('/').pop() ?? file));
} else {
  throw new Error('usage: node scripts/build-engine.mjs --install DIR | OUT_DIR');
}
