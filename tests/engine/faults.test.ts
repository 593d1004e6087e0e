/**
 * The real engine process stopped the ways a platform stops it, in the middle of an extraction, a dub render and a
 * live stream. SIGTERM (a rollout): it refuses new work with `draining` (its health says so), asks the stream to
 * move, finishes the jobs and exits; a new engine answers those jobs from what the first one stored, without doing
 * them again. SIGKILL (an eviction, a crash): the jobs started again under their ids on a new engine end as an
 * undisturbed run does, every output stored once and every line spoken before the kill reused.
 */
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EngineHealth, EngineJobStatus, ExtractJob, ExtractJobResult, StreamServerMessage } from '../../contracts/engine';
import { ENGINE_PATHS, STREAM_MOVING_CLOSE_CODE } from '../../contracts/engine';
import { DUB_ENGINE_PATHS, type RenderJob, type RenderJobResult, renderJob } from '../../contracts/dubbing-engine';
import { Dubbing } from '../../engine/backends/dubbing';
import { extractJob } from '../../engine/backends/media/extract-job';
import { loadConfig } from '../../engine/config';
import { makeTestVideo } from '../fixtures/video';
import { type EngineProcess, startEngineProcess } from './engine-process';
import { SECRET, auth, file, openStream, postJson, speak, tempDir } from './helpers';
import { objectStore, until } from './object-store';

const ENGINE_START_MS = 120_000;
const OLD_SECRET = 'the-secret-before-the-rotation';

let tmp: ReturnType<typeof tempDir>;
let store: Awaited<ReturnType<typeof objectStore>>;
let speech: Buffer;
const engines: EngineProcess[] = [];
/** The engine started after the drained one: it answers the drained engine's jobs, then is killed. */
let successor: EngineProcess;
const reference = {} as { extract: ExtractJobResult; audio: Buffer; render: RenderJobResult };

const plan = {
  language: 'es',
  lines: [
    { start: 0.5, end: 2, text: 'Hola a todos.' },
    { start: 3.5, end: 5, text: 'Gracias por venir.' },
  ],
};

const extractInput = (id: string): ExtractJob => ({
  id,
  url: store.url('upload.wav'),
  put: store.url(`${id}/audio.wav`),
  checkpoint: { get: store.url(`${id}/audio.json`), put: store.url(`${id}/audio.json`), output: store.url(`${id}/audio.wav`) },
});

const renderInput = (id: string): RenderJob => ({
  id,
  video: store.url('video.mp4'),
  put: store.url(`${id}/dub.mp4`),
  plan,
  spoken: plan.lines.map((_, i) => ({ get: store.url(`${id}/spoken/${i}.pcm`), put: store.url(`${id}/spoken/${i}.pcm`) })),
  checkpoint: { get: store.url(`${id}/dub.json`), put: store.url(`${id}/dub.json`), output: store.url(`${id}/dub.mp4`) },
});

async function engineProcess(name: string) {
  const engine = await startEngineProcess({ ENGINE_TMP_DIR: join(tmp.dir, name), ENGINE_SECRET_PREVIOUS: OLD_SECRET, ENGINE_FILE_JOBS: '2' });
  engines.push(engine);
  return engine;
}

const status = async (engine: EngineProcess, id: string) => {
  const res = await fetch(`${engine.url}${ENGINE_PATHS.jobs}/${id}`, { headers: auth });
  return res.status === 404 ? undefined : ((await res.json()) as EngineJobStatus);
};

/** Starts (or asks again for) a job and waits for its end; answers its result, failing the test on a failure. */
async function finished<R>(engine: EngineProcess, path: string, input: { id: string }): Promise<R> {
  const started = await postJson(engine.url, path, input);
  expect(started.status).toBe(200);
  const end = await until(async () => {
    const s = await status(engine, input.id);
    return s?.state === 'running' ? undefined : s;
  });
  expect(end).toMatchObject({ state: 'done' });
  return (end as { result: R }).result;
}

