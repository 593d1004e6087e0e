import { createServer, type Server } from 'node:http';
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, file, post, postJson, sh, speak, startEngine, tempDir, type RunningEngine } from './helpers';

let engine: RunningEngine;
let tmp: ReturnType<typeof tempDir>;
let files: Record<string, string>;
let fileServer: Server;
let fileBase: string;

/** A static file server with Range support, standing in for the Worker's signed R2 URLs. */
function serveDir(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = join(dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      res.writeHead(404).end();
      return;
    }
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : size - 1;
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1, 'accept-ranges': 'bytes' });
      createReadStream(path, { start, end }).pipe(res);
    } else {
      res.writeHead(200, { 'content-length': size, 'accept-ranges': 'bytes' });
      createReadStream(path).pipe(res);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  tmp = tempDir();
  const d = tmp.dir;
  const wav = speak(join(d, 'speech.wav'), 'The quick brown fox jumps over the lazy dog.', 'en-us', 0.5);
  const video = ['-f', 'lavfi', '-i', 'color=c=blue:s=64x48:r=10', '-i', wav, '-shortest'];
  const make = (name: string, args: string[]) => {
    sh('ffmpeg', ['-v', 'error', '-y', ...args, join(d, name)]);
    return join(d, name);
  };
  files = {
    wav,
    mp3: make('speech.mp3', ['-i', wav, '-c:a', 'libmp3lame', '-ar', '44100', '-ac', '2']),
    ogg: make('speech.ogg', ['-i', wav, '-c:a', 'libvorbis', '-ar', '48000']),
    mp4: make('speech.mp4', [...video, '-c:v', 'mpeg4', '-c:a', 'aac']),
    wmv: make('speech.wmv', [...video, '-c:v', 'wmv2', '-c:a', 'wmav2']),
    avi: make('speech.avi', [...video, '-c:v', 'mpeg4', '-c:a', 'libmp3lame']),
    flv: make('speech.flv', [...video, '-c:v', 'flv', '-c:a', 'libmp3lame', '-ar', '44100']),
    mkv: make('speech.mkv', ['-i', wav, '-c:a', 'libvorbis']),
    png: make('image.png', ['-f', 'lavfi', '-i', 'color=c=red:s=32x32', '-frames:v', '1']),
    silentVideo: make('novoice.mp4', ['-f', 'lavfi', '-i', 'color=c=blue:s=64x48:r=10:d=2', '-c:v', 'mpeg4']),
  };
  // Random bytes under a media name, and an mp4 cut short before its index: both unreadable.
  files.corrupt = join(d, 'corrupt.mp3');
  writeFileSync(files.corrupt, Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)));
  files.truncated = join(d, 'truncated.mp4');
  writeFileSync(files.truncated, file(files.mp4!).subarray(0, 3000));
  engine = await startEngine();
  fileServer = await serveDir(d);
  fileBase = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await engine?.close();
  fileServer?.close();
  tmp?.cleanup();
});

