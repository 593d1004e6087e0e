/**
 * Live meeting lag through the whole app: read speech fed to a meeting room at real-time pace in numbered
 * 100 ms frames, as the browser sends them (contracts/meeting.ts), with 1, 10 and 100 screens projected. The
 * live lag of a final line is the time from sending the audio where it ends to the line arriving on a
 * screen: how far subtitles trail speech (p50, p95). Each case runs idle and again with the CPU
 * oversubscribed two times over (2 × cores busy loops started by the bench, stopped after). Also the interval
 * between partial lines and the time from a final to its translation. Per committed word (bench/caption-words.ts):
 * the time from when it was spoken to when it stood settled on a screen, and to its translation, and flicker,
 * the share of words shown in partials that the final changed. Baseline, measured in the same run:
 * the engine's own stream on the same audio (what the room adds is the difference). First, the live summary's model calls
 * and tokens per meeting-hour (./live-summary-cost.ts).
 * Run: npm run bench:meeting   (quick check of the figures, as `npm test` runs it: -- --quick)
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type WebSocket from 'ws';
import { API } from '../contracts/api-paths';
import { type MeetingAccess, type MeetingDetail, type ServerMessage, audioFrame } from '../contracts/meeting';
import { librivoxRecording, stats } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { committedWords, flicker, type SeenFinal, type SeenPartial, type SeenPartialTranslation } from './caption-words';
import { type App, get, grantAccount, post, signUpUser, startApp } from './app';
import { engineStream, feed, framesOf, lag, open } from '../engine/bench/live-feed';
import { liveSummaryCost } from './live-summary-cost';

const BENCH = 'bench:meeting';
const GAP = 1.5;
const rec = librivoxRecording(GAP, QUICK ? 1 : 5);
const SCREENS = QUICK ? [1] : [1, 10, 100];
const frames = framesOf(rec.pcm);
/** How long to wait, after the last frame, for the last utterance's final before ending anyway. */
const LAST_FINAL_WAIT_MS = 20_000;
/** A line ending this close to the recording's last utterance end (seconds) is its last. */
const LAST_END_SLACK_S = 0.5;

/** 2 × cores threads spinning until stopped: the CPU oversubscribed two times over. */
function oversubscribe() {
  const loops = Array.from({ length: 2 * availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
  return async () => {
    await Promise.all(loops.map((w) => w.terminate()));
  };
}

/**
 * The engine alone on the same audio: its finals' live lag, the same per-word figure as the room's (spoken →
 * settled in its own partials or final), and its translator's own time per committed line, asked directly as
 * the room asks it (one line a call). What the room adds is the difference.
 */
async function baseline(app: App) {
  const { messages, sentAt } = await engineStream(app.engineUrl, app.engineSecret, frames, 'en-US');
  const finals: SeenFinal[] = [];
  const shown: SeenPartial[] = [];
  for (const { at, message: m } of messages) {
    if (m.type === 'final') finals.push({ at, seq: finals.length, start: m.start * 1000, end: m.end * 1000, text: m.text });
    else if (m.type === 'partial') shown.push({ at, start: m.start * 1000, text: m.text, stable: m.stable ?? '' });
  }
  const translator: number[] = [];
  for (const f of finals) {
    const asked = performance.now();
    const res = await fetch(`${app.engineUrl}/v1/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.engineSecret}` },
      body: JSON.stringify({ from: 'en-US', to: 'es-ES', texts: [f.text] }),
    });
    if (res.ok) translator.push((performance.now() - asked) / 1000);
  }
  return {
    lags: finals.map((f) => lag(sentAt, f.at, f.end / 1000)),
    onScreen: committedWords(finals, shown, new Map()).map((w) => lag(sentAt, w.shownAt, w.spokenAt)),
    translator,
  };
}

