import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMeeting } from '../fixtures/meeting';
import { MEETING_SPEAKERS } from '../fixtures/meeting-script';
import { auth, file, post, postJson, sh, useEngine } from './helpers';

const ctx = useEngine();

describe('translation', () => {
  it('converts zh-CN to zh-TW with Taiwan phrasing (OpenCC)', async () => {
    const { status, json } = await postJson(ctx.engine.url, '/v1/translate', {
      from: 'zh-CN',
      to: 'zh-TW',
      texts: ['鼠标和软件都在网络上。', '头发发现了信息。'],
    });
    expect(status).toBe(200);
    expect(json.backend).toBe('opencc');
    expect(json.texts).toEqual(['滑鼠和軟體都在網路上。', '頭髮發現了資訊。']);
  });

  it('converts zh-TW back to zh-CN and honours glossary terms', async () => {
    const { json } = await postJson(ctx.engine.url, '/v1/translate', {
      from: 'zh-TW',
      to: 'zh-CN',
      texts: ['聽譯的軟體很好用。'],
      glossary: [{ source: '聽譯', target: 'Tingyi' }],
    });
    expect(json.texts).toEqual(['Tingyi的软件很好用。']);
  });

  it('translates English to Spanish with the installed Apertium pair', async () => {
    const { status, json } = await postJson(ctx.engine.url, '/v1/translate', {
      from: 'en-US',
      to: 'es-ES',
      texts: ['The house is big.', 'I like the red car.'],
    });
    expect(status).toBe(200);
    expect(json.backend).toBe('apertium');
    expect(json.texts).toEqual(['La casa es grande.', 'Me gusta el coche rojo.']);
  });

  it("answers a live meeting's run of short lines from the running pipeline, each in well under a second, reserved characters and terms kept", async () => {
    const ask = (texts: string[], glossary?: { source: string; target: string }[]) =>
      postJson(ctx.engine.url, '/v1/translate', { from: 'en-US', to: 'es-ES', texts, ...(glossary ? { glossary } : {}) });
    // The first call may start the pair's pipeline (seconds on a busy machine); the live lines come after it.
    await ask(['The house is big.']);
    const lines = ['I like the red car.', 'The house is big.', 'The cost is $5 [approx] at 3/4 <ok> @home {x}', 'We have a meeting tomorrow.'];
    const started = performance.now();
    const answers = [];
    for (const line of [...lines, ...lines]) answers.push((await ask([line], [{ source: 'meeting', target: 'reunión de Tingyi' }])).json.texts[0]);
    // A one-off Apertium run costs about 1.7 s of CPU (a second or more each even on a quiet machine): eight would take 8 s or more.
    expect(performance.now() - started).toBeLessThan(4000);
    expect(answers.slice(0, 4)).toEqual([
      'Me gusta el coche rojo.',
      'La casa es grande.',
      'El coste es $5 [approx] en 3/4 <vale> @casa {x}',
      expect.stringContaining('reunión de Tingyi'),
    ]);
    expect(answers.slice(4)).toEqual(answers.slice(0, 4));
  });

  it('translates between French and Spanish both ways with the pair a plain start installs', async () => {
    const there = await postJson(ctx.engine.url, '/v1/translate', { from: 'fr-FR', to: 'es-ES', texts: ['La maison est grande.'] });
    expect(there.json).toMatchObject({ backend: 'apertium', texts: ['La casa es grande.'] });
    const back = await postJson(ctx.engine.url, '/v1/translate', { from: 'es-ES', to: 'fr-FR', texts: ['La casa es grande.'] });
    expect(back.json).toMatchObject({ backend: 'apertium', texts: ['La maison est grande.'] });
  });

  it('answers an unsupported pair with a clear error, never a copy of the input', async () => {
    const { status, json } = await postJson(ctx.engine.url, '/v1/translate', { from: 'en-US', to: 'ja-JP', texts: ['Hello'] });
    expect(status).toBe(422);
    expect(json.error.code).toBe('unsupported_pair');
    expect(json.error.message).toMatch(/en-US → ja-JP/);
  });

  it('validates the request', async () => {
    const { status, json } = await postJson(ctx.engine.url, '/v1/translate', { from: 'zh-CN', texts: [] });
    expect(status).toBe(400);
    expect(json.error.message).toMatch(/to/);
  });
});