beforeAll(async () => {
  tmp = tempDir();
  store = await objectStore();
  speech = file(speak(join(tmp.dir, 'speech.wav'), 'The meeting moves to another engine without losing a word.', 'en-us', 1));
  store.objects.set('upload.wav', speech);
  const voice = speak(join(tmp.dir, 'original.wav'), 'This is the original sound.');
  makeTestVideo({ audio: ['-i', voice], out: join(tmp.dir, 'original.mp4'), seconds: 6, audioFilter: 'apad,atrim=end=6,aresample=48000' });
  store.objects.set('video.mp4', file(join(tmp.dir, 'original.mp4')));
  // Undisturbed runs of the same work, in this process, for the disturbed ones to equal.
  const config = { ...loadConfig({}), tmpDir: join(tmp.dir, 'reference') };
  reference.extract = await extractJob(extractInput('reference'), config);
  reference.audio = store.objects.get('reference/audio.wav')!;
  const dubbing = new Dubbing(config);
  reference.render = await dubbing.renderJob(renderJob.parse(renderInput('reference-dub')));
  await dubbing.close();
}, 120_000);

afterAll(async () => {
  for (const engine of engines) engine.signal('SIGKILL');
  await store?.close();
  tmp?.cleanup();
});

describe('an engine stopped by SIGTERM', () => {
  it(
    'refuses new work as draining, moves its live stream, finishes its extraction and render, then exits',
    async () => {
      const engine = await engineProcess('drained');
      // Both jobs are held in the middle: their outputs are being stored when the signal comes.
      const extracting = store.hold('PUT', 'x1/audio.wav');
      const rendering = store.hold('PUT', 'r1/dub.mp4');
      expect((await postJson(engine.url, ENGINE_PATHS.extractJob, extractInput('x1'))).status).toBe(200);
      expect((await postJson(engine.url, DUB_ENGINE_PATHS.renderJob, renderInput('r1'))).status).toBe(200);
      await Promise.all([extracting.reached, rendering.reached]);

      // A live stream that has been heard for a while.
      const ws = openStream(engine.url, 'language=en-US');
      const messages: StreamServerMessage[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data)) as StreamServerMessage));
      const closedWith = once(ws, 'close').then(([code]) => code as number);
      await until(() => (messages.some((m) => m.type === 'ready') ? true : undefined));
      const pcm = speech.subarray(44);
      for (let off = 0; off < pcm.length; off += 3200) ws.send(pcm.subarray(off, off + 3200));
      await until(() => (messages.some((m) => m.type === 'heard' && m.end >= 1) ? true : undefined));

      engine.signal('SIGTERM');
      const health = await until(async () => {
        const res = await fetch(engine.url + ENGINE_PATHS.health);
        return res.status === 503 ? ((await res.json()) as EngineHealth) : undefined;
      });
      expect(health).toMatchObject({ status: 'draining', draining: true });

      // The stream is told to move, with where the next one takes over, gets its last finals, and closes as moving.
      expect(await closedWith).toBe(STREAM_MOVING_CLOSE_CODE);
      const moving = messages.find((m) => m.type === 'moving') as { end: number } | undefined;
      expect(moving?.end).toBeGreaterThan(1);
      expect(moving!.end).toBeLessThanOrEqual(pcm.length / 32_000);
      expect(messages.at(-1)).toEqual({ type: 'closed' });
      expect(messages.filter((m) => m.type === 'final').map((m) => (m as { text: string }).text.trim())).not.toEqual([]);

      // New work goes elsewhere: jobs and streams are refused as draining; the held jobs' states stay readable.
      const refused = await postJson(engine.url, ENGINE_PATHS.extractJob, extractInput('x9'));
      expect(refused.status).toBe(503);
      expect(refused.json.error.code).toBe('draining');
      const stream = openStream(engine.url, 'language=en-US');
      const [, response] = await once(stream, 'unexpected-response');
      expect(response.statusCode).toBe(503);
      expect(await status(engine, 'x1')).toEqual({ id: 'x1', state: 'running' });
      expect(engine.child.exitCode).toBeNull();

      // Once the jobs finish, the engine exits on its own, cleanly.
      extracting.release();
      rendering.release();
      expect(await engine.exited).toBe(0);
      expect(store.objects.get('x1/audio.wav')).toEqual(reference.audio);
      expect(store.objects.get('r1/dub.mp4')!.subarray(4, 8).toString()).toBe('ftyp');
    },
    4 * ENGINE_START_MS,
  );

  it(
    "a new engine answers the drained engine's jobs from storage, redoing nothing; it takes the previous secret too",
    async () => {
      const engine = await engineProcess('after-drain');
      successor = engine;
      expect(await finished<ExtractJobResult>(engine, ENGINE_PATHS.extractJob, extractInput('x1'))).toEqual(reference.extract);
      const render = await finished<RenderJobResult>(engine, DUB_ENGINE_PATHS.renderJob, renderInput('r1'));
      expect(render.lines).toEqual(reference.render.lines);
      expect(store.puts.get('x1/audio.wav')).toBe(1);
      expect(store.puts.get('r1/dub.mp4')).toBe(1);

      // Mid-rotation, the secret before the current one is still let in; any other is not.
      const ask = (secret: string) => fetch(engine.url + ENGINE_PATHS.capabilities, { headers: { authorization: `Bearer ${secret}` } });
      expect((await ask(OLD_SECRET)).status).toBe(200);
      expect((await ask(SECRET)).status).toBe(200);
      expect((await ask('not-the-secret')).status).toBe(401);
      const socket = new WebSocket(`${engine.url.replace('http', 'ws')}${ENGINE_PATHS.stream}?language=en-US`, {
        headers: { authorization: `Bearer ${OLD_SECRET}` },
      });
      await once(socket, 'open');
      socket.close();
    },
    2 * ENGINE_START_MS,
  );
});