async function meetingRun(app: App, token: string, viewers: number) {
  const meeting = await post<MeetingDetail>(app, API.meetings.create, { name: `Bench ${viewers}`, sourceLanguage: 'en-US', targetLanguages: ['es-ES'] }, token);
  const { shortCode } = await post<{ shortCode: string }>(app, API.meetings.createScreenCode, { id: meeting.id }, token);
  const socketUrl = (access: MeetingAccess) => `${app.api.replace('http', 'ws')}${access.socket.path}?ticket=${encodeURIComponent(access.socket.ticket)}`;

  // Arrival times count from the first audio frame; set just before feeding starts.
  let t0 = Number.POSITIVE_INFINITY;
  const lastEnd = rec.ends.at(-1)!;
  let lastFinal: () => void = () => {};
  const lastFinalSeen = new Promise<void>((resolve) => (lastFinal = resolve));
  const seen = Array.from({ length: viewers }, () => ({
    finals: [] as SeenFinal[],
    partials: [] as number[],
    shown: [] as SeenPartial[],
    translations: new Map<number, number>(),
    partialTranslations: [] as SeenPartialTranslation[],
  }));
  // Every screen looks its code up as a projector does; the bench's screens all come from one address, so they
  // do it a few at a time, under the address's cap on code lookups (a code that works gives its slot back).
  const refused: string[] = [];
  const watch = async (access: MeetingAccess, screen: number) => {
    const log = seen[screen]!;
    const ws = await open(socketUrl(access));
    ws.on('message', (d) => {
      const at = (performance.now() - t0) / 1000;
      const msg = JSON.parse(String(d)) as ServerMessage;
      if (msg.type === 'final') {
        log.finals.push({ at, seq: msg.line.seq, start: msg.line.start, end: msg.line.end, text: msg.line.text });
        // Lines are cut within utterances too: only one that reaches the recording's last end is its last.
        if (msg.line.end / 1000 >= lastEnd - LAST_END_SLACK_S) lastFinal();
      } else if (msg.type === 'partial') {
        log.partials.push(at);
        log.shown.push({ at, start: msg.start, text: msg.text, stable: msg.stable ?? '' });
      } else if (msg.type === 'translation') log.translations.set(msg.seq, at);
      else if (msg.type === 'partialTranslation') log.partialTranslations.push({ at, start: msg.start, words: msg.words });
    });
    return ws;
  };
  const screenAt = (screen: number) => openScreen(app, shortCode, refused).then((access) => access && watch(access, screen));
  const opened: (WebSocket | undefined)[] = [];
  for (let first = 0; first < viewers; first += LOOKUPS_AT_ONCE) {
    opened.push(...(await Promise.all(seen.slice(first, first + LOOKUPS_AT_ONCE).map((_, i) => screenAt(first + i)))));
  }
  const screens = opened.filter((ws) => ws !== undefined);
  const host = await open(socketUrl(await get<MeetingAccess>(app, `${API.meetings.getMeeting}?id=${meeting.id}`, token)));
  const hostSays = (match: (msg: ServerMessage) => boolean) =>
    new Promise<void>((resolve) =>
      host.on('message', (d) => {
        if (match(JSON.parse(String(d)) as ServerMessage)) resolve();
      }),
    );
  // What the room told the host went wrong (a refused start, a pause for a reason): shown when a run measured nothing.
  const problems: string[] = [];
  host.on('message', (d) => {
    const msg = JSON.parse(String(d)) as ServerMessage;
    if (msg.type === 'error') problems.push(`${msg.code} ${msg.msg}`);
    else if (msg.type === 'state' && msg.reason) problems.push(`${msg.status}: ${msg.reason.code} ${msg.reason.msg}`);
  });
  const welcomed = hostSays((msg) => msg.type === 'welcome');
  const started = hostSays((msg) => msg.type === 'state' && msg.status === 'in_progress');
  const ended = hostSays((msg) => msg.type === 'state' && msg.status === 'ended');
  // Every message on the socket is numbered from 0, as the browser does; the room plays them in that order.
  let sent = 0;
  const control = (action: 'start' | 'end') => host.send(JSON.stringify({ type: 'control', action, n: sent++ }));
  await welcomed;
  control('start');
  await started;
  t0 = performance.now();
  const sentAt = await feed(frames, (pcm) => host.send(audioFrame(sent++, new Uint8Array(pcm).buffer)), t0);
  await Promise.race([lastFinalSeen, new Promise((r) => setTimeout(r, LAST_FINAL_WAIT_MS))]);
  control('end');
  await ended;
  for (const ws of [host, ...screens]) ws.close();

  const lags = seen.flatMap((l) => l.finals.map((f) => lag(sentAt, f.at, f.end / 1000)));
  // From each partial to the live line's next update (the next partial, or the final that settles it); the wait
  // from a final to the next line's first partial is speech not yet heard, not an update interval. Slow updates
  // under load count as measured, so a starved engine shows as long intervals rather than no figure.
  const gaps = seen.flatMap((l) => {
    const updates = [...l.partials.map((at) => ({ at, partial: true })), ...l.finals.map((f) => ({ at: f.at, partial: false }))].sort((a, b) => a.at - b.at);
    return updates.slice(1).flatMap((u, i) => (updates[i]!.partial ? [u.at - updates[i]!.at] : []));
  });
  const translated = seen.flatMap((l) => l.finals.flatMap((f) => (l.translations.has(f.seq) ? [l.translations.get(f.seq)! - f.at] : [])));
  const watched = seen.filter((_, i) => opened[i]);
  // Word by word on one screen (every screen gets the same messages).
  const one = watched[0];
  const words = one ? committedWords(one.finals, one.shown, one.translations, one.partialTranslations) : [];
  const onScreen = words.map((w) => lag(sentAt, w.shownAt, w.spokenAt));
  const wordTranslated = words.flatMap((w) => (w.translatedAt === undefined ? [] : [lag(sentAt, w.translatedAt, w.spokenAt)]));
  const flickered = one ? flicker(one.finals, one.shown) : { all: Number.NaN, settled: Number.NaN, shown: 0 };
  return {
    screens: screens.length,
    refused,
    finals: Math.min(...watched.map((l) => l.finals.length)),
    lags,
    gaps,
    translated,
    onScreen,
    wordTranslated,
    flickered,
    problems,
  };
}

