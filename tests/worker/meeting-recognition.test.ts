import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { TranscriptSegment } from '../../contracts/engine';
import { MEETING, type ServerMessage } from '../../contracts/meeting';
import { LiveRecognition } from '../../durable-objects/meeting-recognition';
import { roomState } from './room-parts';

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
});
