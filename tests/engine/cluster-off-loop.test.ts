/**
 * Speaker clustering runs off the engine's event loop: while a 2,000-line file is being clustered, a live
 * meeting on the same engine keeps getting its partials, and the clustering still finds its speakers.
 */
import { join } from 'node:path';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { ENGINE_PATHS, type StreamServerMessage } from '../../contracts/engine';
import { LIBRIVOX, SECRET, auth, file, librivoxReference, useEngine } from './helpers';

const ctx = useEngine();

/** 2,000 embeddings of 24 values around three voices, the voices taking turns; seeded, so every run is alike. */
function threeVoices(count: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const centres = [0, 1, 2].map(() => Array.from({ length: 24 }, () => (random() - 0.5) * 20));
  const truth = Array.from({ length: count }, (_, i) => i % 3);
  return { truth, embeddings: truth.map((v) => centres[v]!.map((c) => Math.round((c + (random() - 0.5) * 6) * 1e4) / 1e4)) };
}

describe('speaker clustering beside a live stream', () => {
  it('keeps sending live partials while 2,000 lines are clustered, and labels the three voices', async () => {
    // Three LibriVox clips back to back, streamed at real-time pace: about 20 s of continuous speech.
    const pcm = Buffer.concat(
      librivoxReference()
        .slice(0, 3)
        .map((r) => file(join(LIBRIVOX, `${r.id}.wav`)).subarray(44)),
    );
    const ws = new WebSocket(`${ctx.engine.url.replace('http', 'ws')}${ENGINE_PATHS.stream}?language=en-US`, {
      headers: { authorization: `Bearer ${SECRET}` },
    });
    const events: string[] = [];
    let firstPartial: () => void = () => {};
    const partialSeen = new Promise<void>((resolve) => (firstPartial = resolve));
    const closed = new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as StreamServerMessage;
        if (msg.type === 'partial') {
          events.push('partial');
          firstPartial();
        }
        if (msg.type === 'closed') resolve();
      });
      ws.on('error', reject);
    });
    await new Promise((resolve) => ws.on('open', resolve));
    const sending = (async () => {
      for (let off = 0; off < pcm.length && ws.readyState === WebSocket.OPEN; off += 3200) {
        ws.send(pcm.subarray(off, Math.min(pcm.length, off + 3200)));
        await new Promise((r) => setTimeout(r, 100));
      }
      ws.send(JSON.stringify({ type: 'end' }));
    })();

    await partialSeen;
    const { truth, embeddings } = threeVoices(2000);
    events.push('cluster asked');
    const res = await fetch(`${ctx.engine.url}${ENGINE_PATHS.cluster}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ embeddings }),
    });
    const clustered = (await res.json()) as { speakers: number; labels: string[] };
    events.push('cluster answered');

    // On the event loop the clustering would hold every partial back until it answered.
    const pending = events.slice(events.indexOf('cluster asked'), events.indexOf('cluster answered'));
    console.log(`[cluster off loop] ${pending.filter((e) => e === 'partial').length} partials while the clustering was pending`);
    expect(pending.filter((e) => e === 'partial').length).toBeGreaterThanOrEqual(3);
    expect(res.status).toBe(200);
    expect(clustered.speakers).toBe(3);
    // Each voice is one label: the same labels wherever the same voice spoke.
    const labelOf = new Map<number, string>();
    truth.forEach((v, i) => {
      labelOf.set(v, labelOf.get(v) ?? clustered.labels[i]!);
    });
    expect(new Set(labelOf.values()).size).toBe(3);
    expect(clustered.labels).toEqual(truth.map((v) => labelOf.get(v)));

    await sending;
    await closed;
  });
});
