/**
 * AI dubbing in the engine with the real espeak-ng and ffmpeg: how lines are fitted to their slots, the voices,
 * the dubbed mp4 as a viewer gets it (picture, the new voice at its slot, subtitles), and refused requests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROW_GAP_SECONDS, DUB_ENGINE_PATHS, type FitResponse, type LineFit, MAX_TEMPO, type RenderPlan } from '../../contracts/dubbing-engine';
import { fitLine, lineBounds } from '../../engine/backends/dubbing/fit';
import { cut, TTS_RATE } from '../../engine/backends/dubbing/pcm';
import { auth, post, postJson, type RunningEngine, speak, startEngine, tempDir } from './helpers';
import { makeTestVideo } from '../fixtures/video';

let engine: RunningEngine;
let tmp: ReturnType<typeof tempDir>;
/** 8 s of testsrc picture with an English sentence at 0.3 s and silence from about 2 s on. */
let original: string;

const VIDEO_SECONDS = 8;
const WIDTH = 640;
const HEIGHT = 360;
const RATE = 16_000;
/** Rounding of reported times to the millisecond. */
const EPS = 0.0005;

beforeAll(async () => {
  tmp = tempDir();
  const voice = speak(join(tmp.dir, 'original.wav'), 'This is the original sound.');
  original = join(tmp.dir, 'original.mp4');
  makeTestVideo({
    audio: ['-i', voice],
    out: original,
    size: `${WIDTH}x${HEIGHT}`,
    seconds: VIDEO_SECONDS,
    audioFilter: `adelay=300:all=1,apad,atrim=end=${VIDEO_SECONDS},aresample=48000`,
  });
  // The engine's temporary files and speech cache go with the test's folder; one recogniser is enough, as
  // dubbing does not use it and each one loads its model on the two cores the renders need.
  engine = await startEngine({ tmpDir: join(tmp.dir, 'engine'), asrWorkers: 1 });
});

afterAll(async () => {
  await engine?.close();
  tmp?.cleanup();
});

/** Mono PCM16 at 16 kHz of any media file's first audio stream. */
function decodeAudio(path: string): Int16Array {
  const buf = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(buf.buffer, buf.byteOffset, buf.length >> 1);
}

function rms(pcm: Int16Array, from: number, to: number): number {
  const a = Math.round(from * RATE);
  const b = Math.min(pcm.length, Math.round(to * RATE));
  let sum = 0;
  for (let i = a; i < b; i++) sum += pcm[i]! * pcm[i]!;
  return Math.sqrt(sum / Math.max(1, b - a));
}

/** Start of the first 20 ms frame from `after` on whose level passes `threshold`. */
function onset(pcm: Int16Array, after: number, threshold: number): number {
  for (let t = after; t < pcm.length / RATE; t += 0.02) if (rms(pcm, t, t + 0.02) > threshold) return t;
  return Number.POSITIVE_INFINITY;
}

interface Probe {
  format: { duration: string };
  streams: { codec_type: string; codec_name: string; duration: string; start_time: string }[];
}

const ffprobe = (path: string): Probe =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]).toString('utf8'));

