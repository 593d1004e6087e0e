/**
 * Synthesised speech kept on disk, so `/v1/dub/render` reuses what `/v1/dub/fit` just spoke and a re-dub
 * only speaks the lines that changed. Least recently used entries go once the folder passes its size cap;
 * concurrent requests for the same line share one synthesis.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toBuffer, toInt16 } from './pcm';

export class SpeechCache {
  /** key → bytes, oldest use first (a Map keeps insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, number>();
  private readonly pending = new Map<string, Promise<Int16Array>>();
  private total = 0;
  private dir: Promise<string> | null = null;

  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
  ) {}

  static key(...parts: string[]): string {
    return createHash('sha256').update(parts.join('\u0000')).digest('hex');
  }

  private folder(): Promise<string> {
    this.dir ??= mkdir(this.root, { recursive: true }).then(() => mkdtemp(join(this.root, 'tts-')));
    return this.dir;
  }

  get(key: string, make: () => Promise<Int16Array>): Promise<Int16Array> {
    const running = this.pending.get(key);
    if (running) return running;
    const job = this.load(key, make).finally(() => this.pending.delete(key));
    this.pending.set(key, job);
    return job;
  }

  private async load(key: string, make: () => Promise<Int16Array>): Promise<Int16Array> {
    const path = join(await this.folder(), `${key}.pcm`);
    const bytes = this.entries.get(key);
    if (bytes !== undefined) {
      // Out of the map while being read, so an eviction running meanwhile cannot pick it.
      this.entries.delete(key);
      try {
        const pcm = toInt16(await readFile(path));
        this.entries.set(key, bytes);
        return pcm;
      } catch {
        // Removed behind our back (a tmp cleaner): speak it again.
        this.total -= bytes;
      }
    }
    const pcm = await make();
    await writeFile(path, toBuffer(pcm));
    this.entries.set(key, pcm.byteLength);
    this.total += pcm.byteLength;
    for (const [old, size] of this.entries) {
      if (this.total <= this.maxBytes || old === key) break;
      this.entries.delete(old);
      this.total -= size;
      await unlink(join(await this.folder(), `${old}.pcm`)).catch(() => {});
    }
    return pcm;
  }

  async close() {
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
  }
}
