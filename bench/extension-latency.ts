/**
 * Tab → subtitle latency of the browser plugin, in real Chromium with the unpacked extension: a local page plays
 * read speech through an <audio> element, the plugin is started the way a person starts it (the toolbar button,
 * then Start), and the page notes each change of the overlay's source line with how far its audio had played.
 * A word's latency is from where it ends in the audio to the overlay first showing it (p50, p95).
 *
 * Word times come from the baseline, measured in the same run: the engine's own stream fed the same audio at
 * real-time pace (engine/bench/live-feed.ts); its finals place each line on the audio's clock and a word ends where
 * the line's span, shared out by characters, reaches it (as bench/caption-words.ts). The baseline's own
 * latency is the same measure on the stream's partials and finals: what the extension, the Worker and the room
 * add is the difference. A word counts as shown once the line shows it with the (up to two) words before it,
 * so a common word is not matched in another line; a line's first word is not measured on its own.
 * Notes are placed on the audio's clock by the wall clock from when the audio started, so a line shown after
 * the audio ended still counts its whole delay. The offscreen document's own notes (frames sent, views reported)
 * split the delay into its hops: tab capture, the room's path over the engine alone, the relay to the overlay.
 * Run: npm run bench:extension   (quick check of the figures, as `npm test` runs it: -- --quick)
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { librivoxRecording, stats } from '../engine/bench/common';
import { QUICK, requireFigures } from '../engine/bench/figures';
import { launchWithExtension } from '../scripts/extension-browser.mjs';
import { grantAccount, signUpUser, startApp } from './app';
import { FRAME_MS, engineStream, framesOf } from '../engine/bench/live-feed';

const BENCH = 'bench:extension';
const rec = librivoxRecording(1.5, QUICK ? 1 : 5);
/** After the audio ends, how long the overlay may take to show the last line before the run ends anyway (a busy machine is slow). */
const LAST_LINE_WAIT_MS = 60_000;

interface Line {
  /** Seconds on the audio's clock. */
  start: number;
  end: number;
  text: string;
}
/** What a viewer saw: a text, and where the audio was then (seconds). */
interface Shown {
  at: number;
  text: string;
}
/** The same on the wall clock (ms since the epoch), as the page and the plugin's offscreen document note it. */
interface Stamped {
  wall: number;
  text: string;
}
/** What the offscreen document noted: each audio frame it sent (with its loudest sample), each view it reported. */
interface Hops {
  frames: { wall: number; peak: number }[];
  reports: Stamped[];
}

const FRAME_SAMPLES = 1600;

/** Where the first frame holding a sample `share` as loud as the loudest ends in the recording (seconds). */
function speechOnset(pcm: Buffer, share: number): number {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const loudest = samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  const first = samples.findIndex((x) => Math.abs(x) >= loudest * share);
  return (Math.floor(first / FRAME_SAMPLES) + 1) * (FRAME_SAMPLES / 16_000);
}

/**
 * Installed in the offscreen document once the session is live: notes each audio frame going out on the
 * socket and each view reported to the service worker, on the wall clock, so each hop's share shows.
 */
const NOTE_HOPS = `(() => {
  const hops = (window.benchHops = { frames: [], reports: [] });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (data instanceof ArrayBuffer) {
      let peak = 0;
      for (const x of new Int16Array(data, 4)) peak = Math.max(peak, Math.abs(x));
      hops.frames.push({ wall: Date.now(), peak });
    }
    return send.call(this, data);
  };
  const report = chrome.runtime.sendMessage.bind(chrome.runtime);
  chrome.runtime.sendMessage = (message, ...rest) => {
    if (message && message.type === 'live') hops.reports.push({ wall: Date.now(), text: message.view.partial ?? message.view.lines.at(-1)?.text ?? '' });
    return report(message, ...rest);
  };
  return true;
})()`;

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(' ')
    .filter(Boolean);

const holds = (shown: readonly string[], run: readonly string[]) => shown.some((_, i) => run.every((w, k) => shown[i + k] === w));

/**
 * For each word of `lines` (but each line's first), from where it ends in the audio to the first text showing
 * it: `latencies` of the words shown, and `byWord` for every word in order (undefined when never shown), so two
 * points of the path can be compared word by word.
 */
function wordLatencies(lines: readonly Line[], seen: readonly Shown[]): { latencies: number[]; byWord: (number | undefined)[]; words: number } {
  const byWord: (number | undefined)[] = [];
  const shown = seen.map((s) => ({ at: s.at, words: words(s.text) }));
  for (const line of lines) {
    const said = words(line.text);
    const chars = said.reduce((n, w) => n + w.length, 0) || 1;
    let through = said[0]?.length ?? 0;
    for (let i = 1; i < said.length; i++) {
      through += said[i]!.length;
      const spokenAt = line.start + ((line.end - line.start) * through) / chars;
      const run = said.slice(Math.max(0, i - 2), i + 1);
      const first = shown.find((s) => s.at >= line.start && holds(s.words, run));
      byWord.push(first && first.at - spokenAt);
    }
  }
  return { latencies: byWord.filter((l) => l !== undefined), byWord, words: byWord.length };
}

