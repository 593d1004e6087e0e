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
    settled: () => {},
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

  it('sheds the translation of settled words last: only while far behind, not while screens merely show a delay', async () => {
    const pcm = decode(inject('librivoxWav')).slice(44);
    const room = roomState();
    const { sent, hooks } = collecting();
    // The delay screens were last told, at each settled step handed on for translation.
    let shown = 0;
    const steps: number[] = [];
    let caughtUp: () => void = () => {};
    const live = new Promise<void>((resolve) => (caughtUp = resolve));
    const recognition = new LiveRecognition(
      env,
      room,
      { endWait: { quietMs: 30_000, maxMs: 120_000 }, maxLagMs: 600_000 },
      {
        ...hooks,
        broadcast: (msg: ServerMessage) => {
          if (msg.type === 'lag') shown = msg.seconds;
          if (msg.type === 'lag' && msg.seconds === 0) caughtUp();
          hooks.broadcast(msg);
        },
        settled: () => void steps.push(shown),
      },
    );
    // All of it at once: recognition starts the whole clip behind and catches up while the meeting goes on.
    for (const frame of frames(pcm)) recognition.hear(frame);
    await live;
    await recognition.end();
    const delays = sent.flatMap((m) => (m.type === 'lag' ? [m.seconds] : []));
    expect(Math.max(...delays)).toBeGreaterThan(MEETING.lagShedTranslationSeconds);
    // Far behind, none; catching up with a delay still shown, settled words go to translation again.
    expect(steps.every((seconds) => seconds <= MEETING.lagShedTranslationSeconds)).toBe(true);
    expect(steps.some((seconds) => seconds > 0)).toBe(true);
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

  it('reconnects with back-off when its engine is killed mid-meeting: the meeting goes on, the lost stretch is a gap, no line twice', async () => {
    // The 7 s clip twice: speech before the kill, and enough after it for the back-off to end.
    const clip = decode(inject('librivoxWav')).slice(44);
    const pcm = new Uint8Array(clip.length * 2);
    pcm.set(clip);
    pcm.set(clip, clip.length);
    const all = frames(pcm);
    const room = roomState();
    const { finals, failures, sent, hooks } = collecting();
    // The first connection reaches the real engine through a relay, which the test cuts as a SIGKILL does (the
    // socket drops without the protocol's goodbye); the next two find no engine listening (it is restarting);
    // every later one reaches the real engine again.
    const real = globalThis.fetch;
    const opened: string[] = [];
    let kill: (() => void) | undefined;
    let killed = false;
    /** What the killed engine said it recognised before the kill (partials carry words while someone speaks). */
    const relayed: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(STAND_IN_URL)) return real(input, init);
      opened.push(url);
      const engineUrl = url.replace(STAND_IN_URL, env.ENGINE_URL);
      if (opened.length === 2 || opened.length === 3) throw new TypeError('connect ECONNREFUSED (the engine is restarting)');
      if (opened.length > 3) return real(engineUrl, init);
      const engine = (await real(engineUrl, init)).webSocket!;
      engine.accept();
      const { 0: client, 1: relay } = new WebSocketPair();
      relay.accept();
      // Frames arrive here as Blobs: each is read in turn, so they reach the engine in order.
      let order = Promise.resolve();
      relay.addEventListener('message', (e) => {
        const data = e.data as string | ArrayBuffer | Blob;
        order = order.then(async () => engine.send(data instanceof Blob ? await data.arrayBuffer() : data)).catch(() => undefined);
      });
      engine.addEventListener('message', (e) => {
        if (typeof e.data === 'string') relayed.push((JSON.parse(e.data) as { type: string }).type);
        if (!killed) relay.send(e.data);
      });
      kill = () => {
        killed = true;
        engine.close(1000);
        relay.close(1011, 'engine killed');
      };
      return new Response(null, { status: 101, webSocket: client });
    });
    try {
      const recognition = new LiveRecognition(
        { ...env, ENGINE_URL: STAND_IN_URL } as Env,
        room,
        { endWait: { quietMs: 30_000, maxMs: 120_000 }, maxLagMs: 600_000, reconnect: { forMs: 60_000, firstDelayMs: 200, maxDelayMs: 1_000 } },
        hooks,
      );
      // Speech until the engine is recognising it (its partials), then the kill.
      for (const frame of all.slice(0, 40)) recognition.hear(frame);
      await vi.waitFor(() => expect(relayed).toContain('partial'), { timeout: 120_000, interval: 100 });
      kill!();
      await vi.waitFor(() => expect(room.meta.gaps?.length).toBe(1), { timeout: 30_000, interval: 50 });
      // The host goes on speaking in real time: the room tries again after each back-off until the engine is back.
      for (const frame of all.slice(40)) {
        recognition.hear(frame);
        await new Promise((resolve) => setTimeout(resolve, MEETING.frameMs));
      }
      await recognition.end();

      expect(failures).toEqual([]);
      expect(opened.length).toBeGreaterThanOrEqual(4);
      // Everyone on the meeting was told once that recognition is reconnecting, and once that it is live again.
      expect(sent.filter((m) => m.type === 'recognition')).toEqual([
        { type: 'recognition', status: 'reconnecting' },
        { type: 'recognition', status: 'live' },
      ]);
      const gaps = room.meta.gaps ?? [];
      expect(gaps.length).toBeGreaterThan(0);
      // The lost stretch starts where the killed engine's last line ended and is recognised from the stored
      // audio later; the new connection's lines come after it, and no line overlaps another or a gap.
      for (const f of finals.filter((f) => f.start * 1000 < gaps[0]!.fromMs)) expect(f.end * 1000).toBeLessThanOrEqual(gaps[0]!.fromMs + 1);
      const later = finals.filter((f) => f.start * 1000 >= gaps[0]!.toMs - 1);
      expect(later.length).toBeGreaterThan(0);
      const spans = [...finals.map((f) => ({ fromMs: f.start * 1000, toMs: f.end * 1000 })), ...gaps].sort((a, b) => a.fromMs - b.fromMs);
      for (let i = 1; i < spans.length; i++) expect(spans[i]!.fromMs).toBeGreaterThanOrEqual(spans[i - 1]!.toMs - 1);
      expect(room.meta.durationMs).toBe(pcm.length / 32);
    } finally {
      spy.mockRestore();
    }
  }, 300_000);

  it('pauses the meeting with the reason when no engine answers within the bound', async () => {
    const room = roomState({ durationMs: 0 });
    const { failure, failures, sent, hooks } = collecting();
    let tries = 0;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      tries++;
      throw new TypeError('connect ECONNREFUSED');
    });
    try {
      const recognition = new LiveRecognition(
        { ...env, ENGINE_URL: STAND_IN_URL } as Env,
        room,
        { endWait: { quietMs: 1000, maxMs: 5000 }, maxLagMs: 30_000, reconnect: { forMs: 1_000, firstDelayMs: 100, maxDelayMs: 200 } },
        hooks,
      );
      const silence = new ArrayBuffer(FRAME_BYTES);
      let paused = false;
      void failure.then(() => (paused = true));
      const started = Date.now();
      while (!paused && Date.now() - started < 60_000) {
        recognition.hear(silence);
        await new Promise((resolve) => setTimeout(resolve, MEETING.frameMs));
      }
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/ECONNREFUSED/);
      expect(tries).toBeGreaterThan(2);
      // Reconnecting was announced, never live: the pause (with its reason) is what ends the notice.
      expect(sent.filter((m) => m.type === 'recognition')).toEqual([{ type: 'recognition', status: 'reconnecting' }]);
      expect(recognition.reconnecting).toBe(false);
      // Tried again for the bound, not forever; every frame heard meanwhile is kept as a gap.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      await recognition.end();
      expect(room.meta.gaps).toEqual([{ fromMs: 0, toMs: room.meta.durationMs }]);
    } finally {
      spy.mockRestore();
    }
  });
});
