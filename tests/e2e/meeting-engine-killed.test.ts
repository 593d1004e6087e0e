/**
 * A live meeting whose engine is killed, on `npm start`'s own setup: the real engine under the supervisor that
 * restarts it (scripts/process.mjs, as the container platform does) and the real Worker under `wrangler dev`.
 * The host streams read speech into the room; the engine process gets SIGKILL in the middle of a sentence. The
 * room tells everyone it is reconnecting, the meeting goes on (the host keeps speaking, nothing pauses), the room
 * is live again once the restarted engine answers, and the ended meeting's saved lines hold both sentences,
 * the one cut by the kill recognised from the stored audio, each said once, in time order.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { API } from '../../contracts/api-paths';
import { type MeetingAccess, type MeetingDetail, type ServerMessage, audioFrame } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import { librivoxRecording } from '../../engine/bench/librivox';
import { migrate } from '../../scripts/prepare.mjs';
import { supervise } from '../../scripts/process.mjs';
import { freePort, startEngine, startWorker } from '../../scripts/services.mjs';
import { get, post, signUpUser } from '../../bench/app';
import { framesOf, open } from '../../engine/bench/live-feed';

const state = '.wrangler/e2e-engine-killed';
const logs = { engine: 'dist/e2e-logs/engine-killed.log', worker: 'dist/e2e-logs/worker-engine-killed.log' };
/** Frames go out twice as fast as they are spoken: the room keeps its own audio clock. */
const FRAME_EVERY_MS = 50;
const SILENCE = Buffer.alloc(3200);

// Two read sentences, each followed by silence: the kill falls in the first, the second is said once the room is live again.
const rec = librivoxRecording(1.5, 2);
const firstEndsAt = Math.ceil(((rec.ends[0]! + 1.5) * 1000) / 100);
const first = framesOf(rec.pcm).slice(0, firstEndsAt);
const second = framesOf(rec.pcm).slice(firstEndsAt);

