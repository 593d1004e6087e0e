import { env } from 'cloudflare:workers';
import { describe, expect, inject, it, vi } from 'vitest';
import type { TranscriptSegment } from '../../contracts/engine';
import { MEETING, type ServerMessage } from '../../contracts/meeting';
import { LiveRecognition } from '../../durable-objects/meeting-recognition';
import { STREAM_MOVING_CLOSE_CODE } from '../../contracts/engine';
import { roomState } from './room-parts';
import { STAND_IN_URL } from './engine-stand-in';

/**
 * A meeting's live recognition (durable-objects/meeting-recognition.ts) against the real engine's stream:
 * the host's frames advance the meeting's clock and come back as finals on it; a recogniser that fails
 * leaves the audio it was sent as a gap and asks the room to pause.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const FRAME_BYTES = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;

function frames(pcm: Uint8Array) {
  const out: ArrayBuffer[] = [];
  for (let i = 0; i < pcm.length; i += FRAME_BYTES) out.push(pcm.slice(i, i + FRAME_BYTES).buffer);
  return out;
}

function collecting() {
  const finals: TranscriptSegment[] = [];
  const sent: ServerMessage[] = [];
  const failures: string[] = [];
  let failed: (detail: string) => void = () => {};
  const failure = new Promise<string>((resolve) => (failed = resolve));
  const hooks = {
    broadcast: (msg: ServerMessage) => void sent.push(msg),
    mask: (text: string) => text,
    final: async (segment: TranscriptSegment) => void finals.push(segment),
    failed: async (detail: string) => {
      failures.push(detail);
      failed(detail);
    },
  };
  return { finals, sent, failures, failure, hooks };
}

describe('live recognition', () => {
  it("turns the host's frames into finals on the meeting's clock and waits for the last ones at the end", async () => {
    const pcm = decode(inject('librivoxWav')).slice(44);
    const words = inject('librivoxText').toLowerCase().split(/\s+/);
    const room = roomState();
    const { finals, failures, hooks } = collecting();
    // Room enough for a busy machine: this test is about what comes back, not how fast.
    const recognition = new LiveRecognition(env, room, { endWait: { quietMs: 30_000, maxMs: 120_000 }, maxLagMs: 600_000 }, hooks);
    for (const frame of frames(pcm)) recognition.hear(frame);
    expect(room.meta.durationMs).toBe(pcm.length / 32);
    await recognition.end();
    expect(failures).toEqual([]);
    expect(room.meta.gaps ?? []).toEqual([]);
    const heard = finals.map((f) => f.text.toLowerCase()).join(' ');
    expect(words.filter((w) => heard.includes(w)).length / words.length).toBeGreaterThan(0.5);
    for (const f of finals) {
      expect(f.start).toBeGreaterThanOrEqual(0);
      expect(f.end * 1000).toBeLessThanOrEqual(room.meta.durationMs + 1);
      expect(f.embedding?.length).toBeGreaterThan(0);
    }
  }, 180_000);

  it('keeps the audio a failed recogniser was sent as a gap and asks the room to pause', async () => {
    const room = roomState({ sourceLanguage: 'xx-XX', durationMs: 4000 });
    const { failure, hooks } = collecting();
    const recognition = new LiveRecognition(env, room, { endWait: { quietMs: 1000, maxMs: 5000 }, maxLagMs: 30_000 }, hooks);
    for (const frame of frames(new Uint8Array(MEETING.sampleRate * 2))) recognition.hear(frame);
    expect(await failure).toMatch(/\S/);
    expect(room.meta.gaps).toEqual([{ fromMs: 4000, toMs: 5000 }]);
    await recognition.end();
    expect(room.meta.gaps).toEqual([{ fromMs: 4000, toMs: 5000 }]);
  });

  it('moves to another engine when its engine drains: the old one delivers its last finals, the rest is heard elsewhere or kept as a gap', async () => {
    const pcm = decode(inject('librivoxWav')).slice(44);
    const all = frames(pcm);
    const room = roomState();
    const { finals, failures, hooks } = collecting();
    // The first connection reaches a draining engine (a stand-in named as such, speaking the engine's stream
    // protocol): it finishes what it heard up to 1 s, says `moving`, then closes as a draining engine does.
    // Every later connection goes to the real engine.
    const real = globalThis.fetch;
    const opened: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(STAND_IN_URL)) return real(input, init);
      opened.push(url);
      if (opened.length > 1) return real(url.replace(STAND_IN_URL, env.ENGINE_URL), init);
      const { 0: client, 1: server } = new WebSocketPair();
      server.accept();
      let said = false;
      server.addEventListener('message', () => {
        if (said) return;
        said = true;
        server.send(JSON.stringify({ type: 'moving', end: 1 }));
        server.send(JSON.stringify({ type: 'final', utterance: 0, text: 'heard before the drain', start: 0.2, end: 0.9 }));
        server.send(JSON.stringify({ type: 'closed' }));
        server.close(STREAM_MOVING_CLOSE_CODE, 'moving');
      });
      return new Response(null, { status: 101, webSocket: client });
    });
    try {
      const recognition = new LiveRecognition(
        { ...env, ENGINE_URL: STAND_IN_URL } as Env,
        room,
        { endWait: { quietMs: 30_000, maxMs: 120_000 }, maxLagMs: 600_000 },
        hooks,
      );
      // Two seconds of speech reach the draining engine; the rest is sent once the room has moved.
      for (const frame of all.slice(0, 20)) recognition.hear(frame);
      await vi.waitFor(() => expect(room.meta.gaps?.length).toBe(1), { timeout: 30_000, interval: 50 });
      for (const frame of all.slice(20)) recognition.hear(frame);
      await recognition.end();
      expect(failures).toEqual([]);
      expect(opened).toHaveLength(2);
      // What the draining engine was sent past its end is kept for the room to recognise from the stored audio.
      expect(room.meta.gaps).toEqual([{ fromMs: 1000, toMs: 2000 }]);
      expect(finals[0]?.text).toBe('heard before the drain');
      // The new connection hears the rest, on the meeting's clock from where it opened.
      const later = finals.slice(1);
      expect(later.length).toBeGreaterThan(0);
      for (const f of later) expect(f.start * 1000).toBeGreaterThanOrEqual(2000 - 1);
    } finally {
      spy.mockRestore();
    }
  }, 180_000);
});
