/** Shared test set-up: a real engine on a free port, and real media made with espeak-ng and ffmpeg. */
import { afterAll, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { loadConfig, type EngineConfig } from '../../engine/config';
import { Engine } from '../../engine/engine';
import { createEngineServer } from '../../engine/server';
import WebSocket from 'ws';
import type { StreamServerMessage } from '../../contracts/engine';

/** Fresh per run and long, as an engine outside development requires (contracts/secrets.ts). */
export const SECRET = randomBytes(32).toString('base64url');
export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

export interface RunningEngine {
  url: string;
  engine: Engine;
  close(): Promise<void>;
}

export async function startEngine(overrides: Partial<EngineConfig> = {}): Promise<RunningEngine> {
  const config = { ...loadConfig({}), secret: SECRET, port: 0, host: '127.0.0.1', ...overrides };
  const engine = await Engine.start(config);
  const server: Server = createEngineServer(engine);
  await new Promise<void>((resolve) => server.listen(0, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    engine,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      engine.close();
    },
  };
}

export const auth = { authorization: `Bearer ${SECRET}` };

export async function post(base: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method: 'POST', body, headers: { ...auth, ...headers } });
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

export const postJson = (base: string, path: string, body: unknown) => post(base, path, JSON.stringify(body), { 'content-type': 'application/json' });

export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'engine-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function sh(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** espeak-ng speech at 16 kHz mono, with `pad` seconds of silence before and after. */
export function speak(out: string, text: string, voice = 'en-us', pad = 0) {
  const raw = `${out}.raw.wav`;
  sh('espeak-ng', ['-v', voice, '-s', '150', '-w', raw, text]);
  const filter = pad ? ['-af', `adelay=${pad * 1000},apad=pad_dur=${pad}`] : [];
  sh('ffmpeg', ['-v', 'error', '-y', '-i', raw, ...filter, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', out]);
  return out;
}

export function file(path: string) {
  return readFileSync(path);
}

export function librivoxReference(): { id: string; text: string }[] {
  return readFileSync(join(LIBRIVOX, 'transcription'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^<s>\s*(.*?)\s*<\/s>\s*\((.+)\)$/.exec(line.trim())!;
      return { id: m[2]!, text: m[1]! };
    });
}

/** Word error rate: word-level Levenshtein distance over the reference length. */
export function wer(reference: string, hypothesis: string): { errors: number; words: number } {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z' ]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const r = norm(reference);
  const h = norm(hypothesis);
  let prev = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i++) {
    const cur = [i];
    for (let j = 1; j <= h.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return { errors: prev[h.length]!, words: r.length };
}

/** One engine and one temporary folder per test file: started before its tests, stopped after them. */
export function useEngine() {
  const ctx = {} as { engine: RunningEngine; tmp: ReturnType<typeof tempDir> };
  beforeAll(async () => {
    ctx.tmp = tempDir();
    ctx.engine = await startEngine();
  });
  afterAll(async () => {
    await ctx.engine?.close();
    ctx.tmp?.cleanup();
  });
  return ctx;
}

/** A live-recognition socket on the engine at `url`, with the engine's secret. */
export function openStream(url: string, query: string) {
  return new WebSocket(`${url.replace('http', 'ws')}/v1/asr/stream?${query}`, { headers: { authorization: `Bearer ${SECRET}` } });
}

/** Streams PCM16 in 100 ms frames, ten times faster than real time, ends the stream, and returns every message back. */
export async function streamPcm(url: string, pcm: Buffer, query: string): Promise<StreamServerMessage[]> {
  const ws = openStream(url, query);
  const messages: StreamServerMessage[] = [];
  const done = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as StreamServerMessage;
      messages.push(msg);
      if (msg.type === 'closed') resolve();
    });
    ws.on('error', reject);
  });
  await new Promise((resolve) => ws.on('open', resolve));
  for (let off = 0; off < pcm.length; off += 3200) {
    ws.send(pcm.subarray(off, Math.min(pcm.length, off + 3200)));
    await new Promise((r) => setTimeout(r, 10));
  }
  ws.send(JSON.stringify({ type: 'end' }));
  await done;
  ws.close();
  return messages;
}
