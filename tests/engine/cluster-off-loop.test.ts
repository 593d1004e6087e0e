/**
 * Speaker clustering runs off the engine's event loop: while a 2,000-line file is being clustered, a live
 * meeting on the same engine keeps getting its partials, and the clustering still finds its speakers.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_PATHS } from '../../contracts/engine';
import { auth, useEngine } from './helpers';
import { partialsWhile } from './partials-beside';

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
    const { truth, embeddings } = threeVoices(2000);
    const { result, partials } = await partialsWhile(ctx.engine.url, async () => {
      const res = await fetch(`${ctx.engine.url}${ENGINE_PATHS.cluster}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ embeddings }),
      });
      return { status: res.status, clustered: (await res.json()) as { speakers: number; labels: string[] } };
    });
    const { status, clustered } = result;

    console.log(`[cluster off loop] ${partials} partials while the clustering was pending`);
    expect(partials).toBeGreaterThanOrEqual(3);
    expect(status).toBe(200);
    expect(clustered.speakers).toBe(3);
    // Each voice is one label: the same labels wherever the same voice spoke.
    const labelOf = new Map<number, string>();
    truth.forEach((v, i) => {
      labelOf.set(v, labelOf.get(v) ?? clustered.labels[i]!);
    });
    expect(new Set(labelOf.values()).size).toBe(3);
    expect(clustered.labels).toEqual(truth.map((v) => labelOf.get(v)));
  });
});
