/**
 * Worker startup: the main module's gzip size and the CPU its first load costs, as Cloudflare sees them
 * before the first request (a Worker whose startup passes the limit is refused at deploy). The Worker is
 * built as `wrangler deploy --dry-run` builds it, and its startup profiled by `wrangler check startup`
 * (workerd on this machine); the CPU figure is the profile's time not spent idle, the median of a few runs.
 * The baseline, measured in the same run, is the same Worker with lazy loading undone: every module the code
 * loads on demand (`import()`, found in esbuild's metafile) is imported up front. Target: startup under 50 ms.
 *
 *   npm run bench:startup     (quick check of the figures, as `npm test` runs it: -- --quick, one run, no baseline)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { QUICK, requireFigures } from '../engine/bench/figures';

const TARGET_MS = 50;
const RUNS = QUICK ? 1 : 5;
const ENTRY = 'worker/index.ts';
const CONFIG = resolve('wrangler.toml');
// Offline: no metrics, no request for Cloudflare's request metadata.
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const dir = mkdtempSync(join(tmpdir(), 'worker-startup-'));

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string }[] }>;
}
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const wrangler = (args: string[]) => execFileSync('npx', ['wrangler', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

/** Builds `entry` as a deploy would; the upload (multipart, as wrangler sends it) and esbuild's metafile. */
function build(name: string, entry: string) {
  const bundle = join(dir, `${name}.bundle`);
  const metafile = join(dir, `${name}.meta.json`);
  wrangler(['deploy', entry, '--config', CONFIG, '--dry-run', '--outfile', bundle, '--metafile', metafile]);
  return { bundle, metafile: JSON.parse(readFileSync(metafile, 'utf8')) as Metafile };
}

/** The gzip KiB of the module the Worker starts with, and of everything uploaded. */
async function sizes(bundle: string) {
  const raw = readFileSync(bundle);
  const boundary = raw.subarray(2, raw.indexOf(10)).toString().trim();
  const form = await new Response(raw, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
  const { main_module: main } = JSON.parse(String(form.get('metadata'))) as { main_module: string };
  let total = 0;
  let mainKb = 0;
  let modules = 0;
  const parts: [string, Blob][] = [];
  form.forEach((part, name) => {
    if (name !== 'metadata' && typeof part !== 'string' && part.type !== 'application/source-map') parts.push([name, part]);
  });
  for (const [name, part] of parts) {
    const kb = gzipSync(new Uint8Array(await part.arrayBuffer()), { level: 9 }).length / 1024;
    total += kb;
    modules++;
    if (name === main) mainKb = kb;
  }
  return { mainKb, totalKb: total, modules };
}

/** CPU ms of one startup: the profile's samples that were not idle. */
function startupMs(bundle: string, run: number): number {
  const out = join(dir, `${run}.cpuprofile`);
  wrangler(['check', 'startup', '--worker', bundle, '--outfile', out]);
  const profile = JSON.parse(readFileSync(out, 'utf8')) as CpuProfile;
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  return profile.samples.reduce((sum, id, i) => sum + (idle.has(id) ? 0 : profile.timeDeltas[i]!), 0) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(name: string, entry: string) {
  const built = build(name, entry);
  const samples = Array.from({ length: RUNS }, (_, run) => startupMs(built.bundle, run));
  return { ...(await sizes(built.bundle)), samples, ms: median(samples), metafile: built.metafile };
}

/** An entry that imports every on-demand module of `metafile` up front, then is the Worker itself. */
function eagerEntry(metafile: Metafile): { entry: string; lazy: string[] } {
  const lazy = [
    ...new Set(
      Object.entries(metafile.inputs)
        .filter(([from]) => !from.startsWith('node_modules/'))
        .flatMap(([, input]) => input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)),
    ),
  ];
  const worker = JSON.stringify(resolve(ENTRY));
  const lines = lazy.map((path, i) => `import * as lazy${i} from ${JSON.stringify(resolve(path))};`);
  // Using the namespaces keeps esbuild from dropping modules it thinks free of side effects.
  lines.push(`globalThis.__eager = [${lazy.map((_, i) => `lazy${i}`).join(', ')}];`, `export * from ${worker};`, `export { default } from ${worker};`);
  const entry = join(dir, 'eager.ts');
  writeFileSync(entry, `${lines.join('\n')}\n`);
  return { entry, lazy };
}

try {
  const lean = await measure('lean', ENTRY);
  const row = (label: string, m: { mainKb: number; totalKb: number; modules: number; ms: number; samples: number[] }) =>
    console.log(
      `${label.padEnd(30)} main module ${m.mainKb.toFixed(0).padStart(4)} KiB gzip · upload ${m.totalKb.toFixed(0).padStart(4)} KiB gzip in ${m.modules} module(s) · startup ${m.ms.toFixed(1).padStart(6)} ms CPU (runs: ${m.samples.map((s) => s.toFixed(0)).join(', ')})`,
    );
  console.log(`Worker startup (wrangler check startup, median of ${RUNS}; target < ${TARGET_MS} ms)`);
  row('as built', lean);
  if (!QUICK) {
    const { entry, lazy } = eagerEntry(lean.metafile);
    console.log(`loaded on demand: ${lazy.join(', ') || 'nothing'}`);
    const eager = await measure('eager', entry);
    row('baseline: all loaded up front', eager);
    requireFigures('bench:startup', { 'baseline startup ms': eager.samples });
  }
  console.log(
    lean.ms < TARGET_MS ? `startup within target (${lean.ms.toFixed(1)} < ${TARGET_MS} ms)` : `startup OVER target (${lean.ms.toFixed(1)} ≥ ${TARGET_MS} ms)`,
  );
  requireFigures('bench:startup', { 'main module KiB': lean.mainKb, 'startup ms': lean.samples });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