const PAGE = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>
<audio id="talk" src="/talk.wav" preload="auto" controls></audio>
<script>
  // Each change of the overlay's source line, with how far the audio had played (the overlay is the plugin's
  // content script's open shadow root).
  window.shown = [];
  const audio = document.getElementById('talk');
  const watch = () => {
    const line = document.getElementById('tingyi-subtitles')?.shadowRoot?.querySelector('[data-testid="tingyi-source"]');
    if (!line) return setTimeout(watch, 20);
    new MutationObserver(() => window.shown.push({ at: audio.currentTime, wall: Date.now(), text: line.textContent })).observe(line, { childList: true, characterData: true, subtree: true });
  };
  watch();
</script></body></html>`;

interface ExtensionRun {
  seen: (Shown & Stamped)[];
  hops: Hops | null;
  problem: string | null;
}

async function extensionRun(api: string, token: string, lastLine: Line | undefined): Promise<ExtensionRun> {
  const origin = new URL(api).origin;
  // Built apart, so the run never overwrites dist/extension (a developer's, or the end-to-end test's).
  const extension = join(mkdtempSync(join(tmpdir(), 'bench-extension-')), 'extension');
  execFileSync('node', ['scripts/build-extension.mjs'], { env: { ...process.env, TINGYI_ORIGIN: origin, TINGYI_EXTENSION_OUT: extension }, stdio: 'pipe' });
  const audio = readFileSync(rec.path);
  const title = 'Tingyi latency bench';
  const site = createServer((request, response) => {
    if (request.url === '/talk.wav') response.writeHead(200, { 'content-type': 'audio/wav' }).end(audio);
    else response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(title));
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const browser = await launchWithExtension(extension, { locale: 'en-US' });
  try {
    // Signed in and pointed at this run's Worker; English heard, no translation (the source line is measured).
    await browser.worker.evaluate(
      async ({ origin, token }) => {
        await chrome.storage.local.set({ settings: { origin, sourceLanguage: 'en-US', targetLanguage: '' }, token });
      },
      { origin, token },
    );
    const page = await browser.context.newPage();
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (document.getElementById('talk') as HTMLAudioElement).readyState >= 4);
    const popup = await browser.clickAction(page);
    await popup.click('ext-start');
    // The audio plays once the session is live, so its clock and the meeting's start together.
    const phase = async () =>
      (await browser.worker.evaluate(async () => (await chrome.storage.session.get('view')).view as { phase: string } | undefined))?.phase;
    const until = Date.now() + 60_000;
    while ((await phase()) !== 'live') {
      if (Date.now() > until) return { seen: [], hops: null, problem: `the session did not go live (popup: ${await popup.text('ext-phase')})` };
      await new Promise((r) => setTimeout(r, 100));
    }
    await browser.evaluateInPage('offscreen.html', NOTE_HOPS);
    await page.evaluate(() => (document.getElementById('talk') as HTMLAudioElement).play());
    await page.waitForFunction(() => (document.getElementById('talk') as HTMLAudioElement).ended, undefined, { timeout: (rec.seconds + 60) * 1000 });
    // The last line may still be on its way: wait for its last words on the overlay, within a bound.
    const tail = lastLine ? words(lastLine.text).slice(-3) : [];
    await page
      .waitForFunction((tail) => (window as unknown as { shown: Shown[] }).shown.some((s) => tail.every((w) => s.text.toLowerCase().includes(w))), tail, {
        timeout: LAST_LINE_WAIT_MS,
      })
      .catch(() => undefined);
    const seen = await page.evaluate(() => (window as unknown as { shown: (Shown & Stamped)[] }).shown);
    const hops = (await browser.evaluateInPage('offscreen.html', 'window.benchHops')) as Hops;
    const view = await browser.worker.evaluate(async () => (await chrome.storage.session.get('view')).view as { lines: unknown[]; phase: string } | undefined);
    await browser.worker.evaluate(() => chrome.runtime.sendMessage({ type: 'stop' }));
    const overlay = await page.evaluate(() => Boolean(document.getElementById('tingyi-subtitles')?.shadowRoot));
    // When the page saw nothing, what the session and the page had, so the cause shows.
    const problem = seen.length
      ? null
      : `no overlay change seen: overlay ${overlay ? 'present' : 'missing'}, session ${view?.phase} with ${view?.lines.length ?? 0} lines`;
    return { seen, hops, problem };
  } finally {
    await browser.close();
    site.close();
  }
}

const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(2)} s, p95 ${s.p95.toFixed(2)} s`;

