/**
 * The engine's container image (engine/Dockerfile) built and run the way a deployment runs it, then used as the
 * Worker uses it: a file transcription and a dub render over its HTTP API, then the same through the Worker (in
 * workerd, the Worker suite's own tests pointed at the container). The base image is Debian bookworm
 * made from Debian's packages (scripts/engine-image.mjs); the image is rebuilt only when what goes into it
 * changed. Skipped, saying why, where no Docker engine can be had.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_PATHS } from '../../contracts/engine';
import { DUB_ENGINE_PATHS, type FitResponse, type RenderPlan } from '../../contracts/dubbing-engine';
import { baseImage, docker, engineImage } from '../../scripts/engine-image.mjs';
import { freePort } from '../../scripts/services.mjs';
import { makeTestVideo } from '../fixtures/video';
import { LIBRIVOX, SECRET, file, librivoxReference, post, postJson, sh, tempDir, wer } from './helpers';

const arranged = await docker();
if ('missing' in arranged) console.warn(`[container] skipped: ${arranged.missing}`);

/** Building from nothing installs Node, ffmpeg, PocketSphinx, espeak-ng and Apertium into the vfs driver's layers. */
const BUILD_TIMEOUT_MS = 45 * 60_000;

describe.skipIf('missing' in arranged)('the engine container image', () => {
  const name = `tingyi-engine-test-${randomUUID().slice(0, 8)}`;
  let url: string;
  let image: string;
  let tmp: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    tmp = tempDir();
    const built = await engineImage(await baseImage());
    image = built.image;
    const { buildSeconds } = built;
    console.log(`[container] ${image}: ${buildSeconds === null ? 'already built, reused' : `built in ${buildSeconds.toFixed(0)} s`}`);
    url = await runContainer(name, SECRET);
  }, BUILD_TIMEOUT_MS);

  /** Runs the image as a container on a free port of this host, with `secret`; resolves to its URL once it is healthy. */
  async function runContainer(container: string, secret: string): Promise<string> {
    const port = await freePort();
    // The host's network (this machine's Docker runs without a bridge); the image's own ENGINE_HOST, 0.0.0.0, stays.
    sh('docker', ['run', '-d', '--rm', '--network', 'host', '--name', container, '-e', `ENGINE_SECRET=${secret}`, '-e', `ENGINE_PORT=${port}`, image]);
    const at = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 180_000; ; ) {
      const health = await fetch(at + ENGINE_PATHS.health).catch(() => null);
      if (health?.ok) return at;
      if (Date.now() > deadline)
        throw new Error(`the engine container did not answer its health check:\n${execFileSync('docker', ['logs', container], { encoding: 'utf8' })}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  afterAll(() => {
    execFileSync('docker', ['rm', '--force', name, `${name}-worker`], { stdio: 'ignore' });
    tmp?.cleanup();
    if ('started' in arranged) arranged.started?.();
  });

  it('starts with the secret it is given, as a user other than root, with every tool the engine needs', async () => {
    expect((await fetch(url + ENGINE_PATHS.capabilities)).status).toBe(401);
    const caps = await (await fetch(url + ENGINE_PATHS.capabilities, { headers: { authorization: `Bearer ${SECRET}` } })).json();
    expect(caps.media).toMatchObject({ available: true });
    expect(caps.vad).toMatchObject({ available: true });
    expect(caps.asr.batch).toContainEqual(expect.objectContaining({ code: 'en-US', available: true, backend: 'pocketsphinx' }));
    expect(caps.translation.pairs).toContainEqual(expect.objectContaining({ from: 'en-US', to: 'es-ES' }));
    expect(execFileSync('docker', ['exec', name, 'id', '-u'], { encoding: 'utf8' }).trim()).not.toBe('0');
  });

  it('transcribes a file close to what was said, its speakers labelled by the clustering thread the image carries', async () => {
    const refs = librivoxReference().slice(0, 2);
    let errors = 0;
    let words = 0;
    for (const ref of refs) {
      const { status, json } = await post(url, `${ENGINE_PATHS.transcribe}?language=en-US&diarize=true`, file(join(LIBRIVOX, `${ref.id}.wav`)));
      expect(status).toBe(200);
      expect(json.segments.every((s: { speaker?: string }) => Boolean(s.speaker))).toBe(true);
      const counted = wer(ref.text, json.segments.map((s: { text: string }) => s.text).join(' '));
      errors += counted.errors;
      words += counted.words;
    }
    expect(errors / words).toBeLessThan(0.4);
  });

  it('renders a dubbed video with the new voice in its line’s slot', async () => {
    const seconds = 4;
    const original = makeTestVideo({
      audio: ['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono:d=${seconds}`],
      out: join(tmp.dir, 'silent.mp4'),
      seconds,
    });
    const plan: RenderPlan = { language: 'es', lines: [{ start: 1, end: 3, text: 'Hola, ¿qué tal?' }] };
    const fit = (await postJson(url, DUB_ENGINE_PATHS.fit, { ...plan, duration: seconds })).json as FitResponse;
    expect(fit.lines[0]?.fit).toBe('fits');

    const form = new FormData();
    form.append('plan', JSON.stringify(plan));
    form.append('video', new Blob([file(original)], { type: 'video/mp4' }), 'video.mp4');
    const res = await fetch(url + DUB_ENGINE_PATHS.render, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` }, body: form });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const dubbed = join(tmp.dir, 'dubbed.mp4');
    writeFileSync(dubbed, Buffer.from(await res.arrayBuffer()));

    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', dubbed], { encoding: 'utf8' }));
    expect(probe.streams.map((s: { codec_type: string }) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(probe.format.duration)).toBeCloseTo(seconds, 0);
    // The original is silent: the line's slot is loud with the new voice, the time before it still silent.
    const { start, end } = fit.lines[0]!;
    expect(meanVolume(dubbed, start, end)).toBeGreaterThan(-40);
    expect(meanVolume(dubbed, 0, start - 0.05)).toBeLessThan(-70);
  });

  it(
    'serves the Worker: a file transcription and a dub render go through workerd to the container and back',
    async () => {
      // A fresh secret for the Worker suite and the container of its own it calls (the image runs as production).
      const secret = randomBytes(32).toString('base64');
      const engineUrl = await runContainer(`${name}-worker`, secret);
      // A vitest of its own (this one's variables left out), as `npm test` runs the Worker suite.
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
      const { stdout } = await promisify(execFile)(
        'npx',
        [
          'vitest',
          'run',
          '--config',
          'tests/worker/vitest.config.ts',
          'tests/worker/transcription.test.ts',
          'tests/worker/dubbing.test.ts',
          '-t',
          'uploads, probes, transcribes in pieces with speakers, translates, and charges once|renders a playable dubbed mp4',
        ],
        { env: { ...env, TINGYI_TEST_ENGINE_URL: engineUrl, TINGYI_TEST_ENGINE_SECRET: secret, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`the Worker's tests against the container failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      });
      const output = stdout;
      expect(output).toMatch(/Tests\s+2 passed/);
    },
    15 * 60_000,
  );
});

/** The mean loudness (dBFS) of a media file's sound from `from` to `to` seconds, as ffmpeg's volumedetect reports it. */
function meanVolume(path: string, from: number, to: number): number {
  const args = ['-v', 'info', '-ss', String(from), '-t', String(to - from), '-i', path, '-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-'];
  const report = spawnSync('ffmpeg', args, { encoding: 'utf8' }).stderr;
  const db = /mean_volume: (\S+) dB/.exec(report)?.[1];
  return db === '-inf' ? Number.NEGATIVE_INFINITY : Number(db);
}
