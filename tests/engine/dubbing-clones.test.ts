/**
 * Original-voice dubbing: a two-speaker video (a low and a high espeak-ng voice, with one stretch where both
 * talk at once) is dubbed with each speaker's voice cloned from their own lines, through contract fakes of
 * ElevenLabs and of an OpenAI-compatible reference-voice speech server. Each fake must receive each speaker's
 * own speech, cut from the video by the engine, and nothing of the other speaker or of the overlap; each line
 * must be spoken in its own speaker's clone; a re-dub keeps the clones; deleting them reaches ElevenLabs.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLONE_SAMPLE, cloneSample, type TimedLine } from '../../contracts/clone-samples';
import { type CloneProvider, type CloneSpec, cloneVoiceId, type RenderJob, renderJob } from '../../contracts/dubbing-engine';
import { Dubbing } from '../../engine/backends/dubbing';
import { shiftPitch, speechPitch, toInt16, TTS_RATE } from '../../engine/backends/dubbing/pcm';
import { medianPitch } from '../../engine/backends/diarization/pitch';
import { loadConfig } from '../../engine/config';
import { makeTestVideo } from '../fixtures/video';
import { FakeElevenLabs, FakeReferenceSpeech } from './fake-cloning';
import { file, sh, tempDir } from './helpers';
import { objectStore } from './object-store';

const RATE = 16_000;
const LOW = 'en-us+m3';
const HIGH = 'en-us+f3';

/** What each speaker says, in turn; the last two lines are spoken at the same time. */
const SCRIPT: { speaker: 'A' | 'B'; voice: string; text: string; overlap?: boolean }[] = [
  { speaker: 'A', voice: LOW, text: 'Good morning everyone, thank you for joining the weekly planning call today.' },
  { speaker: 'B', voice: HIGH, text: 'Thanks. Before we start, I would like to share the results from our customer survey.' },
  { speaker: 'A', voice: LOW, text: 'Please go ahead, we have plenty of time for that before the roadmap discussion.' },
  { speaker: 'B', voice: HIGH, text: 'Most people said the new search is faster, but they still miss the old filters.' },
  { speaker: 'A', voice: LOW, text: 'That matches what support told us last week about the filters and the saved lists.' },
  { speaker: 'B', voice: HIGH, text: 'Then we should bring the filters back in the next release, with the saved lists too.' },
  { speaker: 'A', voice: LOW, text: 'Agreed, let us do that.', overlap: true },
  { speaker: 'B', voice: HIGH, text: 'Yes, I will write it up.', overlap: true },
];

const pcmOf = (bytes: Buffer, args: string[] = []) => {
  const raw = execFileSync('ffmpeg', ['-v', 'error', ...args, '-i', 'pipe:0', '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], {
    input: bytes,
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(raw.buffer, raw.byteOffset, raw.length >> 1);
};
const pitchOf = (pcm: Int16Array) => medianPitch(Float32Array.from(pcm, (s) => s / 32768))!;
const semitones = (a: number, b: number) => Math.abs(12 * Math.log2(a / b));

let tmp: ReturnType<typeof tempDir>;
let store: Awaited<ReturnType<typeof objectStore>>;
let lines: (TimedLine & { voice: string })[];
/** Each speaker's own median pitch, from their lines as spoken. */
const ownPitch: Record<string, number> = {};
const eleven = new FakeElevenLabs('xi-test-key');
const reference = new FakeReferenceSpeech('ref-test-key');

beforeAll(async () => {
  tmp = tempDir();
  store = await objectStore();
  await Promise.all([eleven.start(), reference.start()]);
  // Each line spoken alone, then laid at its time: turns 0.5 s apart, the overlapping pair at one time.
  let at = 0.5;
  lines = [];
  const inputs: string[] = [];
  const delays: string[] = [];
  const own: Record<string, Int16Array[]> = { A: [], B: [] };
  for (const [i, line] of SCRIPT.entries()) {
    const wav = join(tmp.dir, `line${i}.wav`);
    sh('espeak-ng', ['-v', line.voice, '-s', '165', '-w', wav, line.text]);
    const pcm = pcmOf(file(wav));
    const seconds = pcm.length / RATE;
    const start = line.overlap && SCRIPT[i - 1]?.overlap ? lines[i - 1]!.start + 0.3 : at;
    lines.push({ speaker: line.speaker, start, end: start + seconds, text: line.text, voice: line.voice });
    if (!line.overlap) own[line.speaker]!.push(pcm);
    at = Math.max(at, start + seconds + 0.5);
    inputs.push('-i', wav);
    delays.push(`[${i + 1}:a]aresample=${RATE},adelay=${Math.round(start * 1000)}:all=1[d${i}]`);
  }
  for (const s of ['A', 'B']) {
    ownPitch[s] = pitchOf(Int16Array.from(own[s]!.flatMap((p) => [...p])));
  }
  const track = join(tmp.dir, 'track.wav');
  const mix = `${delays.join(';')};${SCRIPT.map((_, i) => `[d${i}]`).join('')}amix=inputs=${SCRIPT.length}:normalize=0,apad=pad_dur=1[a]`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=16000:cl=mono',
    ...inputs,
    '-filter_complex',
    mix,
    '-map',
    '[a]',
    '-t',
    String(at + 0.5),
    track,
  ]);
  const video = join(tmp.dir, 'two-speakers.mp4');
  makeTestVideo({ audio: ['-i', track], out: video, size: '320x180' });
  store.objects.set('video.mp4', file(video));
}, 120_000);

