/**
 * `npm run models -- list | install NAME`: the model catalog (catalog.ts) on this machine.
 * Downloads stream to disk while hashing, are checked against the pinned or first-seen sha256, then unpacked
 * with tar. Without internet access the install stops with a message saying so, leaving nothing half-done.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config';
import { MODELS, isInstalled, type ModelEntry } from './catalog';

const { modelsDir } = loadConfig();
const lockPath = join(modelsDir, 'models.lock.json');

function readLock(): Record<string, string> {
  return existsSync(lockPath) ? (JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, string>) : {};
}

function list() {
  const rows = MODELS.map((m) => [isInstalled(modelsDir, m) ? 'installed' : '-', m.name, m.kind, m.languages.join(',')]);
  const widths = [9, ...[1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)))];
  for (const r of rows) console.log(r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  '));
  console.log(`\nmodels directory: ${modelsDir}`);
}

async function install(entry: ModelEntry) {
  if (isInstalled(modelsDir, entry)) {
    console.log(`${entry.name} is already installed in ${modelsDir}`);
    return;
  }
  await mkdir(modelsDir, { recursive: true });
  const archive = join(modelsDir, `${entry.name}.tar.bz2.part`);
  let res: Response;
  try {
    res = await fetch(entry.url, { signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
    throw new Error(
      `cannot download ${entry.url} (${cause}). This machine cannot reach the internet: download the archive elsewhere, ` +
        `check it, and unpack it into ${join(modelsDir, entry.name)}.`,
    );
  }
  if (!res.ok || !res.body) throw new Error(`download of ${entry.url} failed: HTTP ${res.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  const total = Number(res.headers.get('content-length') ?? 0);
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      bytes += chunk.length;
      if (total) process.stdout.write(`\r${entry.name}: ${((bytes / total) * 100).toFixed(1)} %`);
      cb(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), meter, createWriteStream(archive));
  process.stdout.write('\n');
  const digest = hash.digest('hex');
  const lock = readLock();
  const expected = entry.sha256 ?? lock[entry.name];
  if (expected && expected !== digest) {
    await unlink(archive);
    throw new Error(`sha256 mismatch for ${entry.name}: expected ${expected}, got ${digest}; archive removed`);
  }
  if (!expected) {
    lock[entry.name] = digest;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`no pinned sha256 for ${entry.name}: recorded ${digest} in ${lockPath}`);
  }
  const finalArchive = archive.replace(/\.part$/, '');
  await rename(archive, finalArchive);
  execFileSync('tar', ['xjf', finalArchive, '-C', modelsDir], { stdio: 'inherit' });
  await unlink(finalArchive);
  if (!isInstalled(modelsDir, entry)) throw new Error(`${entry.name} unpacked but expected files are missing: ${entry.files.join(', ')}`);
  console.log(`installed ${entry.name} in ${modelsDir}`);
}

async function main(args: string[]) {
  const [command, name] = args;
  if (command === 'list' || !command) return list();
  if (command === 'install') {
    const entry = MODELS.find((m) => m.name === name);
    if (!entry) throw new Error(`unknown model "${name ?? ''}"; known: ${MODELS.map((m) => m.name).join(', ')}`);
    return install(entry);
  }
  throw new Error(`usage: npm run models -- list | install NAME`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