/** Screens that look their code up at once: well under the per-address cap on screen-code lookups (30 per 10 minutes). */
const LOOKUPS_AT_ONCE = 10;

/**
 * A screen's lookup of the meeting's screen code, as a projector makes it: the meeting's access, or undefined
 * (the refusal noted in `refused`) when the Worker refuses it, so one refused screen does not end the run.
 */
async function openScreen(app: App, shortCode: string, refused: string[]): Promise<MeetingAccess | undefined> {
  const res = await fetch(`${app.api}${API.meetings.getNetworkLink}?shortCode=${shortCode}`);
  const body = (await res.json()) as { code: number; msg: string; data: MeetingAccess };
  if (body.code === 200) return body.data;
  refused.push(`${body.code} ${body.msg}`);
  return undefined;
}

const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(2)} s, p95 ${s.p95.toFixed(2)} s`;

// The live summary's model use per meeting-hour, from its pacing and prompt (no model called: instant).
const cost = liveSummaryCost();
requireFigures(BENCH, { 'live summary: model calls': cost.calls, 'live summary: tokens': cost.inputTokens + cost.outputTokens });
console.log(
  `live summary per meeting-hour: ${cost.calls} model calls, ~${cost.inputTokens} input + ~${cost.outputTokens} output tokens ` +
    `(prompt ~${cost.firstInput} tokens at the first refresh, ~${cost.lastInput} at the last)`,
);

const app = await startApp('meeting');
try {
  const { token, userId } = await signUpUser(app);
  await grantAccount(app, userId, 'duration', 2 * 3600);
  // Several screens at once is an SVIP right.
  if (SCREENS.some((n) => n > 1)) await grantAccount(app, userId, 'svip', 0);
  console.log(
    `recording: ${rec.seconds.toFixed(1)} s, ${rec.ends.length} utterances, fed at real-time pace in numbered 100 ms frames; ` +
      `${availableParallelism()} cores, oversubscribed with ${2 * availableParallelism()} busy loops`,
  );
  const direct = await baseline(app);
  const base = stats(direct.lags);
  requireFigures(BENCH, { 'engine stream alone: finals': direct.lags, 'engine translator: calls': direct.translator });
  console.log(
    `engine stream alone (baseline, idle): ${direct.lags.length} finals, live lag ${fmt(base)}; per committed word (${direct.onScreen.length}), ` +
      `spoken → settled ${fmt(stats(direct.onScreen))}; the engine's translator alone, one line a call: ${fmt(stats(direct.translator))}`,
  );
  const unmeasured: string[] = [];
  for (const viewers of SCREENS) {
    for (const load of ['idle', 'oversubscribed ×2'] as const) {
      const stop = load === 'idle' ? async () => {} : oversubscribe();
      const r = await meetingRun(app, token, viewers).finally(stop);
      const lags = stats(r.lags);
      const case_ = `${viewers} screen(s), ${load}`;
      if (r.problems.length) console.log(`${case_}: the room told the host: ${r.problems.join('; ')}`);
      if (r.refused.length) console.log(`${case_}: ${r.refused.length} screen(s) refused, ${r.screens} watched: ${[...new Set(r.refused)].join('; ')}`);
      try {
        requireFigures(BENCH, {
          [`${case_}: finals on every screen`]: r.finals,
          [`${case_}: live lag`]: r.lags,
          [`${case_}: partial intervals`]: r.gaps,
          [`${case_}: translations`]: r.translated,
          [`${case_}: committed words on screen`]: r.onScreen,
          [`${case_}: committed words translated`]: r.wordTranslated,
        });
      } catch (error) {
        // The cases after it still run (a machine too busy for one case may manage the next); the run fails at the end.
        unmeasured.push((error as Error).message);
        console.log(`${case_}: ${(error as Error).message}`);
        continue;
      }
      const gaps = stats(r.gaps);
      const tr = stats(r.translated);
      console.log(
        `${String(viewers).padStart(3)} screen(s) ${load.padEnd(17)}: finals ${r.finals}; live lag ${fmt(lags)} (p50 ×${(lags.p50 / base.p50).toFixed(2)} of baseline); ` +
          `partial interval mean ${gaps.mean.toFixed(2)} s, p95 ${gaps.p95.toFixed(2)} s; final → translation ${fmt(tr)}`,
      );
      const f = r.flickered;
      console.log(
        `${' '.repeat(22)}per committed word (${r.onScreen.length}), spoken → settled on screen ${fmt(stats(r.onScreen))}, spoken → translated ${fmt(stats(r.wordTranslated))}; ` +
          `flicker ${(100 * f.all).toFixed(1)} % of ${f.shown} partial words (settled words ${(100 * f.settled).toFixed(1)} %)`,
      );
    }
  }
  if (unmeasured.length) throw new Error(unmeasured.join('\n'));
} finally {
  await app.stop();
}
