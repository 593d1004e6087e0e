/**
 * Live meeting latency through the whole app: read speech fed to a meeting room at real-time pace in
 * 100 ms frames, and on projected screens the time from the end of each utterance in the audio to its
 * final line (p50, p95), the interval between partial lines, and the time to each line's translation —
 * with 1, 10 and 100 screens connected. Baseline, measured in the same run: the engine's own stream on
 * the same audio (what the room adds is the difference).
 * Run: npm run bench:meeting
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import WebSocket from 'ws';
import type { StreamServerMessage } from '../contracts/engine';
import type { MeetingAccess, MeetingDetail, ServerMessage } from '../contracts/meeting';
import { librivoxRecording, stats } from '../engine/bench/common';
import { get, grantAccount, post, signUpUser, startApp, type App } from './app';

const GAP = 1.5;
const rec = librivoxRecording(GAP);
// Speech spans of the joined recording: each clip followed by GAP seconds of silence.
const clipSeconds = [7.1, 2.99, 5.3, 6.05, 3.29];
const ends: number[] = [];
clipSeconds.reduce((t, d) => {
  ends.push(t + d);
  return t + d + GAP;
}, 0);
const FRAME = 3200;

/** Seconds from the end of the nearest utterance (by the final's own end time) to when it arrived. */
const latency = (arrivedAt: number, finalEndSeconds: number) =>
  arrivedAt - ends.reduce((best, e) => (Math.abs(e - finalEndSeconds) < Math.abs(best - finalEndSeconds) ? e : best));

/** Feeds the recording at real-time pace, frame i at `t0` + i × 100 ms (performance.now() clock). */
async function feed(ws: WebSocket, t0: number, after: () => void) {
  for (let off = 0, i = 0; off < rec.pcm.length; off += FRAME, i++) {
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + i * 100 - performance.now())));
    ws.send(rec.pcm.subarray(off, off + FRAME));
  }
  after();
}

function open(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  return new Promise<WebSocket>((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function baseline(app: App) {
  const secret = parseEnv(readFileSync('.dev.vars', 'utf8')).ENGINE_SECRET!;
  const ws = await open(`${app.engineUrl.replace('http', 'ws')}/v1/asr/stream?language=en-US`, { authorization: `Bearer ${secret}` });
  const finals: { at: number; end: number }[] = [];
  const t0 = performance.now();
  const closed = new Promise<void>((resolve) =>
    ws.on('message', (d) => {
      const msg = JSON.parse(String(d)) as StreamServerMessage;
      if (msg.type === 'final') finals.push({ at: (performance.now() - t0) / 1000, end: msg.end });
      if (msg.type === 'closed') resolve();
    }),
  );
  await feed(ws, t0, () => ws.send(JSON.stringify({ type: 'end' })));
  await closed;
  ws.close();
  return finals.map((f) => latency(f.at, f.end));
}

async function meetingRun(app: App, token: string, viewers: number) {
  const meeting = await post<MeetingDetail>(
    app,
    '/speech/meeting/create',
    { name: `Bench ${viewers}`, sourceLanguage: 'en-US', targetLanguages: ['es-ES'] },
    token,
  );
  const { shortCode } = await post<{ shortCode: string }>(app, '/speech/meeting/createScreenCode', { id: meeting.id }, token);
  const socketUrl = (access: MeetingAccess) => `${app.api.replace('http', 'ws')}${access.socket.path}?ticket=${encodeURIComponent(access.socket.ticket)}`;

  // Arrival times count from the first audio frame; set just before feeding starts.
  let t0 = Infinity;
  const seen = Array.from({ length: viewers }, () => ({
    finals: [] as { at: number; end: number; seq: number }[],
    partials: [] as number[],
    translations: new Map<number, number>(),
  }));
  const screens = await Promise.all(
    seen.map(async (log) => {
      const access = await fetch(`${app.api}/speech/meeting/getNetworkLink?shortCode=${shortCode}`).then((r) => r.json() as Promise<{ data: MeetingAccess }>);
      const ws = await open(socketUrl(access.data));
      ws.on('message', (d) => {
        const at = (performance.now() - t0) / 1000;
        const msg = JSON.parse(String(d)) as ServerMessage;
        if (msg.type === 'final') log.finals.push({ at, end: msg.line.end / 1000, seq: msg.line.seq });
        else if (msg.type === 'partial') log.partials.push(at);
        else if (msg.type === 'translation') log.translations.set(msg.seq, at);
      });
      return ws;
    }),
  );
  const host = await open(socketUrl(await get<MeetingAccess>(app, `/speech/meeting/getMeeting?id=${meeting.id}`, token)));
  const ended = new Promise<void>((resolve) =>
    host.on('message', (d) => {
      const msg = JSON.parse(String(d)) as ServerMessage;
      if (msg.type === 'state' && msg.status === 'ended') resolve();
    }),
  );
  host.send(JSON.stringify({ type: 'control', action: 'start' }));
  await new Promise((r) => setTimeout(r, 300));
  t0 = performance.now();
  await feed(host, t0, () => setTimeout(() => host.send(JSON.stringify({ type: 'control', action: 'end' })), 3000));
  await ended;
  for (const ws of [host, ...screens]) ws.close();

  const latencies = seen.flatMap((l) => l.finals.map((f) => latency(f.at, f.end)));
  const gaps = seen.flatMap((l) =>
    l.partials
      .slice(1)
      .map((t, i) => t - l.partials[i]!)
      .filter((g) => g < GAP),
  );
  const translated = seen.flatMap((l) => l.finals.flatMap((f) => (l.translations.has(f.seq) ? [l.translations.get(f.seq)! - f.at] : [])));
  return { finals: seen[0]!.finals.length, latencies, gaps, translated };
}

const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(2)} s, p95 ${s.p95.toFixed(2)} s`;

const app = await startApp('meeting');
try {
  const { token, userId } = await signUpUser(app);
  await grantAccount(app, userId, 'duration', 2 * 3600);
  // Several screens at once is an SVIP right.
  await grantAccount(app, userId, 'svip', 0);
  console.log(`recording: ${rec.seconds.toFixed(1)} s, 5 utterances, fed at real-time pace in 100 ms frames`);
  const direct = stats(await baseline(app));
  console.log(`engine stream alone (baseline): end of utterance → final ${fmt(direct)}`);
  for (const viewers of [1, 10, 100]) {
    const r = await meetingRun(app, token, viewers);
    const lat = stats(r.latencies);
    const gaps = stats(r.gaps);
    const tr = stats(r.translated);
    console.log(
      `${String(viewers).padStart(3)} screen(s): finals ${r.finals}; end of utterance → final on a screen ${fmt(lat)} ` +
        `(p50 ×${(lat.p50 / direct.p50).toFixed(2)} of baseline); partial interval mean ${gaps.mean.toFixed(2)} s, p95 ${gaps.p95.toFixed(2)} s; ` +
        `final → translation ${fmt(tr)}`,
    );
  }
} finally {
  await app.stop();
}
