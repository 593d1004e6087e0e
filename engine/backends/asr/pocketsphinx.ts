/**
 * A persistent PocketSphinx decoder in a child process (Debian's python3-pocketsphinx; see
 * pocketsphinx_worker.py for the protocol). Requests are serialised per process: the decoder has one state.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Word } from '../../../contracts/engine';

const SCRIPT = fileURLToPath(new URL('./pocketsphinx_worker.py', import.meta.url));

export const POCKETSPHINX_LANGUAGES = ['en-US'];

export interface DecodeResult {
  text: string;
  words: Word[];
}

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (err: Error) => void;
}

export class PocketSphinxDecoder {
  private child: ChildProcessWithoutNullStreams;
  private pending: Pending[] = [];
  private dead: Error | null = null;
  readonly ready: Promise<void>;

  constructor(python: string, modelDir: string) {
    this.child = spawn(python, [SCRIPT, modelDir], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    const lines = createInterface({ input: this.child.stdout });
    let markReady: () => void = () => {};
    let failReady: (err: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    let started = false;
    lines.on('line', (line) => {
      if (!started) {
        started = true;
        markReady();
        return;
      }
      const p = this.pending.shift();
      if (!p) return;
      try {
        const msg = JSON.parse(line) as Record<string, unknown>;
        if (typeof msg.error === 'string') p.reject(new Error(`pocketsphinx: ${msg.error}`));
        else p.resolve(msg);
      } catch (err) {
        p.reject(err as Error);
      }
    });
    const fail = (err: Error) => {
      this.dead = err;
      failReady(err);
      for (const p of this.pending.splice(0)) p.reject(err);
    };
    this.child.on('error', fail);
    this.child.on('exit', (code, sig) => fail(new Error(`pocketsphinx decoder exited (${code ?? sig}): ${stderr.trim()}`)));
    this.child.stdin.on('error', () => {});
  }

  get alive() {
    return this.dead === null;
  }

  private request(header: Record<string, unknown>, pcm?: Int16Array): Promise<Record<string, unknown>> {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      const bytes = pcm ? Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) : null;
      this.child.stdin.write(`${JSON.stringify({ ...header, n: bytes?.length ?? 0 })}\n`);
      if (bytes?.length) this.child.stdin.write(bytes);
    });
  }

  private static toResult(msg: Record<string, unknown>, offset: number): DecodeResult {
    const words = (msg.words as [string, number, number][] | undefined) ?? [];
    return {
      text: String(msg.text ?? ''),
      words: words.map(([word, start, end]) => ({ word, start: round(offset + start), end: round(offset + end) })),
    };
  }

  /** One whole utterance; word times are shifted by `offset` seconds. */
  async decode(pcm: Int16Array, offset = 0): Promise<DecodeResult> {
    return PocketSphinxDecoder.toResult(await this.request({ op: 'decode' }, pcm), offset);
  }

  async start(): Promise<void> {
    await this.request({ op: 'start' });
  }

  /** Adds live audio; returns the current partial hypothesis when `hyp`, else null. */
  async feed(pcm: Int16Array, hyp = true): Promise<string | null> {
    const msg = await this.request({ op: 'feed', hyp }, pcm);
    return typeof msg.text === 'string' ? msg.text : null;
  }

  async end(offset = 0): Promise<DecodeResult> {
    return PocketSphinxDecoder.toResult(await this.request({ op: 'end' }), offset);
  }

  close() {
    this.child.stdin.end();
    this.child.kill();
  }
}

const round = (s: number) => Math.round(s * 1000) / 1000;

export function pocketsphinxStatus(python: string, modelDir: string): { available: boolean; reason: string | null } {
  if (!existsSync(python)) return { available: false, reason: `${python} not found (apt-get install python3-pocketsphinx)` };
  if (!existsSync(`${modelDir}/en-us.lm.bin`)) {
    return { available: false, reason: `PocketSphinx en-US model missing in ${modelDir} (apt-get install pocketsphinx-en-us)` };
  }
  return { available: true, reason: null };
}