/** MD5 of a file's video packets as stored, equal for two files only when the picture was copied. */
const videoPacketsMd5 = (path: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-']).toString('utf8').trim();

/** The frame shown at `t` as 8-bit luma. */
const lumaFrame = (path: string, t: number) =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ss', String(t), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);

/** Share of pixels in rows [y0, y1) whose luma differs by more than a quarter of the range: drawn-over, not re-encoding noise. */
function changedShare(a: Buffer, b: Buffer, y0: number, y1: number): number {
  let changed = 0;
  for (let i = y0 * WIDTH; i < y1 * WIDTH; i++) if (Math.abs(a[i]! - b[i]!) > 64) changed++;
  return changed / ((y1 - y0) * WIDTH);
}

function renderForm(plan: unknown, parts: { video?: boolean; planText?: string; extra?: boolean; videoFirst?: boolean } = {}): FormData {
  const form = new FormData();
  const video = new Blob([readFileSync(original)], { type: 'video/mp4' });
  if (parts.videoFirst) form.append('video', video, 'video.mp4');
  form.append('plan', parts.planText ?? JSON.stringify(plan));
  if (parts.video !== false && !parts.videoFirst) form.append('video', video, 'video.mp4');
  if (parts.extra) {
    form.append('notes', 'not part of the contract');
    form.append('thumbnail', new Blob([Buffer.alloc(4096, 7)], { type: 'image/png' }), 'thumb.png');
  }
  return form;
}

async function render(form: FormData) {
  const res = await fetch(engine.url + DUB_ENGINE_PATHS.render, { method: 'POST', headers: auth, body: form });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** Each fitted line against its neighbours in time order: inside its slot or the pause it borrowed, never on the next line. */
function expectInsideBounds(lines: readonly { start: number; end: number }[], fits: readonly LineFit[], duration?: number) {
  const order = lines.map((_, i) => i).sort((a, b) => lines[a]!.start - lines[b]!.start || a - b);
  order.forEach((i, k) => {
    const fit = fits[i]!;
    const line = lines[i]!;
    const next = k + 1 < order.length ? lines[order[k + 1]!]!.start : undefined;
    expect(fit.end).toBeGreaterThanOrEqual(fit.start);
    expect(fit.tempo).toBeGreaterThanOrEqual(1);
    expect(fit.tempo).toBeLessThanOrEqual(MAX_TEMPO);
    if (next !== undefined) expect(fit.end).toBeLessThanOrEqual(next + EPS);
    if (duration !== undefined) expect(fit.end).toBeLessThanOrEqual(duration + EPS);
    // Running past its own slot is only allowed up to the pause kept before the next line.
    if (fit.end > Math.min(line.end, next ?? Number.POSITIVE_INFINITY) + EPS && next !== undefined) {
      expect(fit.end).toBeLessThanOrEqual(next - BORROW_GAP_SECONDS + EPS);
    }
  });
}

describe('fitting lines to their slots (the rules)', () => {
  it('fits, borrows, speeds up to at most 1.25× and overflows at the boundaries', () => {
    const [a, b] = lineBounds(
      [
        { start: 10, end: 12 },
        { start: 13, end: 15 },
      ],
      30,
    );
    // 2 s slot, then room up to 0.1 s before the next line: 2.9 s.
    expect(a).toEqual({ start: 10, slotEnd: 12, limit: 12.9 });
    expect(b).toEqual({ start: 13, slotEnd: 15, limit: 30 });
    expect(fitLine(a!, 1.5)).toEqual({ speech: 1.5, tempo: 1, start: 10, end: 11.5, fit: 'fits' });
    expect(fitLine(a!, 2)).toMatchObject({ tempo: 1, end: 12, fit: 'fits' });
    expect(fitLine(a!, 2.6)).toMatchObject({ tempo: 1, end: 12.6, fit: 'borrowed' });
    expect(fitLine(a!, 2.9)).toMatchObject({ tempo: 1, end: 12.9, fit: 'borrowed' });
    const sped = fitLine(a!, 3.2);
    expect(sped).toMatchObject({ end: 12.9, fit: 'sped' });
    // The applied speed-up must bring the speech inside the room, and no faster than needed.
    expect(3.2 / sped.tempo).toBeLessThanOrEqual(2.9 + EPS);
    expect(sped.tempo).toBeLessThan(1.11);
    expect(fitLine(a!, 2.9 * MAX_TEMPO)).toMatchObject({ tempo: MAX_TEMPO, end: 12.9, fit: 'sped' });
    expect(fitLine(a!, 2.9 * MAX_TEMPO + 0.01)).toMatchObject({ tempo: MAX_TEMPO, end: 12.9, fit: 'overflow' });
    expect(fitLine(a!, 20)).toMatchObject({ speech: 20, tempo: MAX_TEMPO, end: 12.9, fit: 'overflow' });
    expect(fitLine(a!, null)).toEqual({ speech: 0, tempo: 1, start: 10, end: 10, fit: 'empty' });
  });

  it('lets the last line borrow up to the end of the video, and not at all when the length is unknown', () => {
    const slot = lineBounds([{ start: 10, end: 12 }], 30)[0]!;
    expect(slot).toEqual({ start: 10, slotEnd: 12, limit: 30 });
    expect(fitLine(slot, 5)).toMatchObject({ end: 15, fit: 'borrowed' });
    const unknown = lineBounds([{ start: 10, end: 12 }])[0]!;
    expect(fitLine(unknown, 2.2)).toMatchObject({ end: 12, fit: 'sped' });
    // A line past the end of the video has no room at all.
    const late = lineBounds([{ start: 40, end: 42 }], 30)[0]!;
    expect(fitLine(late, 1)).toMatchObject({ start: 30, end: 30, fit: 'overflow' });
  });

  it('does not fade out the last word of a line that fits when its end is rounded to the millisecond', () => {
    // 1.00046 s of steady sound from 2 s, reported as ending at 3.000 s: 11 samples short of what was spoken.
    const speech = Int16Array.from({ length: 24_011 }, () => 8000);
    const start = 2;
    const fit = fitLine(lineBounds([{ start, end: 6 }], 10)[0]!, speech.length / TTS_RATE);
    expect(fit.fit).toBe('fits');
    // As the render shapes each line's audio (backends/dubbing/index.ts).
    const placed = cut(speech, Math.round(fit.end * TTS_RATE) - Math.round(start * TTS_RATE));
    expect(placed.length).toBeLessThan(speech.length);
    expect(speech.length - placed.length).toBeLessThanOrEqual(24);
    expect(placed.at(-1)).toBe(8000);
    // A line cut short by its slot still fades out instead of ending in a click.
    expect(Math.abs(cut(speech, 12_000).at(-1)!)).toBeLessThan(100);
  });

  it('keeps every line inside its bounds and off the next line, whatever the order, overlap or length', () => {
    // A fixed pseudo-random sequence (Park-Miller, exact in doubles), so a failure reproduces.
    let seed = 42;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const seen = new Set<string>();
    for (let round = 0; round < 300; round++) {
      const duration = round % 3 === 0 ? undefined : 20 + random() * 10;
      const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
        const start = Math.round(random() * 250) / 10;
        return { start, end: start + Math.round(random() * 40) / 10 };
      });
      const bounds = lineBounds(lines, duration);
      const fits = bounds.map((b) => fitLine(b, random() < 0.1 ? null : random() * 6));
      expectInsideBounds(lines, fits, duration);
      fits.forEach((f, i) => {
        seen.add(f.fit);
        const room = bounds[i]!.limit - bounds[i]!.start;
        if (f.fit === 'fits' || f.fit === 'borrowed') expect(f.end - f.start).toBeCloseTo(f.speech, 2);
        if (f.fit === 'sped') expect(f.speech / f.tempo).toBeLessThanOrEqual(room + EPS);
        if (f.fit === 'overflow') expect(f.speech / MAX_TEMPO).toBeGreaterThan(room - EPS);
      });
    }
    expect([...seen].sort()).toEqual(['borrowed', 'empty', 'fits', 'overflow', 'sped']);
  });
});

