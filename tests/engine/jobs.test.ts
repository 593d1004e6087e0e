/**
 * Engine-side jobs: file work runs under an id the Worker chooses, once however often it is started, with its
 * media read and written by presigned URL; a full engine refuses with 429; a render keeps each line's speech
 * in storage, so a render started again on another engine speaks nothing twice.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineJobStatus, EngineJobStep, ExtractJobResult, TranscribeResponse } from '../../contracts/engine';
import { ENGINE_PATHS } from '../../contracts/engine';
import type { RenderJob } from '../../contracts/dubbing-engine';
import { renderJob } from '../../contracts/dubbing-engine';
import { Dubbing } from '../../engine/backends/dubbing';
import { Gate } from '../../engine/backends/dubbing/gate';
import { renderVideo } from '../../engine/backends/dubbing/video';
import { loadConfig } from '../../engine/config';
import { EngineHttpError } from '../../engine/http';
import { EngineJobs } from '../../engine/jobs';
import { makeTestVideo } from '../fixtures/video';
import { auth, file, postJson, type RunningEngine, speak, startEngine, tempDir } from './helpers';
import { objectStore, until } from './object-store';

let tmp: ReturnType<typeof tempDir>;
let store: Awaited<ReturnType<typeof objectStore>>;

beforeAll(async () => {
  tmp = tempDir();
  store = await objectStore();
});

afterAll(async () => {
  await store?.close();
  tmp?.cleanup();
});

describe('the job registry', () => {
  it('runs an id once however often it is started, and keeps its result', async () => {
    const jobs = new EngineJobs(new Gate(1, 0, 'file job'));
    let release!: (value: string) => void;
    let runs = 0;
    const work = () => {
      runs++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    expect(jobs.start('a', work)).toEqual({ id: 'a', state: 'running' });
    expect(jobs.start('a', work)).toEqual({ id: 'a', state: 'running' });
    await until(() => (runs ? true : undefined));
    release('made');
    const done = await until(() => (jobs.status('a')?.state === 'done' ? jobs.status('a') : undefined));
    expect(done).toEqual({ id: 'a', state: 'done', result: 'made' });
    expect(jobs.start('a', work)).toEqual(done);
    expect(runs).toBe(1);
  });

  it('tells a failure once with its status, then runs the id again', async () => {
    const jobs = new EngineJobs(new Gate(1, 0, 'file job'));
    jobs.start('b', async () => {
      throw new EngineHttpError(422, 'unreadable_media', 'the media could not be read');
    });
    const failed = await until(() => {
      const s = jobs.status('b');
      return s?.state === 'running' ? undefined : s;
    });
    expect(failed).toEqual({ id: 'b', state: 'failed', error: { status: 422, code: 'unreadable_media', message: 'the media could not be read' } });
    expect(jobs.status('b')).toBeUndefined();
    expect(jobs.start('b', async () => 'second try')).toEqual({ id: 'b', state: 'running' });
  });

  it('refuses a job past its slots and queue with 429 and when to come back', () => {
    const jobs = new EngineJobs(new Gate(1, 1, 'file job'));
    const forever = () => new Promise<never>(() => {});
    jobs.start('c', forever);
    jobs.start('d', forever);
    let refusal: unknown;
    try {
      jobs.start('e', forever);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(EngineHttpError);
    expect((refusal as EngineHttpError).status).toBe(429);
    expect(Number((refusal as EngineHttpError).headers['retry-after'])).toBeGreaterThan(0);
    // A job already known is still answered.
    expect(jobs.start('c', forever)).toEqual({ id: 'c', state: 'running' });
  });
});

describe('extracting by URL (POST /v1/jobs/extract)', () => {
  let engine: RunningEngine;

  beforeAll(async () => {
    engine = await startEngine({ tmpDir: join(tmp.dir, 'engine'), asrWorkers: 1 });
    store.objects.set('upload.wav', file(speak(join(tmp.dir, 'speech.wav'), 'The engine reads this from storage and writes the audio back.', 'en-us', 1)));
  });

  afterAll(async () => {
    await engine?.close();
  });

  const status = async (id: string) => {
    const res = await fetch(`${engine.url}${ENGINE_PATHS.jobs}/${id}`, { headers: auth });
    return res.status === 404 ? undefined : ((await res.json()) as EngineJobStatus);
  };

  it('stores the audio as a WAV whose header holds its length and as seekable AAC for the player, and answers where speech is', async () => {
    expect(await status('extract-1')).toBeUndefined();
    const started = await postJson(engine.url, ENGINE_PATHS.extractJob, {
      id: 'extract-1',
      url: store.url('upload.wav'),
      put: store.url('audio.wav'),
      player: store.url('audio.m4a'),
    });
    expect(started.status).toBe(200);
    const done = await until(async () => {
      const s = await status('extract-1');
      return s?.state === 'running' ? undefined : s;
    });
    expect(done?.state).toBe('done');
    const result = (done as { result: ExtractJobResult }).result;
    const wav = store.objects.get('audio.wav')!;
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(40)).toBe(result.bytes);
    expect(wav.length).toBe(44 + result.bytes);
    // About a second of silence each side of the sentence.
    expect(result.segments.length).toBeGreaterThan(0);
    expect(result.segments[0]!.start).toBeGreaterThan(0.7);
    expect(result.segments.at(-1)!.end).toBeLessThan(result.bytes / 32_000 - 0.7);

    // The player's audio: mono AAC-LC in MP4 as long as the WAV, its index in front of the audio (so a browser
    // seeks by one range request), a fraction of the WAV's bytes.
    const m4a = store.objects.get('audio.m4a')!;
    expect(result.playerBytes).toBe(m4a.length);
    expect(m4a.length).toBeLessThan(wav.length / 4);
    const path = join(tmp.dir, 'player.m4a');
    writeFileSync(path, m4a);
    const probed = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], { encoding: 'utf8' }),
    ) as { format: { format_name: string; duration: string }; streams: { codec_name: string; profile: string; channels: number }[] };
    expect(probed.format.format_name).toContain('mp4');
    expect(probed.streams).toEqual([expect.objectContaining({ codec_name: 'aac', profile: 'LC', channels: 1 })]);
    expect(Number(probed.format.duration)).toBeCloseTo(result.bytes / 32_000, 1);
    expect(m4a.indexOf('moov')).toBeLessThan(m4a.indexOf('mdat'));
  });

  it("recognises a stretch of the stored audio by URL, timed from the stretch's start", async () => {
    const ask = (span: object) => postJson(engine.url, ENGINE_PATHS.transcribe, { url: store.url('audio.wav'), language: 'en-US', ...span });
    const whole = (await ask({})).json as TranscribeResponse;
    const stretch = (await ask({ start: 0.5, end: whole.duration - 0.2 })).json as TranscribeResponse;
    expect(whole.segments.length).toBeGreaterThan(0);
    // The same utterances (PocketSphinx may hear their words a little differently from another starting point).
    expect(stretch.segments).toHaveLength(whole.segments.length);
    expect(stretch.segments[0]!.start).toBeCloseTo(whole.segments[0]!.start - 0.5, 1);
    expect(stretch.duration).toBeCloseTo(whole.duration - 0.7, 1);
  });

  it('fails a job whose media storage does not deliver with 502 (a fault to retry, not unreadable media), told once', async () => {
    await postJson(engine.url, ENGINE_PATHS.extractJob, { id: 'extract-2', url: store.url('missing.wav'), put: store.url('never.wav') });
    const failed = await until(async () => {
      const s = await status('extract-2');
      return s?.state === 'running' ? undefined : s;
    });
    expect(failed).toMatchObject({ state: 'failed', error: { status: 502, code: 'upstream' } });
    expect(await status('extract-2')).toBeUndefined();
    expect(store.objects.has('never.wav')).toBe(false);
  });
});

describe('rendering by URL with speech kept in storage', () => {
  it('speaks each line once across engines: a render started again on a fresh engine reuses what the first stored', async () => {
    const voice = speak(join(tmp.dir, 'original.wav'), 'This is the original sound.');
    const video = join(tmp.dir, 'original.mp4');
    makeTestVideo({ audio: ['-i', voice], out: video, seconds: 6, audioFilter: 'apad,atrim=end=6,aresample=48000' });
    store.objects.set('video.mp4', file(video));
    const plan = {
      language: 'es',
      lines: [
        { start: 0.5, end: 2, text: 'Hola a todos.' },
        { start: 2.5, end: 3, text: '' },
        { start: 3.5, end: 5, text: 'Gracias por venir.' },
      ],
    };
    const job = (id: string): RenderJob => ({
      id,
      video: store.url('video.mp4'),
      put: store.url(`${id}.mp4`),
      plan,
      spoken: plan.lines.map((l, i) => (l.text ? { get: store.url(`spoken/${i}.pcm`), put: store.url(`spoken/${i}.pcm`) } : null)),
    });
    const engineAt = (dir: string) => new Dubbing({ ...loadConfig({}), tmpDir: join(tmp.dir, dir) });

    const first = engineAt('first');
    const steps: EngineJobStep[] = [];
    const made = await first.renderJob(renderJob.parse(job('first')), (step) => steps.push(step));
    await first.close();
    expect(made).toMatchObject({ synthesized: 2, reused: 0 });
    // The bar goes through speaking, then the render's own share of the output, ending whole.
    const rendering = steps.filter((s) => s.step === 'rendering').map((s) => s.fraction);
    expect(steps.findIndex((s) => s.step === 'rendering')).toBeGreaterThan(steps.findIndex((s) => s.step === 'speaking'));
    expect(rendering.at(-1)).toBe(1);
    expect(rendering).toEqual([...rendering].sort((a, b) => a - b));
    expect(store.objects.get('first.mp4')!.subarray(4, 8).toString()).toBe('ftyp');
    expect([...store.objects.keys()].filter((k) => k.startsWith('spoken/')).sort()).toEqual(['spoken/0.pcm', 'spoken/2.pcm']);

    const second = engineAt('second');
    const again = await second.renderJob(renderJob.parse(job('second')));
    await second.close();
    expect(again).toMatchObject({ synthesized: 0, reused: 2 });
    expect(again.lines).toEqual(made.lines);
    expect(store.objects.get('second.mp4')!.subarray(4, 8).toString()).toBe('ftyp');
  });
});

describe("a render's own progress", () => {
  it('reports the share of the output ffmpeg has written while it encodes, between 0 and 1, then 1', async () => {
    const fractions: number[] = [];
    // Read at its own pace (-re), a 3 s encode lasts 3 s, so ffmpeg reports several times on the way.
    const args = ['-nostdin', '-v', 'error', '-y', '-re', '-f', 'lavfi', '-i', 'sine=d=3', '-c:a', 'aac', '-f', 'mp4', join(tmp.dir, 'paced.mp4')];
    await renderVideo(args, tmp.dir, 3, (f) => fractions.push(f));
    expect(fractions.some((f) => f > 0.1 && f < 0.9)).toBe(true);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });
});