afterAll(async () => {
  await Promise.all([eleven.close(), reference.close(), store?.close()]);
  tmp?.cleanup();
});

/** The render job the Worker sends for this video: every line in its speaker's clone, each clone from cloneSample. */
function job(id: string, provider: CloneProvider, made: Record<string, string | null> = {}): RenderJob {
  const clones: CloneSpec[] = ['A', 'B'].map((speaker) => {
    const sample = cloneSample(lines, speaker)!;
    return {
      voice: cloneVoiceId(provider, speaker),
      provider,
      name: `Two speakers · ${speaker}`,
      segments: sample.segments,
      text: sample.text,
      sample: { get: store.url(`${id}/voices/${speaker}.wav`), put: store.url(`${id}/voices/${speaker}.wav`) },
      providerVoice: made[speaker] ?? null,
    };
  });
  return {
    id,
    video: store.url('video.mp4'),
    put: store.url(`${id}/dubbed.mp4`),
    // Short lines: what is measured is whose voice speaks them.
    plan: {
      language: 'es-ES',
      lines: lines.map((l, i) => ({ start: l.start, end: l.end, text: `${l.speaker}: línea ${i + 1}.`, voice: cloneVoiceId(provider, l.speaker) })),
    },
    clones,
  };
}

/** Checks that a sample is the speaker's own clean speech: as long as their clean lines, at their pitch, far from the other's. */
function expectOwnSpeech(sample: Buffer, speaker: 'A' | 'B') {
  const expected = cloneSample(lines, speaker)!;
  const pcm = pcmOf(sample);
  expect(pcm.length / RATE).toBeGreaterThanOrEqual(CLONE_SAMPLE.minSeconds);
  expect(Math.abs(pcm.length / RATE - expected.seconds)).toBeLessThan(0.15);
  const other = speaker === 'A' ? 'B' : 'A';
  const pitch = pitchOf(pcm);
  expect(semitones(pitch, ownPitch[speaker]!)).toBeLessThan(1);
  expect(semitones(pitch, ownPitch[other]!)).toBeGreaterThan(4);
}

const engineWith = (dir: string, services: Partial<ReturnType<typeof loadConfig>>) =>
  new Dubbing({ ...loadConfig({}), tmpDir: join(tmp.dir, dir), ...services });

describe('choosing the speech a voice is cloned from', () => {
  it("takes a speaker's own lines, leaving out those where someone else talks too", () => {
    expect(ownPitch.B! / ownPitch.A!).toBeGreaterThan(1.3);
    const a = cloneSample(lines, 'A')!;
    expect(a.segments).toEqual(lines.filter((l, i) => l.speaker === 'A' && !SCRIPT[i]!.overlap).map(({ start, end }) => ({ start, end })));
    expect(a.text).not.toContain('Agreed');
    // A speaker with less clean speech than a clone needs keeps a matched voice.
    expect(cloneSample(lines.slice(0, 2), 'A')).toBeNull();
  });
});