describe('fitting real speech (POST /v1/dub/fit)', () => {
  const sentence = 'The committee will publish its final report on Thursday afternoon.';
  const long = 'This sentence is much too long for the very short moment it has been given, so no reasonable speed-up can make it fit there at all.';

  it('fits, borrows, speeds up and overflows espeak-ng speech, every line ending inside its window', async () => {
    const measured = await postJson(engine.url, DUB_ENGINE_PATHS.fit, { language: 'en', lines: [{ start: 0, end: 30, text: sentence }] });
    expect(measured.status).toBe(200);
    const s = (measured.json as FitResponse).lines[0]!.speech;
    // espeak-ng speaks the sentence in about 3-5 s.
    expect(s).toBeGreaterThan(2);
    expect(s).toBeLessThan(8);

    // Times in whole milliseconds, as the Worker stores them.
    const at = (t: number) => Math.round(t * 1000) / 1000;
    const lines = [
      { start: 0, end: 2, text: 'Yes.' },
      // Slot 80 % of the speech, next line far away: borrows the pause.
      { start: 2, end: at(2 + 0.8 * s), text: sentence },
      // Slot 85 % of the speech, next line 0.15 s after it: 0.05 s to borrow, the rest sped up.
      { start: 20, end: at(20 + 0.85 * s), text: sentence },
      { start: at(20 + 0.85 * s + 0.15), end: at(20 + 0.85 * s + 1.15), text: long },
      { start: at(20 + 0.85 * s + 1.45), end: 40, text: '   ' },
      // The last line may run on to the end of the video.
      { start: 44, end: 44.2, text: 'Thank you.' },
    ];
    const { status, json } = await postJson(engine.url, DUB_ENGINE_PATHS.fit, { language: 'en-US', lines, duration: 47 });
    expect(status).toBe(200);
    const fits = (json as FitResponse).lines;
    expect(fits.map((f) => f.fit)).toEqual(['fits', 'borrowed', 'sped', 'overflow', 'empty', 'borrowed']);
    const [yes, borrowed, sped, overflow, empty, last] = fits as [LineFit, LineFit, LineFit, LineFit, LineFit, LineFit];

    expect(yes).toMatchObject({ tempo: 1, start: 0 });
    expect(yes.end).toBeCloseTo(yes.speech, 3);
    expect(yes.end).toBeLessThan(2);

    expect(borrowed.speech).toBeCloseTo(s, 2);
    expect(borrowed.end).toBeCloseTo(2 + s, 2);
    expect(borrowed.end).toBeGreaterThan(lines[1]!.end);

    expect(sped.end).toBeCloseTo(lines[3]!.start - BORROW_GAP_SECONDS, 3);
    expect(sped.tempo).toBeGreaterThan(1);
    expect(sped.tempo).toBeLessThanOrEqual(MAX_TEMPO);
    expect(sped.speech / sped.tempo).toBeLessThanOrEqual(sped.end - sped.start + EPS);

    // Cut where the pause before the (empty) next line begins, at the fastest allowed tempo.
    expect(overflow).toMatchObject({ tempo: MAX_TEMPO });
    expect(overflow.end).toBeCloseTo(lines[4]!.start - BORROW_GAP_SECONDS, 3);
    expect(overflow.speech / MAX_TEMPO).toBeGreaterThan(overflow.end - overflow.start);

    expect(empty).toMatchObject({ speech: 0, end: empty.start });
    expect(last.end).toBeGreaterThan(44.2);
    expect(last.end).toBeLessThanOrEqual(47);
    expectInsideBounds(lines, fits, 47);
  });

  it('answers an unknown voice or a line ending before it starts with 400', async () => {
    const unknown = await postJson(engine.url, DUB_ENGINE_PATHS.fit, { language: 'en-US', lines: [{ start: 0, end: 1, text: 'Hi', voice: 'espeak:xx+f9' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toMatch(/unknown voice "espeak:xx\+f9"/);
    const backwards = await postJson(engine.url, DUB_ENGINE_PATHS.fit, { language: 'en-US', lines: [{ start: 3, end: 1, text: 'Hi' }] });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toMatch(/lines\.0: end is before start/);
  });
});

describe('voices and speech', () => {
  it('lists espeak-ng voices for English, Spanish and Chinese', async () => {
    const res = await fetch(engine.url + DUB_ENGINE_PATHS.voices, { headers: auth });
    expect(res.status).toBe(200);
    const { voices } = (await res.json()) as { voices: { id: string; language: string; backend: string; gender: string }[] };
    for (const [language, espeak] of [
      ['en-US', 'en-us'],
      ['es-ES', 'es'],
      ['zh-CN', 'cmn'],
    ] as const) {
      const mine = voices.filter((v) => v.language === language && v.backend === 'espeak-ng');
      expect(mine.map((v) => v.id).sort()).toEqual([`espeak:${espeak}+f3`, `espeak:${espeak}+m3`]);
      expect(mine.map((v) => v.gender).sort()).toEqual(['female', 'male']);
    }
  });

  for (const [language, text, voice] of [
    ['en', 'Welcome to the meeting, everyone.', /^espeak:en-us\+/],
    ['zh', '欢迎大家参加今天的会议。', /^espeak:cmn\+/],
  ] as const) {
    it(`speaks ${language} as audible 24 kHz mono speech`, async () => {
      const res = await fetch(engine.url + DUB_ENGINE_PATHS.speak, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text, language }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('x-voice')).toMatch(voice);
      const wav = Buffer.from(await res.arrayBuffer());
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(24)).toBe(24_000);
      const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
      expect(pcm.length / 24_000).toBeGreaterThan(1);
      let sum = 0;
      for (const x of pcm) sum += x * x;
      // Speech sits around -20 dBFS; silence or a broken decode would be far below.
      expect(Math.sqrt(sum / pcm.length)).toBeGreaterThan(1000);
      // The silent lead-in is trimmed: speech starts within a few milliseconds.
      expect(pcm.subarray(0, 24 * 20).some((x) => Math.abs(x) > 330)).toBe(true);
    });
  }

  it('speaks a line once for one voice, whichever code its language is asked under', async () => {
    // The cache's folder appears with its first entry.
    const root = join(tmp.dir, 'engine');
    const cached = () =>
      existsSync(root)
        ? readdirSync(root)
            .filter((d) => d.startsWith('tts-'))
            .flatMap((d) => readdirSync(join(root, d)))
        : [];
    const before = cached().length;
    const text = 'The speech cache keeps this line once.';
    const voices = [];
    for (const language of ['en', 'en-US', 'en']) {
      const res = await fetch(engine.url + DUB_ENGINE_PATHS.speak, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text, language, voice: 'espeak:en-us+f3' }),
      });
      expect(res.status).toBe(200);
      voices.push(res.headers.get('x-voice'));
    }
    expect(voices).toEqual(['espeak:en-us+f3', 'espeak:en-us+f3', 'espeak:en-us+f3']);
    expect(cached().length - before).toBe(1);
  });

  it('refuses an unknown voice and a language nobody speaks with a clear 400', async () => {
    const unknown = await postJson(engine.url, DUB_ENGINE_PATHS.speak, { text: 'Hello', language: 'en-US', voice: 'espeak:klingon+f3' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: 'bad_request' });
    expect(unknown.json.error.message).toMatch(/unknown voice "espeak:klingon\+f3".*\/v1\/tts\/voices/);
    const language = await postJson(engine.url, DUB_ENGINE_PATHS.speak, { text: 'Hello', language: 'xx-XX' });
    expect(language.status).toBe(400);
    expect(language.json.error.code).toBe('unsupported_language');
    const empty = await postJson(engine.url, DUB_ENGINE_PATHS.speak, { text: '   ', language: 'en-US' });
    expect(empty.status).toBe(400);
  });
});

