/**
 * Every decode has a limit derived from the media's length: an extraction whose ffmpeg stops making progress (here,
 * storage that stops sending the upload halfway) fails with a timeout that says so, and stores nothing, instead of
 * keeping its job "running" forever.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractJob } from '../../engine/backends/media/extract-job';
import { loadConfig } from '../../engine/config';
import { file, speak, tempDir } from './helpers';
import { objectStore } from './object-store';

let tmp: ReturnType<typeof tempDir>;
let stalling: Server;
let stallingUrl: string;
let store: Awaited<ReturnType<typeof objectStore>>;

beforeAll(async () => {
  tmp = tempDir();
  store = await objectStore();
  const wav = file(speak(join(tmp.dir, 'speech.wav'), 'Storage stops sending this file halfway through.', 'en-us', 1));
  let requests = 0;
  // The first read (the probe) gets the whole file; later ones get half of it and then nothing, with the connection open.
  stalling = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
    if (requests++ === 0) res.end(wav);
    else res.write(wav.subarray(0, wav.length >> 1));
  });
  await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
  stallingUrl = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/upload.wav`;
});

afterAll(async () => {
  stalling?.closeAllConnections();
  stalling?.close();
  await store?.close();
  tmp?.cleanup();
});

describe('a decode that hangs', () => {
  it('fails its extraction with a timeout past the limit for the media, storing nothing', async () => {
    const limits: number[] = [];
    const job = extractJob(
      { id: 'hung', url: stallingUrl, put: store.url('audio.wav') },
      {
        ...loadConfig({}),
        tmpDir: join(tmp.dir, 'engine'),
        timeoutMs: (seconds) => {
          limits.push(seconds);
          return 1500;
        },
      },
    );
    await expect(job).rejects.toMatchObject({ status: 504, code: 'timeout', message: expect.stringMatching(/took longer than 2 s.*ffmpeg was stopped/) });
    // The limit came from the probed length of the media (about 4 s of speech and silence).
    expect(limits).toHaveLength(1);
    expect(limits[0]).toBeGreaterThan(3);
    expect(store.objects.has('audio.wav')).toBe(false);
  });
});
