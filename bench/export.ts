/**
 * Export within a Worker's limits: a bulk transcript export of N records (each an hour-long meeting's worth of
 * bilingual lines) as the streaming zip does it, against the old way measured in the same run (every record's
 * lines read at once, every file rendered into memory, then one zip built), per format: peak memory (RSS
 * above an idle process that loaded the same code) and CPU per record and per line. Each measurement runs in
 * a process of its own so one's garbage cannot count toward another's peak. Then the dubbing zip's cost per
 * GiB of video: the CRC-32 taken in JavaScript by fflate's ZipPassThrough (old) against the runtime's native
 * zlib in the streaming writer (new). The CPU per line is what sizes EXPORT_MAX_LINES
 * (contracts/record-vocabulary.ts) against the 30 s CPU limit of a Worker request.
 * Run: npm run bench:export   (quick check of the figures, as `npm test` runs it: -- --quick)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Zip, ZipPassThrough, zipSync } from 'fflate';
import { EXPORT_MAX_LINES } from '../contracts/record-vocabulary';
import type { ExportFormat } from '../contracts/record-vocabulary';
import type { SubtitleLine } from '../contracts/records';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { buildExport } from '../worker/services/export';
import type { ExportHead, ExportRecord } from '../worker/services/export';
import { zipStream } from '../worker/services/export/zip';

const BENCH = 'bench:export';
const RECORDS = QUICK ? 20 : 1000;
/** Lines per record: an hour's worth, or fewer where the format's limit would refuse 1,000 such records. */
const linesPer = (format: ExportFormat) => (QUICK ? 20 : Math.min(60, Math.floor(EXPORT_MAX_LINES[format] / RECORDS)));
const FORMATS: ExportFormat[] = QUICK ? ['txt', 'docx'] : ['txt', 'srt', 'docx'];
const VIDEO_BYTES = (QUICK ? 64 : 1024) * 1024 * 1024;
/** The CPU time a request may spend, and the share of it the line limits are meant to use. */
const CPU_LIMIT_S = 30;
const MiB = 1024 * 1024;

type Mode = 'idle' | 'old' | 'new';
interface Measured {
  rssMiB: number;
  /** Most heap and buffer memory in use, sampled after a full collection. */
  liveMiB: number;
  cpuS: number;
  bytes: number;
}

const options = (format: ExportFormat) => ({
  format,
  content: 'bilingual' as const,
  speaker: '1' as const,
  timestamps: '1' as const,
  locale: 'en-US' as const,
});

/** Lines per record in this (child) process's measurement. */
let LINES = 0;

/** Heap and buffers in use after a full collection (the child runs with --expose-gc). */
function live() {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  return (memory.heapUsed + memory.arrayBuffers) / MiB;
}

function head(id: number): ExportHead {
  return {
    id,
    name: `Weekly meeting ${id} 周会`,
    createdAt: 1_760_000_000_000,
    durationMs: LINES * 4000,
    audioLanguage: 'zh-CN',
    translationLanguage: 'en-US',
    lineCount: LINES,
  };
}

/** What D1 would hand back for a record: LINES lines of speech with their English translation. */
function linesOf(id: number): SubtitleLine[] {
  return Array.from({ length: LINES }, (_, i) => ({
    id: id * 10_000 + i,
    seq: i + 1,
    start: i * 4000,
    end: i * 4000 + 3800,
    speaker: `Speaker ${i % 4}`,
    text: `第${id}场会议的第${i}句：我们回顾了本季度的路线图，并讨论了下一步的关键结果和负责人。`,
    translations: { 'en-US': `Line ${i} of meeting ${id}: we reviewed this quarter's roadmap and discussed the next key results and owners.` },
  }));
}

const load = async (heads: ExportHead[]): Promise<ExportRecord[]> => heads.map((h) => ({ ...h, lines: linesOf(h.id), sensitive: [] }));

/** Reads a body to its end, counting bytes; `sample` is called every 16 chunks. */
async function drain(body: Uint8Array | ReadableStream<Uint8Array>, sample = () => {}) {
  if (body instanceof Uint8Array) return body.byteLength;
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (++chunks % 16 === 0) sample();
  }
  return bytes;
}

