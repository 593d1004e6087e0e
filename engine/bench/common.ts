/** Bench set-up: an in-process engine on a free port and a LibriVox recording built with ffmpeg. */
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { loadConfig } from '../config';
import { Engine } from '../engine';
import { createEngineServer } from '../server';

// Without the engine, for the Worker suite's set-up too.
export { librivoxRecording } from './librivox';

export const SECRET = 'bench-secret';

export async function startBenchEngine(overrides: Record<string, unknown> = {}) {
  const config = { ...loadConfig(), secret: SECRET, ...overrides };
  const engine = await Engine.start(config);
  const server = createEngineServer(engine);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      server.close();
      engine.close();
    },
  };
}

/** The utterance end (of `ends`) nearest to a result's own end time, all in seconds. */
export const nearestEnd = (ends: readonly number[], resultEnd: number) =>
  ends.reduce((best, e) => (Math.abs(e - resultEnd) < Math.abs(best - resultEnd) ? e : best));

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / (s.length || 1), p50: q(0.5), p95: q(0.95), max: s.at(-1) ?? NaN };
};

/**
 * One long POST with node:http: fetch gives up on answers that take more than 300 s to start. Each on a fresh
 * connection (`agent: false`): a kept-alive one the engine closed while the bench prepared its next audio fails
 * with ECONNRESET.
 */
export function postLong(url: string, body: Buffer, secret: string) {
  return new Promise<string>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { authorization: `Bearer ${secret}`, 'content-length': body.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`engine answered ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