/**
 * The page's notes on the audio's clock. The audio plays at its own pace from one moment on; a note's
 * `currentTime` stops at the end while late lines still come, so each note is placed by its wall-clock time
 * from that moment (the earliest estimate of it among notes made while the audio played: each is a little late).
 */
function audioClock(seen: ExtensionRun['seen']) {
  const playing = seen.filter((s) => s.at > 0 && s.at < rec.seconds - 0.05);
  const playedFrom = Math.min(...playing.map((s) => s.wall - s.at * 1000));
  return (stamped: readonly Stamped[]): Shown[] => stamped.map((s) => ({ at: (s.wall - playedFrom) / 1000, text: s.text }));
}

/** Per word shown at both points, how much later the second point showed it. */
const later = (first: (number | undefined)[], second: (number | undefined)[]) =>
  first.flatMap((a, i) => (a === undefined || second[i] === undefined ? [] : [second[i]! - a]));

/**
 * Where the time goes between the tab's audio and the overlay: tab capture to the speech's first frame leaving
 * the offscreen document, from there to the offscreen document's views (socket, room, engine and back, against
 * the engine alone), and from those views to the overlay (the service worker's relay and the content script).
 */
function hopFigures(run: ExtensionRun, lines: readonly Line[], overlay: (number | undefined)[], engine: (number | undefined)[]): string[] {
  if (!run.hops?.frames.length || !run.seen.length) return ['hops: not noted'];
  const onClock = audioClock(run.seen);
  // The speech starts where a frame first holds a sample a third as loud as the loudest (tab audio may be quieter).
  const loudest = Math.max(...run.hops.frames.map((f) => f.peak));
  const sent = onClock(run.hops.frames.map((f) => ({ wall: f.wall, text: String(f.peak) })));
  const firstLoud = sent.find((f) => f.at > 0 && Number(f.text) >= loudest / 3);
  const capture = firstLoud ? `${(firstLoud.at - speechOnset(rec.pcm, 1 / 3)).toFixed(2)} s` : 'no loud frame sent';
  const offscreen = wordLatencies(lines, onClock(run.hops.reports)).byWord;
  return [
    `hops: tab audio → speech's first frame sent by the offscreen document ${capture} (±0.1 s, a frame's length)`,
    `hops: engine alone → view in the offscreen document (socket, Worker, room and back), per word ${fmt(stats(later(engine, offscreen)))}`,
    `hops: view in the offscreen document → overlay (service worker relay, content script), per word ${fmt(stats(later(offscreen, overlay)))}`,
  ];
}

const app = await startApp('extension');
try {
  const { token, userId } = await signUpUser(app);
  await grantAccount(app, userId, 'duration', 3600);
  console.log(`recording: ${rec.seconds.toFixed(1)} s, ${rec.ends.length} utterance(s), played by a page's <audio> element`);

  // Baseline: the engine's stream alone, which also places every word on the audio's clock.
  const stream = await engineStream(app.engineUrl, app.engineSecret, framesOf(rec.pcm), 'en-US');
  const lines: Line[] = stream.messages.flatMap(({ message }) =>
    message.type === 'final' ? [{ start: message.start, end: message.end, text: message.text }] : [],
  );
  // What the stream showed, on the audio's clock: how much audio had been fed when it arrived (the page's
  // counterpart is how far its audio had played), and past the last frame, the time since.
  const lastSent = stream.sentAt.at(-1)!;
  const fedBy = (at: number) =>
    at >= lastSent ? (stream.sentAt.length * FRAME_MS) / 1000 + at - lastSent : (stream.sentAt.filter((sent) => sent <= at).length * FRAME_MS) / 1000;
  const streamSeen: Shown[] = stream.messages.flatMap(({ at, message }) =>
    message.type === 'partial' || message.type === 'final' ? [{ at: fedBy(at), text: message.text }] : [],
  );
  const base = wordLatencies(lines, streamSeen);
  requireFigures(BENCH, { 'engine stream alone: lines': lines.length, 'engine stream alone: word latency': base.latencies });
  console.log(
    `engine stream alone (baseline): ${lines.length} lines, ${base.latencies.length}/${base.words} words, audio → text ${fmt(stats(base.latencies))}`,
  );

  const run = await extensionRun(app.api, token, lines.at(-1));
  if (run.problem) console.log(`extension: ${run.problem}`);
  const tab = wordLatencies(lines, run.seen.length ? audioClock(run.seen)(run.seen) : []);
  requireFigures(BENCH, { 'extension: overlay updates': run.seen.length, 'extension: word latency': tab.latencies });
  const t = stats(tab.latencies);
  console.log(
    `extension (tab audio → overlay): ${run.seen.length} overlay updates, ${tab.latencies.length}/${tab.words} words, ${fmt(t)} ` +
      `(p50 +${(t.p50 - stats(base.latencies).p50).toFixed(2)} s over the baseline)`,
  );
  for (const line of hopFigures(run, lines, tab.byWord, base.byWord)) console.log(line);
} finally {
  await app.stop();
}
