import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRIVOX, auth, file, librivoxReference, post, sh, speak, startEngine, useEngine, wer } from './helpers';

const refs = librivoxReference();
const clip = (id: string) => join(LIBRIVOX, `${id}.wav`);

const ctx = useEngine();

describe('batch recognition (PocketSphinx on LibriVox speech)', () => {
  it('transcribes each clip close to the reference', async () => {
    const results = await Promise.all(
      refs.map(async (r) => {
        const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe?language=en-US', file(clip(r.id)));
        expect(status).toBe(200);
        return { ...r, hyp: json.segments.map((s: any) => s.text).join(' '), json };
      }),
    );
    let errors = 0;
    let words = 0;
    for (const r of results) {
      const w = wer(r.text, r.hyp);
      errors += w.errors;
      words += w.words;
      console.log(`[asr] ${r.id}: WER ${(w.errors / w.words).toFixed(2)} | ${r.hyp}`);
    }
    const rate = errors / words;
    console.log(`[asr] LibriVox WER ${(rate * 100).toFixed(1)} % over ${words} words`);
    expect(rate).toBeLessThan(0.4);
    // Words come with times inside their segment, in order.
    const first = results[0]!.json.segments[0];
    expect(first.words.length).toBeGreaterThan(10);
    for (const w of first.words) {
      expect(w.start).toBeGreaterThanOrEqual(first.start - 0.01);
      expect(w.end).toBeLessThanOrEqual(first.end + 0.2);
      expect(w.end).toBeGreaterThan(w.start);
    }
  });

  it('cuts a long recording into utterances with times on the original clock', async () => {
    // The five clips joined with 1.5 s of silence between them.
    const out = join(ctx.tmp.dir, 'joined.wav');
    const inputs = refs.flatMap((r) => ['-i', clip(r.id)]);
    const filter = `${refs.map((_, i) => `[${i}:a]apad=pad_dur=1.5[a${i}]`).join(';')};${refs.map((_, i) => `[a${i}]`).join('')}concat=n=${refs.length}:v=0:a=1[out]`;
    sh('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[out]', out]);
    const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe', file(out));
    expect(status).toBe(200);
    expect(json.duration).toBeGreaterThan(30);
    expect(json.segments.length).toBeGreaterThanOrEqual(refs.length);
    // The third clip starts after the first two plus their padding; some segment must begin near there.
    const thirdStart = 7.1 + 1.5 + 2.99 + 1.5;
    expect(json.segments.some((s: any) => Math.abs(s.start - thirdStart) < 0.6)).toBe(true);
    const hyp = json.segments.map((s: any) => s.text).join(' ');
    const w = wer(refs.map((r) => r.text).join(' '), hyp);
    console.log(`[asr] joined recording WER ${((w.errors / w.words) * 100).toFixed(1)} %, RTF ${(json.processingSeconds / json.duration).toFixed(3)}`);
    expect(w.errors / w.words).toBeLessThan(0.4);
  });

  it('times each line by the voice the VAD found, so utterances a short pause apart never share time', async () => {
    const a = speak(join(ctx.tmp.dir, 'close-a.wav'), 'Shall we start with the budget?');
    const b = speak(join(ctx.tmp.dir, 'close-b.wav'), 'Yes, the budget is almost final.', 'en-us+f3');
    const out = join(ctx.tmp.dir, 'close.wav');
    // A pause long enough for the VAD to cut, shorter than the recogniser's padding on both sides.
    sh('ffmpeg', ['-v', 'error', '-y', '-i', a, '-i', b, '-filter_complex', '[0:a]apad=pad_dur=0.1[x];[x][1:a]concat=n=2:v=0:a=1[out]', '-map', '[out]', out]);
    const vad = (await post(ctx.engine.url, '/v1/vad', file(out))).json.segments as { start: number; end: number }[];
    const { json } = await post(ctx.engine.url, '/v1/asr/transcribe?language=en-US', file(out));
    const lines = json.segments as { start: number; end: number; text: string; words: { start: number; end: number }[] }[];
    expect(vad).toHaveLength(2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.start).toBeGreaterThanOrEqual(lines[0]!.end);
    lines.forEach((line, i) => {
      expect(line.start).toBeCloseTo(vad[i]!.start, 2);
      expect(line.end).toBeCloseTo(vad[i]!.end, 2);
      for (const w of line.words) expect(w.start >= line.start && w.end <= line.end).toBe(true);
    });
  });

  it('reports how much of the audio it recognised as it goes, then the result, when asked for progress', { timeout: 180_000 }, async () => {
    const out = clip(refs[0]!.id);
    const res = await fetch(`${ctx.engine.url}/v1/asr/transcribe?language=en-US&progress=true`, { method: 'POST', body: file(out), headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const events = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; decoded?: number; result?: { duration: number; segments: unknown[] } });
    const decoded = events.filter((e) => e.type === 'progress').map((e) => e.decoded!);
    const last = events.at(-1)!;
    expect(last.type).toBe('result');
    expect(last.result!.segments.length).toBeGreaterThanOrEqual(1);
    // Reported before the result, moving forward only, never past the audio.
    expect(decoded.length).toBeGreaterThanOrEqual(1);
    expect(decoded.every((s, i) => s > 0 && (i === 0 || s >= decoded[i - 1]!))).toBe(true);
    expect(decoded.at(-1)!).toBeLessThanOrEqual(last.result!.duration);
  });

  it('refuses an unknown language with an ordinary error also when progress was asked for', async () => {
    const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe?language=zh-CN&progress=true', file(clip(refs[1]!.id)));
    expect(status).toBe(422);
    expect(json.error.code).toBe('unsupported_language');
  });

  it('refuses a language no installed backend recognises, with the reason', async () => {
    const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe?language=zh-CN', file(clip(refs[1]!.id)));
    expect(status).toBe(422);
    expect(json.error.code).toBe('unsupported_language');
    expect(json.error.message).toMatch(/zh-CN/);
  });
});