describe('auth and health', () => {
  it('answers health without the secret, everything else only with it', async () => {
    expect((await fetch(`${engine.url}/v1/health`)).status).toBe(200);
    const none = await fetch(`${engine.url}/v1/capabilities`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.code).toBe('unauthorized');
    const wrong = await fetch(`${engine.url}/v1/capabilities`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${engine.url}/v1/capabilities`, { headers: auth });
    expect(right.status).toBe(200);
  });

  it('reports capabilities with reasons for what is missing', async () => {
    const caps = (await (await fetch(`${engine.url}/v1/capabilities`, { headers: auth })).json()) as any;
    expect(caps.media.available).toBe(true);
    expect(caps.media.formats).toEqual(['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv']);
    expect(caps.vad.available).toBe(true);
    const en = caps.asr.batch.find((l: any) => l.code === 'en-US');
    expect(en).toMatchObject({ available: true, backend: 'pocketsphinx' });
    const zh = caps.asr.batch.find((l: any) => l.code === 'zh-CN');
    expect(zh.available).toBe(false);
    expect(zh.reason).toMatch(/PocketSphinx/);
    expect(caps.translation.pairs).toContainEqual({ from: 'zh-CN', to: 'zh-TW', backend: 'opencc' });
  });
});

describe('probe', () => {
  const expected: Record<string, { video: boolean }> = {
    wav: { video: false },
    mp3: { video: false },
    ogg: { video: false },
    mp4: { video: true },
    wmv: { video: true },
    avi: { video: true },
    flv: { video: true },
  };
  for (const [format, { video }] of Object.entries(expected)) {
    it(`reads ${format}: duration and streams`, async () => {
      const { status, json } = await post(engine.url, '/v1/media/probe', file(files[format]!));
      expect(status).toBe(200);
      expect(json.format).toBe(format);
      // espeak's sentence is about 2.5 s, plus 0.5 s of padding each side.
      expect(json.duration).toBeGreaterThan(2.5);
      expect(json.duration).toBeLessThan(5);
      expect(json.streams.some((s: any) => s.type === 'audio')).toBe(true);
      expect(json.streams.some((s: any) => s.type === 'video')).toBe(video);
    });
  }

  it('rejects formats the product does not accept with 415', async () => {
    for (const name of ['mkv', 'png']) {
      const { status, json } = await post(engine.url, '/v1/media/probe', file(files[name]!));
      expect(status).toBe(415);
      expect(json.error.code).toBe('unsupported_media');
      expect(json.error.message).toMatch(/accepted: mp3, mp4, wav, wmv, avi, ogg, flv/);
    }
  });

  it("rejects corrupt and truncated media with 422, in the engine's words rather than ffmpeg's", async () => {
    for (const name of ['corrupt', 'truncated']) {
      const { status, json } = await post(engine.url, '/v1/media/probe', file(files[name]!));
      expect(status).toBe(422);
      expect(json.error.code).toBe('unreadable_media');
      expect(json.error.message).toBe('the media could not be read');
    }
  });

  it('rejects an empty body and a non-http URL with 400', async () => {
    expect((await post(engine.url, '/v1/media/probe', new Uint8Array(0))).status).toBe(400);
    expect((await postJson(engine.url, '/v1/media/probe', { url: 'file:///etc/passwd' })).status).toBe(400);
  });

  it('streams from a signed URL, seeking with Range requests (mp4 index read remotely)', async () => {
    const { status, json } = await postJson(engine.url, '/v1/media/probe', { url: `${fileBase}/speech.mp4` });
    expect(status).toBe(200);
    expect(json.format).toBe('mp4');
    // Storage that does not deliver says nothing of the media: not "unreadable" (on which the Worker deletes the
    // upload) but a fault to try again, and ffmpeg's text (the status an address answered with) is not passed on.
    const missing = await postJson(engine.url, '/v1/media/probe', { url: `${fileBase}/missing.mp4` });
    expect(missing.status).toBe(502);
    expect(missing.json.error).toEqual({ code: 'upstream', message: 'the media could not be fetched from storage' });
  });
});

describe('extract', () => {
  it('turns any accepted format into 16 kHz mono PCM16 WAV', async () => {
    for (const format of ['mp3', 'flv', 'wmv']) {
      const res = await fetch(`${engine.url}/v1/media/extract`, { method: 'POST', headers: auth, body: file(files[format]!) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      const wav = Buffer.from(await res.arrayBuffer());
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt16LE(22)).toBe(1); // mono
      expect(wav.readUInt32LE(24)).toBe(16_000);
      expect(wav.readUInt16LE(34)).toBe(16);
      const seconds = (wav.length - 44) / 32_000;
      expect(seconds).toBeGreaterThan(2.5);
      expect(seconds).toBeLessThan(5);
    }
  });

  it('extracts raw PCM from a URL', async () => {
    const res = await fetch(`${engine.url}/v1/media/extract`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${fileBase}/speech.avi`, format: 's16le' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/audio\/L16; rate=16000/);
    expect((await res.arrayBuffer()).byteLength / 32_000).toBeGreaterThan(2.5);
  });

  it('refuses a video without sound with 422 no_audio', async () => {
    const res = await fetch(`${engine.url}/v1/media/extract`, { method: 'POST', headers: auth, body: file(files.silentVideo!) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).error.code).toBe('no_audio');
  });
});