/** Share of `reference`'s words found in `text`. */
const recall = (reference: string, text: string) => {
  const heard = new Set(text.toLowerCase().split(/[^a-z']+/));
  const words = reference.toLowerCase().split(/\s+/);
  return words.filter((w) => heard.has(w)).length / words.length;
};

const supervisorLog: string[] = [];
let engine: Awaited<ReturnType<typeof supervise>>;
let stopWorker: (() => Promise<void>) | undefined;
let app: { api: string };

beforeAll(async () => {
  rmSync(state, { recursive: true, force: true });
  const [enginePort, port] = [await freePort(), await freePort()];
  const [started] = await Promise.all([
    supervise('engine', () => startEngine({ port: enginePort, log: false, logFile: logs.engine }), { log: (line: string) => supervisorLog.push(line) }),
    migrate(state),
  ]);
  engine = started;
  // As `npm start` runs it: a new account gets trial minutes to hold a meeting with.
  const worker = await startWorker({ port, enginePort, persistTo: state, log: false, logFile: logs.worker, vars: { TRIAL_MINUTES: '60' } });
  stopWorker = worker.stop;
  app = { api: `http://127.0.0.1:${port}/prod-api` };
}, 240_000);

afterAll(async () => {
  await stopWorker?.();
  await engine?.stop();
  rmSync(state, { recursive: true, force: true });
});

describe('a live meeting whose engine is killed', () => {
  it('reconnects by itself, goes on, and saves every sentence once, the cut one recognised from the recording', { timeout: 300_000 }, async () => {
    const { token } = await signUpUser(app);
    const meeting = await post<MeetingDetail>(app, API.meetings.create, { name: 'Engine killed', sourceLanguage: 'en-US', targetLanguages: [] }, token);
    const access = await get<MeetingAccess>(app, `${API.meetings.getMeeting}?id=${meeting.id}`, token);
    const host: WebSocket = await open(`${app.api.replace('http', 'ws')}${access.socket.path}?ticket=${encodeURIComponent(access.socket.ticket)}`);
    const heard: ServerMessage[] = [];
    host.on('message', (d) => heard.push(JSON.parse(String(d)) as ServerMessage));
    /** Resolves with the first message (already heard or to come) that matches, within `ms`. */
    const hears = (match: (m: ServerMessage) => boolean, what: string, ms = 120_000) =>
      new Promise<ServerMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the host never heard ${what}; heard ${heard.map((m) => m.type).join(' ')}`)), ms);
        const check = () => {
          const found = heard.find(match);
          if (!found) return;
          clearTimeout(timer);
          host.off('message', check);
          resolve(found);
        };
        host.on('message', check);
        check();
      });
    let n = 0;
    const send = (pcm: Buffer) => host.send(audioFrame(n++, new Uint8Array(pcm).buffer));
    const say = async (frames: readonly Buffer[]) => {
      for (const frame of frames) {
        send(frame);
        await new Promise((resolve) => setTimeout(resolve, FRAME_EVERY_MS));
      }
    };

    await hears((m) => m.type === 'welcome', 'its welcome');
    host.send(JSON.stringify({ type: 'control', action: 'start', n: n++ }));
    await hears((m) => m.type === 'state' && m.status === 'in_progress', 'the meeting start');

    // The first sentence's start, until the engine is recognising it; then SIGKILL, mid-sentence.
    const cut = Math.round(first.length * 0.4);
    await say(first.slice(0, cut));
    // (Behind the speech the room sends only partials that settle words, or finals.)
    await hears((m) => (m.type === 'partial' && m.text.trim() !== '') || m.type === 'final', 'words of the first sentence');
    const killed = engine.child;
    killed.kill('SIGKILL');

    // The host goes on speaking: the rest of the sentence, then silence until the room is live again.
    await say(first.slice(cut));
    await hears((m) => m.type === 'recognition' && m.status === 'reconnecting', 'that recognition is reconnecting');
    let live = false;
    const back = hears((m) => m.type === 'recognition' && m.status === 'live', 'that recognition is live again').then(() => (live = true));
    void back.catch(() => undefined);
    const silentUntil = Date.now() + 120_000;
    while (!live && Date.now() < silentUntil) await say([SILENCE]);
    await back;
    // The supervisor started a new engine process; the room reached it by itself.
    expect(engine.child.pid).not.toBe(killed.pid);
    expect(supervisorLog).toEqual(['[engine] exited (SIGKILL); restarting in 1 s', '[engine] restarted']);

    // The second sentence is heard live by the new engine.
    await say(second);
    const secondLine = (m: ServerMessage) => m.type === 'final' && m.line.start >= firstEndsAt * 100;
    await hears(secondLine, 'a line of the second sentence', 60_000);
    host.send(JSON.stringify({ type: 'control', action: 'end', n: n++ }));
    await hears((m) => m.type === 'state' && m.status === 'ended', 'the meeting end');
    host.close();
    // The meeting went on throughout: never paused.
    expect(heard.filter((m) => m.type === 'state').map((m) => (m as { status: string }).status)).toEqual(['in_progress', 'ended']);

    // Once the room has recognised the lost stretch from the stored audio, the record is whole.
    let detail: RecordDetail | undefined;
    const finishedBy = Date.now() + 120_000;
    while (Date.now() < finishedBy) {
      detail = await get<RecordDetail>(app, `${API.records.getTrans}?id=${meeting.id}`, token);
      if (detail.record.status === 'ended') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(detail?.record.status).toBe('ended');
    const lines = detail!.lines;
    const killedAtMs = cut * 100;
    const firstText = lines
      .filter((l) => l.start < rec.ends[0]! * 1000 + 750)
      .map((l) => l.text)
      .join(' ');
    const secondText = lines
      .filter((l) => l.start >= rec.ends[0]! * 1000 + 750)
      .map((l) => l.text)
      .join(' ');
    console.log(`kill at ${killedAtMs} ms; lines:\n${lines.map((l) => `${l.start}-${l.end} ${l.text}`).join('\n')}`);
    // Both sentences are there, the first one's words past the kill too (recognised from the recording).
    expect(recall(rec.texts[0]!, firstText)).toBeGreaterThan(0.6);
    expect(lines.some((l) => l.end > killedAtMs + 1000 && l.start < rec.ends[0]! * 1000)).toBe(true);
    expect(recall(rec.texts[1]!, secondText)).toBeGreaterThan(0.6);
    // Nothing twice: lines follow one another without overlapping, and hold no more words than were read.
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.start).toBeGreaterThanOrEqual(lines[i - 1]!.end - 100);
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    expect(words(firstText)).toBeLessThanOrEqual(words(rec.texts[0]!) * 1.3);
    expect(words(secondText)).toBeLessThanOrEqual(words(rec.texts[1]!) * 1.3);
  });
});
