/**
 * The Worker's streaming zip writer (worker/services/export/zip.ts) read back by Info-ZIP's `unzip` and
 * Python's `zipfile`, which live on this side of the fence (Node, not workerd). The archive past 4 GiB is
 * never held anywhere: its video is one buffer of zeros passed 4,097 times, and the file on disk is sparse,
 * written only where the archive is not that buffer.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipStream } from '../../worker/services/export/zip';
import type { ZipEntry } from '../../worker/services/export/zip';

const run = promisify(execFile);
const MiB = 1024 * 1024;
const ZEROS = new Uint8Array(MiB);
const BIG = 4096 * MiB + MiB; // 4 GiB and one MiB: past every 32-bit field

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip64-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stream of `size` zero bytes, one shared buffer at a time. */
function zeros(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left === 0) return controller.close();
      const chunk = left >= MiB ? ZEROS : ZEROS.subarray(0, left);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** Writes the archive to `path`, skipping (leaving as holes) the chunks that are the shared zero buffer. */
async function save(stream: ReadableStream<Uint8Array>, path: string) {
  const file = await open(path, 'w');
  let at = 0;
  try {
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      if (chunk.buffer !== ZEROS.buffer) await file.write(chunk, 0, chunk.byteLength, at);
      at += chunk.byteLength;
    }
    await file.truncate(at);
  } finally {
    await file.close();
  }
  return at;
}

/**
 * What Python's zipfile makes of the archive: each entry's name, size, offset and first bytes, and with `crc`
 * the first entry whose CRC does not match (null when all do).
 */
async function pythonView(path: string, crc: boolean) {
  const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip() if sys.argv[2] == "crc" else None
    entries = [{"name": i.filename, "size": i.file_size, "offset": i.header_offset, "head": z.open(i).read(16).decode("latin-1")} for i in z.infolist()]
    print(json.dumps({"bad": bad, "entries": entries}))
`;
  const { stdout } = await run('python3', ['-c', script, path, crc ? 'crc' : 'list'], { maxBuffer: 64 * MiB });
  return JSON.parse(stdout) as { bad: string | null; entries: { name: string; size: number; offset: number; head: string }[] };
}

describe('streaming zip writer', () => {
  it('writes ZIP64 records for an entry past 4 GiB and an entry that starts past it, which unzip and Python verify', async () => {
    const path = join(dir, 'big.zip');
    const text = new TextEncoder().encode('字幕 subtitles\n'.repeat(100));
    const entries: ZipEntry[] = [
      { name: '配音.srt', data: text, compress: true },
      { name: 'video.mp4', data: { size: BIG, stream: zeros(BIG) } },
      { name: '配音.srt', data: new TextEncoder().encode('after the big one'), compress: false },
    ];
    const length = await save(zipStream(entries), path);
    expect(length).toBeGreaterThan(BIG);

    const { stdout: listing } = await run('zipinfo', [path]);
    expect(listing).toMatch(/4296015872 .* video\.mp4/);
    const { stdout: tested } = await run('unzip', ['-t', path], { maxBuffer: 16 * MiB });
    expect(tested).toMatch(/No errors detected/);
    // Names read the same from both headers, in Chinese, by a tool that goes by the Unicode Path field.
    expect(tested).toContain('testing: 配音(1).srt');

    // unzip has checked every CRC; Python reads the ZIP64 records on its own.
    const view = await pythonView(path, false);
    expect(view.entries.map((e) => [e.name, e.size])).toEqual([
      ['配音.srt', text.byteLength],
      ['video.mp4', BIG],
      ['配音(1).srt', 17],
    ]);
    expect(view.entries[2]!.offset).toBeGreaterThan(2 ** 32);
    expect(view.entries[2]!.head).toBe('after the big on');
  }, 600_000);

  it('counts more than 65,535 entries through the ZIP64 end record', async () => {
    const path = join(dir, 'many.zip');
    const count = 70_000;
    function* many(): Generator<ZipEntry> {
      for (let i = 0; i < count; i++) yield { name: `line-${i}.txt`, data: new TextEncoder().encode(`line ${i}`), compress: false };
    }
    await save(zipStream(many()), path);
    const view = await pythonView(path, true);
    expect(view.bad).toBeNull();
    expect(view.entries).toHaveLength(count);
    expect(view.entries.at(-1)).toMatchObject({ name: `line-${count - 1}.txt`, head: `line ${count - 1}` });
  }, 300_000);

  it('fails the download when a stream brings fewer bytes than its entry promised', async () => {
    const stream = zipStream([{ name: 'short.mp4', data: { size: 10 * MiB, stream: zeros(MiB) } }]);
    await expect(save(stream, join(dir, 'short.zip'))).rejects.toThrow(/1048576 bytes arrived, 10485760 expected/);
  });
});