describe('VAD (Silero)', () => {
  it('finds the spoken spans of espeak-ng speech separated by silence', async () => {
    const a = speak(join(ctx.tmp.dir, 'a.wav'), 'Good morning everyone, welcome to the meeting.');
    const b = speak(join(ctx.tmp.dir, 'b.wav'), 'Let us review the plan for next week.');
    const out = join(ctx.tmp.dir, 'vad.wav');
    // 1 s silence, A, 2 s silence, B, 1 s silence.
    sh('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      a,
      '-i',
      b,
      '-filter_complex',
      '[0:a]adelay=1000,apad=pad_dur=2[x];[1:a]apad=pad_dur=1[y];[x][y]concat=n=2:v=0:a=1[out]',
      '-map',
      '[out]',
      out,
    ]);
    const durA = (file(a).length - 44) / 32_000;
    const durB = (file(b).length - 44) / 32_000;
    const { status, json } = await post(ctx.engine.url, '/v1/vad', file(out));
    expect(status).toBe(200);
    expect(json.segments).toHaveLength(2);
    const [s1, s2] = json.segments;
    // espeak adds a little silence of its own around each sentence, hence the tolerance.
    expect(Math.abs(s1.start - 1)).toBeLessThan(0.3);
    expect(Math.abs(s1.end - (1 + durA))).toBeLessThan(0.5);
    expect(Math.abs(s2.start - (1 + durA + 2))).toBeLessThan(0.3);
    expect(Math.abs(s2.end - (1 + durA + 2 + durB))).toBeLessThan(0.5);
  });
});

describe('load limits', () => {
  it('answers 429 with Retry-After when decoders and queue are full, and serves the rest', async () => {
    const small = await startEngine({ asrWorkers: 1, asrQueue: 1 });
    try {
      const body = file(clip(refs[0]!.id));
      const results = await Promise.all(Array.from({ length: 4 }, () => post(small.url, '/v1/asr/transcribe', body)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 429, 429]);
      const refused = results.find((r) => r.status === 429)!;
      expect(refused.json.error.code).toBe('busy');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await small.close();
    }
  });

  it('stops a request at its time limit with 504', async () => {
    const hasty = await startEngine({ asrWorkers: 1, asrTimeoutMs: 200 });
    try {
      const { status, json } = await post(hasty.url, '/v1/asr/transcribe', file(clip(refs[0]!.id)));
      expect(status).toBe(504);
      expect(json.error.code).toBe('timeout');
    } finally {
      await hasty.close();
    }
  });
});
