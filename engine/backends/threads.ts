/**
 * CPU-heavy engine steps (speaker clustering, the offline summary) run in worker threads, so a long file
 * never holds up the partials of a live stream served by the same engine. One job per thread: the caller
 * names a thread entry module, which answers its job with `serveInThread`.
 */
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

// Run from source (npm start, tests) an entry is TypeScript: the thread registers tsx before importing it,
// since Node 20 does not apply an `--import` loader to a worker's own entry. Compiled for a deploy
// (scripts/build-engine.mjs, whose THREADS lists the entries) each entry is plain JavaScript of the same
// name beside the bundle.
const fromSource = import.meta.url.endsWith('.ts');

function threadFor(entry: URL, data: unknown): Worker {
  if (!fromSource) return new Worker(new URL(`./${basename(fileURLToPath(entry), '.ts')}.js`, import.meta.url), { workerData: data });
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const loader = `(await import(${JSON.stringify(tsx)})).register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(loader)}`), { workerData: data });
}

/**
 * Runs one job in a new worker thread started from `entry` (a `.ts` URL beside the caller, e.g.
 * `new URL('./cluster-worker.ts', import.meta.url)`) and resolves with what it answers. `what` names the
 * step in the error a thread that dies without answering gives.
 */
export function runInThread<Result>(entry: URL, data: unknown, what: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = threadFor(entry, data);
    let answered = false;
    worker.once('message', (result: Result) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`${what} stopped (exit code ${code}) before it answered`));
    });
  });
}

/**
 * The thread side of `runInThread`: answers this thread's one job with `work`. A failure ends the thread with
 * its error, which is how `runInThread` rejects.
 */
export function serveInThread<Job, Result>(work: (job: Job) => Result | Promise<Result>): void {
  void Promise.resolve(work(workerData as Job)).then((result) => parentPort!.postMessage(result));
}
