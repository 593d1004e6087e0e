/**
 * Hot-word recall: sentences spoken by espeak-ng in two voices, each with one proprietary word, recognised
 * by the real engine without and with `hotwords`. Prints recall (hot words found / said), false
 * replacements (recognised words of the sentence other than the hot word that the correction overwrote,
 * and words changed in plain LibriVox text), word error rate before / after, and the correction's time per
 * line against recognition's.
 * Run: npm run bench:hotwords   (quick check of the figures, as `npm test` runs it: -- --quick: two sentences, one voice)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranscribeResponse } from '../../contracts/engine';
import { hotwordCorrector } from '../../contracts/hotwords';
import { SECRET, startBenchEngine } from './common';
import { QUICK, requireFigures } from './figures';

const HOTWORDS = ['Tingyi', 'Kubernetes', 'WhatsApp', 'Dropbox', 'Grafana', 'Terraform', 'Zendesk', 'Databricks', 'Shopify', 'Huawei'];

const ALL_SENTENCES = [
  'Please open Tingyi and start the meeting',
  'The notes from Tingyi were ready in a minute',
  'We deploy the service on Kubernetes every week',
  'Our Kubernetes cluster needs more memory',
  'The Grafana dashboard shows the latency',
  'Send me a link to the Grafana panel',
  'Terraform builds the whole network for us',
  'She wrote the Terraform plan yesterday',
  'Customers write to us through Zendesk',
  'The Zendesk queue was empty this morning',
  'Send the photo on WhatsApp',
  'Send it on WhatsApp',
  'We keep the files in Dropbox',
  'Copy the report to Dropbox tonight',
  'The data team moved the jobs to Databricks',
  'Databricks bills us by the hour',
  'The shop runs on Shopify since last year',
  'Shopify sent the orders to the warehouse',
  'The phones were made by Huawei in China',
  'Huawei opened a new office in the city',
];

const SENTENCES = QUICK ? ALL_SENTENCES.slice(0, 2) : ALL_SENTENCES;
const VOICES = QUICK ? ['en-us'] : ['en-us', 'en-gb-x-rp'];

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];

function wordErrors(ref: string[], hyp: string[]) {
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[hyp.length]!;
}

function speak(dir: string, name: string, text: string, voice: string) {
  const raw = join(dir, `${name}.raw.wav`);
  const out = join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-s', '130', '-w', raw, text]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-af', 'adelay=400,apad=pad_dur=0.4', '-ar', '16000', '-ac', '1', out]);
  return out;
}

async function transcribe(url: string, path: string, hotwords?: string[]) {
  const query = new URLSearchParams({ language: 'en-US', ...(hotwords ? { hotwords: hotwords.join(',') } : {}) });
  const res = await fetch(`${url}/v1/asr/transcribe?${query}`, { method: 'POST', body: readFileSync(path), headers: { authorization: `Bearer ${SECRET}` } });
  if (!res.ok) throw new Error(`transcribe answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as TranscribeResponse;
  return { text: body.segments.map((s) => s.text).join(' '), seconds: body.processingSeconds };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'hotwords-bench-'));
  const clips = SENTENCES.flatMap((text, i) =>
    VOICES.map((voice) => ({ text, voice, hot: HOTWORDS.find((h) => text.includes(h))!, path: speak(dir, `${i}-${voice}`, text, voice) })),
  );
  const engine = await startBenchEngine();
  const correct = await hotwordCorrector(HOTWORDS, 'en-US');
  const totals = {
    said: clips.length,
    before: 0,
    after: 0,
    errorsBefore: 0,
    errorsAfter: 0,
    refWords: 0,
    heard: 0,
    falseReplaced: 0,
    recognition: 0,
    correction: 0,
  };
  try {
    await transcribe(engine.url, clips[0]!.path); // warm-up
    for (const clip of clips) {
      const before = await transcribe(engine.url, clip.path);
      const after = await transcribe(engine.url, clip.path, HOTWORDS);
      const hot = clip.hot.toLowerCase();
      const found = (text: string) => words(text).includes(hot);
      if (found(before.text)) totals.before++;
      if (found(after.text)) totals.after++;
      const ref = words(clip.text);
      totals.refWords += ref.length;
      totals.heard += words(before.text).length;
      totals.errorsBefore += wordErrors(ref, words(before.text));
      totals.errorsAfter += wordErrors(ref, words(after.text));
      // A false replacement: a word the recogniser got right, other than the hot word, that the correction overwrote.
      const others = new Set(ref.filter((w) => w !== hot));
      const tokens = before.text.match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
      const spans = correct.spans(tokens);
      for (const s of spans) for (const t of tokens.slice(s.from, s.to)) if (others.has(t.toLowerCase())) totals.falseReplaced++;
      totals.recognition += before.seconds;
      const started = performance.now();
      for (let i = 0; i < 200; i++) correct(before.text);
      totals.correction += (performance.now() - started) / 200 / 1000;
      console.log(`${clip.voice.padEnd(11)} ${clip.text}\n  before: ${before.text}\n  after:  ${after.text}`);
    }
  } finally {
    engine.close();
  }
  // Plain English with no hot word in it: every change is a false one.
  const librivox = readFileSync('/usr/share/pocketsphinx/test/data/librivox/transcription', 'utf8')
    .split('\n')
    .map((l) => l.replace(/<\/?s>|\(.*\)/g, '').trim())
    .filter(Boolean);
  let plainWords = 0;
  let plainChanged = 0;
  for (const line of librivox) {
    const tokens = line.split(/\s+/);
    plainWords += tokens.length;
    for (const s of correct.spans(tokens)) plainChanged += s.to - s.from;
  }
  requireFigures('bench:hotwords', { 'clips recognised': totals.said, 'words recognised': totals.heard, 'recognition time': totals.recognition });
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
  console.log(`\n${clips.length} clips (${SENTENCES.length} sentences × ${VOICES.length} voices), ${HOTWORDS.length} hot words`);
  console.log(
    `recall: before ${totals.before}/${totals.said} (${pct(totals.before, totals.said)}), after ${totals.after}/${totals.said} (${pct(totals.after, totals.said)})`,
  );
  console.log(
    `false replacements: ${totals.falseReplaced} of ${totals.refWords - totals.said} other words; plain LibriVox text: ${plainChanged} of ${plainWords} words changed`,
  );
  console.log(`WER: before ${pct(totals.errorsBefore, totals.refWords)}, after ${pct(totals.errorsAfter, totals.refWords)}`);
  console.log(
    `time per line: recognition ${((1000 * totals.recognition) / clips.length).toFixed(0)} ms, correction ${((1e6 * totals.correction) / clips.length).toFixed(0)} µs ` +
      `(${pct(totals.correction, totals.recognition)} of recognition)`,
  );
}

await main();