describe('dubbing in cloned voices', () => {
  it('clones each speaker at ElevenLabs from their own speech, speaks each line in its speaker’s clone, and keeps the clones on a re-dub', async () => {
    const dubbing = engineWith('eleven', { elevenLabs: { url: eleven.url, key: eleven.key, model: 'eleven_multilingual_v2' } });
    try {
      expect(dubbing.cloning()).toBe('elevenlabs');
      const first = await dubbing.renderJob(renderJob.parse(job('eleven', 'elevenlabs')));
      expect(store.objects.get('eleven/dubbed.mp4')!.subarray(4, 8).toString()).toBe('ftyp');
      const ids = Object.fromEntries(first.clones!.map((c) => [c.voice.split(':').at(-1)!, c.providerVoice]));
      expect(eleven.voices.size).toBe(2);
      for (const speaker of ['A', 'B'] as const) {
        const made = eleven.voices.get(ids[speaker]!)!;
        expect(made.name).toBe(`Two speakers · ${speaker}`);
        expect(made.files).toHaveLength(1);
        expectOwnSpeech(made.files[0]!, speaker);
      }
      // Every line went once to its own speaker's clone (its text starts with the speaker), with the configured model.
      const speakerOf = new Map(Object.entries(ids).map(([speaker, id]) => [id, speaker]));
      expect(eleven.spoken.map((s) => `${speakerOf.get(s.voice)}: ${s.text} ${s.model}`).sort()).toEqual(
        job('eleven', 'elevenlabs')
          .plan.lines.map((l) => `${l.text.slice(0, 1)}: ${l.text} eleven_multilingual_v2`)
          .sort(),
      );

      // A re-dub with the kept ids (and the stored samples) makes no new clone.
      const spokenBefore = eleven.spoken.length;
      const again = await dubbing.renderJob(renderJob.parse({ ...job('eleven', 'elevenlabs', ids), id: 'eleven-2', put: store.url('eleven/dubbed-2.mp4') }));
      expect(eleven.voices.size).toBe(2);
      expect(again.clones).toEqual(first.clones);
      expect(eleven.spoken.length).toBe(spokenBefore);

      // Deleting the project's clones deletes them at ElevenLabs.
      expect(await dubbing.deleteClones('elevenlabs', Object.values(ids) as string[])).toBe(2);
      expect(eleven.deleted.sort()).toEqual((Object.values(ids) as string[]).sort());
      expect(eleven.voices.size).toBe(0);
    } finally {
      await dubbing.close();
    }
  });

  it('gives a reference-voice speech server each speaker’s own sample and its transcript with every line of theirs', async () => {
    const dubbing = engineWith('reference', { referenceSpeech: { url: `${reference.url}/v1`, key: reference.key, model: 'cosyvoice2' } });
    try {
      expect(dubbing.cloning()).toBe('reference');
      const made = await dubbing.renderJob(renderJob.parse(job('reference', 'reference')));
      expect(made.clones!.every((c) => c.providerVoice === null)).toBe(true);
      expect(reference.calls).toHaveLength(lines.length);
      for (const call of reference.calls) {
        const speaker = call.input.slice(0, 1) as 'A' | 'B';
        expect(call.model).toBe('cosyvoice2');
        expect(call.promptText).toBe(cloneSample(lines, speaker)!.text);
        expectOwnSpeech(call.sample, speaker);
      }
    } finally {
      await dubbing.close();
    }
  });

  it('says why when ElevenLabs refuses the key', async () => {
    const dubbing = engineWith('wrong-key', { elevenLabs: { url: eleven.url, key: 'revoked', model: 'eleven_multilingual_v2' } });
    try {
      await expect(dubbing.renderJob(renderJob.parse(job('wrong-key', 'elevenlabs')))).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('Invalid API key'),
      });
    } finally {
      await dubbing.close();
    }
  });
});

describe('a matched voice at its speaker’s pitch', () => {
  it('moves offline speech to the speaker’s own median pitch', async () => {
    const low = toInt16(file(speakTo(join(tmp.dir, 'low.wav'), LOW)));
    const before = speechPitch(low)!;
    const target = ownPitch.B!;
    expect(semitones(before, target)).toBeGreaterThan(4);
    const shifted = await shiftPitch(low, target);
    expect(semitones(speechPitch(shifted)!, target)).toBeLessThan(1);
    // Its length is kept, so the line still fits its slot.
    expect(Math.abs(shifted.length - low.length) / TTS_RATE).toBeLessThan(0.05);
  });
});

/** espeak-ng speech as 24 kHz PCM16 (the engine's speech format), headerless. */
function speakTo(out: string, voice: string) {
  execFileSync('sh', [
    '-c',
    `espeak-ng -v ${voice} --stdout "Thank you all for coming to the meeting today." | ffmpeg -v error -y -i pipe:0 -ac 1 -ar ${TTS_RATE} -f s16le ${out}`,
  ]);
  return out;
}