describe('rendering the dubbed video (POST /v1/dub/render)', () => {
  // Line 0 is far too long and cut where the pause before the empty line 1 begins (4.5 s); line 2 fits.
  const plan: RenderPlan = {
    language: 'es',
    lines: [
      { start: 3, end: 4, text: 'Esta es una frase muy larga que no cabe de ninguna manera en el hueco tan corto que tiene.' },
      { start: 4.6, end: 6, text: '' },
      { start: 6.3, end: 7.3, text: 'Hola, ¿qué tal?' },
    ],
  };
  let fits: LineFit[];

  beforeAll(async () => {
    const { json } = await postJson(engine.url, DUB_ENGINE_PATHS.fit, { ...plan, duration: VIDEO_SECONDS });
    fits = (json as FitResponse).lines;
  });

  it('answers a playable mp4 with the picture untouched and the new voice at each line’s slot', async () => {
    expect(fits.map((f) => f.fit)).toEqual(['overflow', 'empty', 'fits']);
    const { res, body } = await render(renderForm(plan));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('x-dub-overflow')).toBe('1');
    expect(Number(res.headers.get('x-dub-duration'))).toBeCloseTo(VIDEO_SECONDS, 1);
    const out = join(tmp.dir, 'dubbed.mp4');
    writeFileSync(out, body);

    const info = ffprobe(out);
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(Number(info.format.duration) - VIDEO_SECONDS)).toBeLessThan(0.2);
    for (const s of info.streams) {
      expect(Math.abs(Number(s.duration) - VIDEO_SECONDS)).toBeLessThan(0.2);
      expect(Math.abs(Number(s.start_time))).toBeLessThan(0.05);
    }
    // Without subtitles the picture is copied, not re-encoded.
    expect(videoPacketsMd5(out)).toBe(videoPacketsMd5(original));

    const before = decodeAudio(original);
    const after = decodeAudio(out);
    const [cutLine, , hola] = fits as [LineFit, LineFit, LineFit];
    // The original is silent from 2.5 s on: whatever sounds there is the new voice.
    expect(rms(before, 2.5, VIDEO_SECONDS)).toBeLessThan(5);
    // The original speech stays where no line is spoken.
    expect(rms(after, 0.4, 1.6)).toBeGreaterThan(0.3 * rms(before, 0.4, 1.6));
    // The long line starts on its slot, and is heard right up to where it is cut...
    expect(onset(after, 2.5, 300)).toBeGreaterThan(cutLine.start - 0.03);
    expect(onset(after, 2.5, 300)).toBeLessThan(cutLine.start + 0.1);
    expect(rms(after, cutLine.start, cutLine.end - 0.1)).toBeGreaterThan(500);
    // ...and not after it: cut at 4.5 s, then the empty line, silent.
    expect(rms(after, cutLine.end + 0.05, hola.start - 0.05)).toBeLessThan(30);
    expect(onset(after, cutLine.end + 0.05, 300)).toBeGreaterThan(hola.start - 0.03);
    expect(onset(after, cutLine.end + 0.05, 300)).toBeLessThan(hola.start + 0.1);
    expect(rms(after, hola.start, hola.end)).toBeGreaterThan(500);
    expect(rms(after, hola.end + 0.1, VIDEO_SECONDS)).toBeLessThan(30);
  });

  it('burns the subtitles into the picture while their line is on, sized to the video by default', async () => {
    const styled: RenderPlan = { ...plan, subtitles: { fontSize: 'auto', maxChars: 40, primaryColor: '#ffffff', outlineColor: '#000000' } };
    const { res, body } = await render(renderForm(styled));
    expect(res.status).toBe(200);
    const out = join(tmp.dir, 'subtitled.mp4');
    writeFileSync(out, body);
    const info = ffprobe(out);
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(Number(info.format.duration) - VIDEO_SECONDS)).toBeLessThan(0.2);
    const bottom = [Math.round(HEIGHT * 0.8), HEIGHT] as const;
    const top = [0, Math.round(HEIGHT * 0.7)] as const;
    // During the long line (3-4.5 s): text at the bottom, the rest of the picture as it was.
    const during = [lumaFrame(original, 3.5), lumaFrame(out, 3.5)] as const;
    expect(changedShare(...during, ...bottom)).toBeGreaterThan(0.01);
    expect(changedShare(...during, ...top)).toBeLessThan(0.001);
    // Before any line: nothing drawn.
    const idle = [lumaFrame(original, 1), lumaFrame(out, 1)] as const;
    expect(changedShare(...idle, ...bottom)).toBeLessThan(0.001);
  });

  it('ignores parts after the video', async () => {
    const { res, body } = await render(renderForm({ language: 'es', lines: [{ start: 6.3, end: 7.3, text: 'Hola, ¿qué tal?' }] }, { extra: true }));
    expect(res.status).toBe(200);
    const out = join(tmp.dir, 'extra.mp4');
    writeFileSync(out, body);
    expect(
      ffprobe(out)
        .streams.map((s) => s.codec_type)
        .sort(),
    ).toEqual(['audio', 'video']);
  });

  it('answers a bad request with a 400 JSON error, never a 500', async () => {
    const cases: [string, FormData, RegExp][] = [
      ['missing video', renderForm(plan, { video: false }), /missing the "video" part/],
      ['video before plan', renderForm(plan, { videoFirst: true }), /"plan" part must come before "video"/],
      ['not JSON', renderForm(null, { planText: '{"language": "es", "lines": [' }), /plan: not valid JSON/],
      ['end before start', renderForm({ language: 'es', lines: [{ start: 5, end: 4, text: 'Hola' }] }), /lines\.0: end is before start/],
      ['schema', renderForm({ language: 'es', lines: [{ start: -1, end: 4, text: 'Hola' }] }), /lines\.0\.start/],
      ['unknown voice', renderForm({ language: 'es', lines: [{ start: 1, end: 4, text: 'Hola', voice: 'espeak:xx+f9' }] }), /unknown voice/],
    ];
    for (const [what, form, message] of cases) {
      const { status, json } = await post(engine.url, DUB_ENGINE_PATHS.render, form);
      expect({ what, status, code: json.error?.code }).toEqual({ what, status: 400, code: 'bad_request' });
      expect(json.error.message).toMatch(message);
    }
    const notMultipart = await postJson(engine.url, DUB_ENGINE_PATHS.render, plan);
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.json.error.message).toMatch(/multipart\/form-data/);
  });
});
