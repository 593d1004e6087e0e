/**
 * Speaker clustering off the engine's event loop: each job runs in its own worker thread, so clustering a
 * long file's thousands of lines never holds up the partials of a live stream served by the same engine.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SegmentFacts } from './cluster';

// Run from source (npm start, tests) the worker is TypeScript: it registers tsx before importing its entry,
// since Node 20 does not apply an `--import` loader to a worker's own entry. Compiled for a deploy it is
// plain JavaScript next to this file.
const fromSource = import.meta.url.endsWith('.ts');
const entry = new URL(fromSource ? './cluster-worker.ts' : './cluster-worker.js', import.meta.url);
const sourceEntry = () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  return new URL(
    `data:text/javascript,${encodeURIComponent(`(await import(${JSON.stringify(tsx)})).register(); await import(${JSON.stringify(entry.href)});`)}`,
  );
};

export function labelSpeakersInThread(
  embeddings: ArrayLike<number>[],
  maxSpeakers?: number,
  facts: SegmentFacts = {},
): Promise<{ labels: string[]; speakers: number }> {
  return new Promise((resolve, reject) => {
    const workerData = { embeddings: embeddings.map((e) => Array.from(e)), maxSpeakers, facts };
    const worker = fromSource ? new Worker(sourceEntry(), { workerData }) : new Worker(entry, { workerData });
    let answered = false;
    worker.once('message', (result: { labels: string[]; speakers: number }) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`speaker clustering stopped (exit code ${code}) before it answered`));
    });
  });
}