describe('speaker separation (MFCC statistics + agglomerative clustering)', () => {
  let recording: string;
  let spans: { start: number; end: number }[];
  const truth = MEETING_SPEAKERS;

  beforeAll(() => {
    ({ path: recording, spans } = makeMeeting(ctx.tmp.dir));
  });

  it('labels two espeak-ng voices as two speakers when told at most two', async () => {
    const { status, json } = await post(ctx.engine.url, `/v1/diarize?maxSpeakers=2&segments=${encodeURIComponent(JSON.stringify(spans))}`, file(recording));
    expect(status).toBe(200);
    expect(json.labels).toEqual(truth);
  });

  it('takes the count as an upper bound: two voices stay two under a limit of 10', async () => {
    const { json } = await post(ctx.engine.url, `/v1/diarize?maxSpeakers=10&segments=${encodeURIComponent(JSON.stringify(spans))}`, file(recording));
    expect(json.speakers).toBe(2);
    expect(json.labels).toEqual(truth);
  });

  it('finds the number of speakers itself', async () => {
    const { json } = await post(ctx.engine.url, `/v1/diarize?segments=${encodeURIComponent(JSON.stringify(spans))}`, file(recording));
    expect(json.speakers).toBe(2);
    expect(json.labels).toEqual(truth);
  });

  it('labels speakers on transcription segments', async () => {
    const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe?diarize=true&maxSpeakers=2', file(recording));
    expect(status).toBe(200);
    // Each turn is followed by 0.8 s of silence, so the VAD finds the six turns.
    expect(json.segments).toHaveLength(6);
    expect(json.segments.map((s: any) => s.speaker)).toEqual(truth);
  });

  it('measures each segment’s pitch with its embedding: the low voice under 150 Hz, the high one over 200 Hz', async () => {
    const { json } = await post(ctx.engine.url, '/v1/asr/transcribe?embeddings=true', file(recording));
    const pitches: number[] = json.segments.map((s: any) => s.pitch);
    expect(pitches).toHaveLength(6);
    pitches.forEach((hz, i) => {
      if (truth[i] === '1') expect(hz).toBeLessThan(150);
      else expect(hz).toBeGreaterThan(200);
    });
    // Without embeddings or speaker separation nothing is measured.
    const plain = await post(ctx.engine.url, '/v1/asr/transcribe', file(recording));
    expect(plain.json.segments.every((s: any) => s.pitch === undefined)).toBe(true);
  });

  it('labels speakers across separately transcribed pieces of one file from their embeddings', async () => {
    // The file job transcribes a long recording in pieces, then clusters all pieces' embeddings at once.
    const cut = spans[3]!.start - 0.4;
    const pieces = [
      ['-t', String(cut)],
      ['-ss', String(cut)],
    ].map((range, i) => {
      const out = join(ctx.tmp.dir, `piece${i}.wav`);
      sh('ffmpeg', ['-v', 'error', '-y', '-i', recording, ...range, out]);
      return out;
    });
    const heard = [];
    for (const piece of pieces) {
      const { status, json } = await post(ctx.engine.url, '/v1/asr/transcribe?embeddings=true&diarize=false', file(piece));
      expect(status).toBe(200);
      expect(json.segments.every((s: any) => s.speaker === undefined && s.embedding.length > 10)).toBe(true);
      heard.push(...json.segments);
    }
    expect(heard).toHaveLength(6);
    const clustered = await fetch(`${ctx.engine.url}/v1/diarize/cluster`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ embeddings: heard.map((s: any) => s.embedding) }),
    });
    expect(clustered.status).toBe(200);
    expect(await clustered.json()).toMatchObject({ speakers: 2, labels: truth });
  });

  it.each([
    [undefined, 3],
    [10, 3],
    [2, 2],
    [1, 1],
  ])('clusters three clear voices into at most %s speakers: %i', async (maxSpeakers, speakers) => {
    // Five segments each around three far-apart points, with small deterministic jitter.
    const centres = [
      [0, 0, 0, 0],
      [10, 0, 5, 0],
      [0, 12, 0, -6],
    ];
    const embeddings = centres.flatMap((c, g) => Array.from({ length: 5 }, (_, i) => c.map((x, d) => x + Math.sin(g * 31 + i * 7 + d) * 0.3)));
    const res = await fetch(`${ctx.engine.url}/v1/diarize/cluster`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ embeddings, ...(maxSpeakers ? { maxSpeakers } : {}) }),
    });
    const json = (await res.json()) as { speakers: number; labels: string[] };
    expect(json.speakers).toBe(speakers);
    // Segments of one voice never split: each group of five shares one label.
    for (let g = 0; g < 3; g++) expect(new Set(json.labels.slice(g * 5, g * 5 + 5)).size).toBe(1);
  });
});
