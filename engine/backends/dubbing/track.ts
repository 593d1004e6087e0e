/**
 * The new voice as one raw PCM16 track as long as the video, written to disk line after line. Memory stays
 * flat however many lines there are, and ffmpeg reads it as an ordinary input at its own pace.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { toBuffer } from './pcm';

const SILENCE = Buffer.alloc(64 * 1024);

export class VoiceTrack {
  private readonly out: WriteStream;
  private position = 0;

  constructor(
    path: string,
    private readonly length: number,
  ) {
    this.out = createWriteStream(path);
  }

  private async write(buf: Buffer) {
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  private async silenceUntil(sample: number) {
    while (this.position < sample) {
      const n = Math.min(sample - this.position, SILENCE.length / 2);
      await this.write(SILENCE.subarray(0, n * 2));
      this.position += n;
    }
  }

  /** Lines come in time order; anything before the current position or past the track's end is dropped. */
  async place(start: number, pcm: Int16Array) {
    await this.silenceUntil(Math.min(start, this.length));
    const from = this.position - start;
    const part = pcm.subarray(from, from + this.length - this.position);
    if (part.length === 0) return;
    await this.write(toBuffer(part));
    this.position += part.length;
  }

  async finish() {
    await this.silenceUntil(this.length);
    this.out.end();
    await once(this.out, 'close');
  }

  /** Closes the file after a failure, so the folder holding it can be removed. */
  abort() {
    this.out.destroy();
  }
}
