/**
 * Tab → subtitle latency of the browser plugin, in real Chromium with the unpacked extension: a local page plays
 * read speech through an <audio> element, the plugin is started the way a person starts it (the toolbar button,
 * then Start), and the page notes each change of the overlay's source line with how far its audio had played.
 * A word's latency is from where it ends in the audio to the overlay first showing it (p50, p95).
 *
 * Word times come from the baseline, measured in the same run: the engine's own stream fed the same audio at
 * real-time pace (bench/live-feed.ts); its finals place each line on the audio's clock and a word ends where
 * the line's span, shared out by characters, reaches it (as bench/caption-words.ts). The baseline's own
 * latency is the same measure on the stream's partials and finals: what the extension, the Worker and the room
 * add is the difference. A word counts as shown once the line shows it with the (up to two) words before it,
 * so a common word is not matched in another line; a line's first word is not measured on its own.
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
import { FRAME_MS, engineStream, framesOf } from './live-feed';

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

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(' ')
    .filter(Boolean);

const holds = (shown: readonly string[], run: readonly string[]) => shown.some((_, i) => run.every((w, k) => shown[i + k] === w));

/** For each word of `lines` (but each line's first), from where it ends in the audio to the first text showing it. */
function wordLatencies(lines: readonly Line[], seen: readonly Shown[]): { latencies: number[]; words: number } {
  const latencies: number[] = [];
  let count = 0;
  const shown = seen.map((s) => ({ at: s.at, words: words(s.text) }));
  for (const line of lines) {
    const said = words(line.text);
    const chars = said.reduce((n, w) => n + w.length, 0) || 1;
    let through = said[0]?.length ?? 0;
    for (let i = 1; i < said.length; i++) {
      through += said[i]!.length;
      count++;
      const spokenAt = line.start + ((line.end - line.start) * through) / chars;
      const run = said.slice(Math.max(0, i - 2), i + 1);
      const first = shown.find((s) => s.at >= line.start && holds(s.words, run));
      if (first) latencies.push(first.at - spokenAt);
    }
  }
  return { latencies, words: count };
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
    new MutationObserver(() => window.shown.push({ at: audio.currentTime, text: line.textContent })).observe(line, { childList: true, characterData: true, subtree: true });
  };
  watch();
</script></body></html>`;

async function extensionRun(api: string, token: string, lastLine: Line | undefined): Promise<{ seen: Shown[]; problem: string | null }> {
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
      if (Date.now() > until) return { seen: [], problem: `the session did not go live (popup: ${await popup.text('ext-phase')})` };
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.evaluate(() => (document.getElementById('talk') as HTMLAudioElement).play());
    await page.waitForFunction(() => (document.getElementById('talk') as HTMLAudioElement).ended, undefined, { timeout: (rec.seconds + 60) * 1000 });
    // The last line may still be on its way: wait for its last words on the overlay, within a bound.
    const tail = lastLine ? words(lastLine.text).slice(-3) : [];
    await page
      .waitForFunction((tail) => (window as unknown as { shown: Shown[] }).shown.some((s) => tail.every((w) => s.text.toLowerCase().includes(w))), tail, {
        timeout: LAST_LINE_WAIT_MS,
      })
      .catch(() => undefined);
    const seen = await page.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
    const view = await browser.worker.evaluate(async () => (await chrome.storage.session.get('view')).view as { lines: unknown[]; phase: string } | undefined);
    await browser.worker.evaluate(() => chrome.runtime.sendMessage({ type: 'stop' }));
    const overlay = await page.evaluate(() => Boolean(document.getElementById('tingyi-subtitles')?.shadowRoot));
    // When the page saw nothing, what the session and the page had, so the cause shows.
    const problem = seen.length
      ? null
      : `no overlay change seen: overlay ${overlay ? 'present' : 'missing'}, session ${view?.phase} with ${view?.lines.length ?? 0} lines`;
    return { seen, problem };
  } finally {
    await browser.close();
    site.close();
  }
}

const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(2)} s, p95 ${s.p95.toFixed(2)} s`;

const app = await startApp('extension');
try {
  const { token, userId } = await signUpUser(app);
  await grantAccount(app, userId, 'duration', 3600);
  console.log(`recording: ${rec.seconds.toFixed(1)} s, ${rec.ends.length} utterance(s), played by a page's <audio> element`);

  // Baseline: the engine's stream alone, which also places every word on the audio's clock.
  const stream = await engineStream(app.engineUrl, framesOf(rec.pcm));
  const lines: Line[] = stream.messages.flatMap(({ message }) =>
    message.type === 'final' ? [{ start: message.start, end: message.end, text: message.text }] : [],
  );
  // What the stream showed, on the audio's clock: how much audio had been fed when it arrived (the page's
  // counterpart is how far its audio had played).
  const fedBy = (at: number) => (stream.sentAt.filter((sent) => sent <= at).length * FRAME_MS) / 1000;
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
  const tab = wordLatencies(lines, run.seen);
  requireFigures(BENCH, { 'extension: overlay updates': run.seen.length, 'extension: word latency': tab.latencies });
  const t = stats(tab.latencies);
  console.log(
    `extension (tab audio → overlay): ${run.seen.length} overlay updates, ${tab.latencies.length}/${tab.words} words, ${fmt(t)} ` +
      `(p50 +${(t.p50 - stats(base.latencies).p50).toFixed(2)} s over the baseline)`,
  );
} finally {
  await app.stop();
}
