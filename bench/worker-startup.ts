/**
 * Worker startup: the main module's gzip size and the CPU its first load costs, as Cloudflare sees them
 * before the first request (a Worker whose startup passes the limit is refused at deploy). The Worker is
 * built as `wrangler deploy --dry-run` builds it and its startup measured twice, each the median of a few
 * runs: `wrangler check startup`'s profile (its samples not idle: what Cloudflare's tooling shows, but
 * wall-clock, so it grows on a busy machine) and workerd's own CPU time while it loads the Worker the same way
 * (the kernel's per-thread counters, less an empty Worker's: steady under load). The baseline, measured in
 * the same run, is the same Worker with lazy loading undone: every module the code loads on demand
 * (`import()`, found in esbuild's metafile) is imported up front. Target: startup under 50 ms.
 *
 *   npm run bench:startup     (quick check of the figures, as `npm test` runs it: -- --quick, one run, no baseline)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Miniflare, type ModuleDefinition } from 'miniflare';
import { QUICK, requireFigures } from '../engine/bench/figures';

const TARGET_MS = 50;
const RUNS = QUICK ? 1 : 5;
const ENTRY = 'worker/index.ts';
// wrangler.toml beside itself (its paths are relative to it), with the engine Container's image given as a
// pushed one: the Worker's startup does not depend on it, and a dry run would otherwise build it with Docker.
const CONFIG = resolve('wrangler.startup-bench.toml');
writeFileSync(
  CONFIG,
  readFileSync('wrangler.toml', 'utf8')
    .replace(/^image = .*$/m, 'image = "registry.cloudflare.com/startup-bench/tingyi-engine:bench"')
    .replace(/^image_build_context = .*\n/m, ''),
);
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

const MODULE_TYPES: Record<string, ModuleDefinition['type']> = {
  'application/javascript+module': 'ESModule',
  'application/javascript': 'CommonJS',
  'application/wasm': 'CompiledWasm',
  'text/plain': 'Text',
  'application/octet-stream': 'Data',
};

/** The upload's modules, the gzip KiB of the one the Worker starts with, and of everything uploaded. */
async function readUpload(bundle: string) {
  const raw = readFileSync(bundle);
  const boundary = raw.subarray(2, raw.indexOf(10)).toString().trim();
  const form = await new Response(raw, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
  const metadata = JSON.parse(String(form.get('metadata'))) as { main_module: string; compatibility_date: string; compatibility_flags?: string[] };
  const main = metadata.main_module;
  const modules: ModuleDefinition[] = [];
  let total = 0;
  let mainKb = 0;
  const parts: [string, Blob][] = [];
  form.forEach((part, name) => {
    if (name !== 'metadata' && typeof part !== 'string' && part.type !== 'application/source-map') parts.push([name, part]);
  });
  for (const [name, part] of parts) {
    const contents = new Uint8Array(await part.arrayBuffer());
    const kb = gzipSync(contents, { level: 9 }).length / 1024;
    total += kb;
    modules.push({ type: MODULE_TYPES[part.type] ?? 'Data', path: `/${name}`, contents });
    if (name === main) mainKb = kb;
  }
  return { mainKb, totalKb: total, metadata, modules };
}

/** Nanoseconds of CPU that this process's workerd children have used, over all their threads. */
function workerdCpuNs(): number {
  const children = (pid: number): number[] =>
    readdirSync(`/proc/${pid}/task`).flatMap((task) => {
      const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      return kids ? kids.split(' ').flatMap((kid) => [Number(kid), ...children(Number(kid))]) : [];
    });
  return children(process.pid)
    .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd'))
    .flatMap((pid) => readdirSync(`/proc/${pid}/task`).map((task) => Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])))
    .reduce((sum, ns) => sum + ns, 0);
}

/**
 * CPU ms workerd spends on the first request of a fresh Worker whose handler imports the main module, as
 * `wrangler check startup` sets it up; no upload: an empty main module (the request's own cost).
 */
async function importCpuMs(upload: Awaited<ReturnType<typeof readUpload>> | null): Promise<number> {
  const main = upload ? `/${upload.metadata.main_module}` : '/empty.js';
  const mf = new Miniflare({
    compatibilityDate: upload?.metadata.compatibility_date ?? '2026-05-01',
    compatibilityFlags: upload?.metadata.compatibility_flags ?? [],
    modulesRoot: '/',
    modules: [
      {
        type: 'ESModule',
        path: '/startup-probe.js',
        contents: `export default { async fetch() { await import(${JSON.stringify(main)}); return new Response('ok'); } };`,
      },
      ...(upload ? upload.modules : [{ type: 'ESModule' as const, path: main, contents: 'export default {};' }]),
    ],
  });
  try {
    await mf.ready;
    const before = workerdCpuNs();
    await (await mf.dispatchFetch('https://startup.test/')).text();
    return (workerdCpuNs() - before) / 1e6;
  } finally {
    await mf.dispose();
  }
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

async function measure(name: string, entry: string, emptyMs: number) {
  const built = build(name, entry);
  const upload = await readUpload(built.bundle);
  const samples = Array.from({ length: RUNS }, (_, run) => startupMs(built.bundle, run));
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) cpu.push((await importCpuMs(upload)) - emptyMs);
  return { ...upload, modules: upload.modules.length, samples, ms: median(samples), cpu, cpuMs: median(cpu), metafile: built.metafile };
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
  const empty: number[] = [];
  for (let run = 0; run < RUNS; run++) empty.push(await importCpuMs(null));
  const emptyMs = median(empty);
  const lean = await measure('lean', ENTRY, emptyMs);
  const runs = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const row = (label: string, m: Awaited<ReturnType<typeof measure>>) =>
    console.log(
      `${label.padEnd(30)} main module ${m.mainKb.toFixed(0).padStart(4)} KiB gzip (upload ${m.totalKb.toFixed(0)} KiB in ${m.modules} module(s)) · ` +
        `check startup ${m.ms.toFixed(1).padStart(6)} ms (${runs(m.samples)}) · workerd CPU ${m.cpuMs.toFixed(1).padStart(6)} ms (${runs(m.cpu)})`,
    );
  console.log(`Worker startup, median of ${RUNS} (an empty Worker's request, ${emptyMs.toFixed(1)} ms, is taken off workerd CPU); target < ${TARGET_MS} ms`);
  row('as built', lean);
  if (!QUICK) {
    const { entry, lazy } = eagerEntry(lean.metafile);
    console.log(`loaded on demand: ${lazy.join(', ') || 'nothing'}`);
    const eager = await measure('eager', entry, emptyMs);
    row('baseline: all loaded up front', eager);
    requireFigures('bench:startup', { 'baseline check startup ms': eager.samples, 'baseline workerd CPU ms': eager.cpu });
  }
  const verdict = (name: string, ms: number) => `${name} ${ms.toFixed(1)} ms: ${ms < TARGET_MS ? 'within' : 'OVER'} target`;
  console.log(`${verdict('check startup', lean.ms)}; ${verdict('workerd CPU', lean.cpuMs)}`);
  requireFigures('bench:startup', { 'main module KiB': lean.mainKb, 'check startup ms': lean.samples, 'workerd CPU ms': lean.cpu });
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(CONFIG, { force: true });
}