/** One measurement, in this (child) process. */
async function measure(mode: Mode, format: ExportFormat): Promise<Measured> {
  LINES = linesPer(format);
  const heads = Array.from({ length: RECORDS }, (_, i) => head(i + 1));
  // Both ways load the same code first (the Word library on its first use), so the idle process counts it too.
  await drain((await buildExport([heads[0]!], options(format), load)).body);
  const base = live();
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, live());
  };
  // Collections for the samples are CPU too: the CPU figure comes from a run without them.
  const before = process.cpuUsage();
  let bytes = 0;
  if (mode === 'new') bytes = await drain((await buildExport(heads, options(format), load)).body);
  if (mode === 'old') {
    // The old path: all lines read at once, every file rendered and kept, then one zip in memory.
    const records = await load(heads);
    const files: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
    for (const record of records) {
      const file = await buildExport([{ ...record, lineCount: record.lines.length }], options(format), async () => [record]);
      files[`${record.id}.${format}`] = [file.body as Uint8Array, { level: format === 'docx' ? 0 : 6 }];
    }
    const zipped = zipSync(files);
    bytes = zipped.byteLength;
    sample(); // all files and the zip of them are held here
  }
  const cpu = process.cpuUsage(before);
  if (mode === 'new') await drain((await buildExport(heads, options(format), load)).body, sample);
  return { rssMiB: process.resourceUsage().maxRSS / 1024, liveMiB: peak - base, cpuS: (cpu.user + cpu.system) / 1e6, bytes };
}

/** The dubbing zip's CPU per GiB of video passing through it: old (fflate, CRC in JS) or new (native CRC). */
async function videoCost(mode: 'old' | 'new'): Promise<number> {
  const chunk = new Uint8Array(MiB).map((_, i) => (i * 31) & 0xff);
  const count = VIDEO_BYTES / MiB;
  const before = process.cpuUsage();
  if (mode === 'new') {
    let left = count;
    const stream = new ReadableStream<Uint8Array>({ pull: (c) => (left-- > 0 ? c.enqueue(chunk) : c.close()) });
    await drain(zipStream([{ name: 'video.mp4', data: { size: VIDEO_BYTES, stream } }]));
  } else {
    await new Promise<void>((resolve, reject) => {
      const zip = new Zip((err, _data, final) => (err ? reject(err) : final && resolve()));
      const file = new ZipPassThrough('video.mp4');
      zip.add(file);
      for (let i = 0; i < count; i++) file.push(chunk, i === count - 1);
      zip.end();
    });
  }
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1e6 / (VIDEO_BYTES / 1024 ** 3);
}

const run = promisify(execFile);

async function child(args: string[]): Promise<Measured & { perGiB?: number }> {
  const { stdout } = await run(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1]!, '--child', ...args, ...(QUICK ? ['--quick'] : [])], {
    maxBuffer: 16 * MiB,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

async function main() {
  const at = process.argv.indexOf('--child');
  if (at >= 0) {
    const [what, format] = process.argv.slice(at + 1) as [string, ExportFormat];
    const result =
      what === 'video-old' || what === 'video-new' ? { perGiB: await videoCost(what === 'video-old' ? 'old' : 'new') } : await measure(what as Mode, format);
    console.log(JSON.stringify(result));
    return;
  }
  console.log(`${BENCH}: ${RECORDS} records of bilingual lines${QUICK ? ' (quick)' : ''}; peak memory above an idle process`);
  const figures: Record<string, number> = {};
  for (const format of FORMATS) {
    const idle = await child(['idle', format]);
    for (const mode of ['old', 'new'] as const) {
      const m = await child([mode, format]);
      const lines = RECORDS * linesPer(format);
      const peak = Math.max(0, m.rssMiB - idle.rssMiB);
      const perLineMs = (m.cpuS * 1000) / lines;
      console.log(
        `  ${format.padEnd(4)} ${mode} (${lines} lines): live ${m.liveMiB.toFixed(1)} MiB, RSS +${peak.toFixed(1)} MiB, ` +
          `${m.cpuS.toFixed(2)} s CPU, ${((m.cpuS * 1000) / RECORDS).toFixed(2)} ms/record, ` +
          `${(perLineMs * 1000).toFixed(1)} µs/line, zip ${(m.bytes / MiB).toFixed(1)} MiB`,
      );
      figures[`${format} ${mode} CPU`] = m.cpuS;
      figures[`${format} ${mode} bytes`] = m.bytes;
      // Live memory is reported, not required: a quick run's few records can leave it within the collector's noise.
      if (mode === 'new' && !QUICK) {
        // Quick runs are too short (start-up and compilation dominate) to size anything by.
        const max = EXPORT_MAX_LINES[format];
        console.log(`       limit ${max} lines → ≈ ${((perLineMs * max) / 1000).toFixed(1)} s CPU here (request limit ${CPU_LIMIT_S} s)`);
      }
    }
  }
  const oldVideo = (await child(['video-old'])).perGiB!;
  const newVideo = (await child(['video-new'])).perGiB!;
  console.log(`  dubbing zip: ${oldVideo.toFixed(2)} s CPU per GiB of video with fflate's CRC (old), ${newVideo.toFixed(2)} s with the native one (new)`);
  requireFigures(BENCH, { ...figures, 'video old s/GiB': oldVideo, 'video new s/GiB': newVideo });
}

await main();