describe('an engine killed with SIGKILL', () => {
  it(
    'leaves jobs that a new engine, started with the same ids, finishes as an undisturbed run: outputs stored once, spoken lines reused',
    async () => {
      const killed = successor;
      // Killed while storing the extracted audio, and between the render's two lines (the first spoken and stored).
      const extracting = store.hold('PUT', 'x2/audio.wav');
      const speaking = store.hold('PUT', 'r2/spoken/1.pcm');
      expect((await postJson(killed.url, ENGINE_PATHS.extractJob, extractInput('x2'))).status).toBe(200);
      expect((await postJson(killed.url, DUB_ENGINE_PATHS.renderJob, renderInput('r2'))).status).toBe(200);
      await Promise.all([extracting.reached, speaking.reached]);
      await until(() => (store.objects.has('r2/spoken/0.pcm') ? true : undefined));
      killed.signal('SIGKILL');
      expect(await killed.exited).toBeNull();

      const engine = await engineProcess('restarted');
      expect(await status(engine, 'x2')).toBeUndefined();
      expect(await finished<ExtractJobResult>(engine, ENGINE_PATHS.extractJob, extractInput('x2'))).toEqual(reference.extract);
      expect(store.objects.get('x2/audio.wav')).toEqual(reference.audio);
      expect(store.puts.get('x2/audio.wav')).toBe(1);

      const render = await finished<RenderJobResult>(engine, DUB_ENGINE_PATHS.renderJob, renderInput('r2'));
      expect(render.lines).toEqual(reference.render.lines);
      expect(render).toMatchObject({ synthesized: 1, reused: 1 });
      expect(store.puts.get('r2/dub.mp4')).toBe(1);

      engine.signal('SIGTERM');
      expect(await engine.exited).toBe(0);
    },
    3 * ENGINE_START_MS,
  );
});
