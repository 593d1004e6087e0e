/**
 * AI dubbing in the engine: voices, speaking one text, fitting lines to their slots and rendering the dubbed
 * mp4. Holds what outlives a request: the voice list, the speech cache and the concurrency limits.
 */
import { availableParallelism } from 'node:os';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { EngineJobStep } from '../../../contracts/engine';
import type {
  CloneProvider,
  FitResponse,
  LineFit,
  RenderJobResult,
  Voice,
  cloneSpec,
  fitRequest,
  renderJob,
  renderPlan,
  speakRequest,
} from '../../../contracts/dubbing-engine';
import type { EngineConfig } from '../../config';
import { badRequest } from '../../http';
import { resumable } from '../media/checkpoint';
import { download, fetchBytes, putBytes, upload } from '../media/transfer';
import { SpeechCache } from './cache';
import { type CloneServices, Clones, cloneProvider, deleteClones } from './clone';
import { fitLine, lineBounds } from './fit';
import { Gate } from './gate';
import { changeTempo, cut, seconds, shiftPitch, toBuffer, toInt16, TTS_RATE } from './pcm';
import { assDocument, burnedCues } from './subtitles';
import { synthesize } from './synth';
import { VoiceTrack } from './track';
import { ASS_FILE, probeVideo, renderArgs, renderVideo } from './video';
import { installedEspeakLanguages, resolveVoice, voiceCatalog } from './voices';

type FitPlan = z.output<typeof fitRequest>;
type RenderPlan = z.output<typeof renderPlan>;
type RenderJob = z.output<typeof renderJob>;
type SpokenStore = NonNullable<NonNullable<RenderJob['spoken']>[number]>;
/** Lines one render had to speak itself (the rest came from a store or the local cache). */
interface Tally {
  synthesized: number;
}

export interface Rendered {
  path: string;
  duration: number;
  lines: LineFit[];
  /** Each clone the render spoke with, and the provider's id for it. */
  clones: { voice: string; providerVoice: string | null }[];
  dispose(): Promise<void>;
}

const sample = (s: number) => Math.round(s * TTS_RATE);

/** Lines whose end comes before their start cannot be placed; the zod schemas do not compare the two. */
export function checkLines<P extends FitPlan>(plan: P): P {
  const bad = plan.lines.findIndex((l) => l.end < l.start);
  if (bad >= 0) throw badRequest(`lines.${bad}: end is before start`);
  return plan;
}

export class Dubbing {
  private readonly cache: SpeechCache;
  /** Synthesis and tempo processes at once: each is CPU-bound, more would only time-slice. */
  private readonly processes: Gate;
  /** `/v1/tts` and `/v1/dub/fit` requests. */
  readonly requests: Gate;
  /** Renders hold an ffmpeg encode each; half the cores leaves room for everything else. */
  readonly renders: Gate;
  private catalog: Promise<Voice[]> | null = null;
  private readonly cores = availableParallelism();
  private readonly cloneServices: CloneServices;

  constructor(
    private readonly config: EngineConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.cache = new SpeechCache(config.tmpDir, config.ttsCacheBytes);
    this.processes = new Gate(this.cores, Number.POSITIVE_INFINITY, 'synthesis');
    this.requests = new Gate(this.cores, 8 * this.cores, 'speech');
    this.renders = new Gate(Math.max(1, Math.floor(this.cores / 2)), 2 * this.cores, 'render');
    this.cloneServices = { elevenLabs: config.elevenLabs, referenceSpeech: config.referenceSpeech };
  }

  /** The provider speakers' own voices are cloned with, or null when none is configured. */
  cloning(): CloneProvider | null {
    return cloneProvider(this.cloneServices);
  }

  deleteClones(provider: CloneProvider, voices: string[]): Promise<number> {
    return deleteClones(this.cloneServices, provider, voices, this.fetchImpl);
  }

  voices(): Promise<Voice[]> {
    this.catalog ??= installedEspeakLanguages().then((espeak) => voiceCatalog(espeak, this.config.openaiSpeech !== null, this.config.workersAiSpeech !== null));
    return this.catalog;
  }

  /**
   * Keyed by what synthesis reads, the voice and the text: a line asked for as `en` and as `en-US` is spoken once.
   * With a store, what an earlier render (on any engine) kept there is used first, and new speech is kept there.
   */
  private async speech(voice: Voice, text: string, store: SpokenStore | null = null, tally?: Tally, clones?: Clones, pitchHz?: number): Promise<Int16Array> {
    const kept = store ? await fetchBytes(store.get) : null;
    if (kept && kept.length > 0 && kept.length % 2 === 0) return toInt16(kept);
    // A clone already speaks at its speaker's pitch; any other voice is moved to it.
    const cloned = clones?.speaks(voice) ?? false;
    const pitch = !cloned && pitchHz ? Math.round(pitchHz) : undefined;
    const key = SpeechCache.key(voice.backend, voice.id, text, ...(pitch ? [`pitch=${pitch}`] : []));
    const pcm = await this.cache.get(key, async () => {
      if (tally) tally.synthesized++;
      if (cloned) return clones!.speak(voice, text);
      const spoken = await this.processes.run(() =>
        synthesize(voice, text, { openai: this.config.openaiSpeech, workersAi: this.config.workersAiSpeech }, this.fetchImpl),
      );
      return pitch ? this.processes.run(() => shiftPitch(spoken, pitch)) : spoken;
    });
    if (store) await putBytes(store.put, toBuffer(pcm));
    return pcm;
  }

  async speak(req: z.output<typeof speakRequest>): Promise<{ voice: Voice; pcm: Int16Array }> {
    const voice = resolveVoice(await this.voices(), req.language, req.voice);
    return this.requests.run(async () => ({ voice, pcm: await this.speech(voice, req.text, null, undefined, undefined, req.pitchHz) }));
  }

  fit(plan: FitPlan): Promise<FitResponse> {
    return this.requests.run(async () => ({ lines: await this.fitLines(plan, null) }));
  }

  /**
   * Speaks and fits every line. With `place`, each line's audio is also shaped to its fit (sped up, cut) and
   * handed over in time order; lines are spoken a window at a time so memory stays bounded.
   */
  private async fitLines(
    plan: FitPlan,
    place: ((start: number, pcm: Int16Array) => Promise<void>) | null,
    spoken: (SpokenStore | null)[] = [],
    tally?: Tally,
    report?: (progress: EngineJobStep) => void,
    clones?: { voices: Map<string, Voice>; speaker: Clones },
  ): Promise<LineFit[]> {
    const catalog = await this.voices();
    const voices = plan.lines.map((l) => (l.text.trim() ? (l.voice && clones?.voices.get(l.voice)) || resolveVoice(catalog, plan.language, l.voice) : null));
    const bounds = lineBounds(plan.lines, plan.duration);
    const order = plan.lines.map((_, i) => i).sort((a, b) => bounds[a]!.start - bounds[b]!.start || a - b);
    const fits: LineFit[] = new Array(plan.lines.length);
    const window = 2 * this.cores;
    for (let k = 0; k < order.length; k += window) {
      const batch = await Promise.all(
        order.slice(k, k + window).map(async (i) => {
          const voice = voices[i];
          const line = plan.lines[i]!;
          const pcm = voice ? await this.speech(voice, line.text.trim(), spoken[i] ?? null, tally, clones?.speaker, line.pitchHz) : null;
          const fit = fitLine(bounds[i]!, pcm ? seconds(pcm) : null);
          fits[i] = fit;
          if (!place || !pcm) return null;
          const paced = fit.tempo === 1 ? pcm : await this.processes.run(() => changeTempo(pcm, fit.tempo));
          return { start: sample(fit.start), pcm: cut(paced, sample(fit.end) - sample(fit.start)) };
        }),
      );
      for (const line of batch) if (line && place) await place(line.start, line.pcm);
      report?.({ step: 'speaking', fraction: Math.min(1, (k + window) / order.length) });
    }
    return fits;
  }

  /** The dubbed mp4 in a temporary folder the caller disposes of once it has been sent. */
  async render(
    plan: RenderPlan,
    video: string,
    spoken: (SpokenStore | null)[] = [],
    tally?: Tally,
    report?: (progress: EngineJobStep) => void,
    cloneSpecs: z.output<typeof cloneSpec>[] = [],
  ): Promise<Rendered> {
    const info = await probeVideo(video);
    // The video's own length decides where the last line may borrow to and how long the output is.
    const fitted: RenderPlan = { ...plan, duration: info.duration };
    await mkdir(this.config.tmpDir, { recursive: true });
    const dir = await mkdtemp(join(this.config.tmpDir, 'dub-'));
    const dispose = () => rm(dir, { recursive: true, force: true });
    const track = new VoiceTrack(join(dir, 'voice.pcm'), sample(info.duration));
    try {
      const speaker = new Clones(this.cloneServices, this.fetchImpl);
      const prepared = await speaker.prepare(cloneSpecs, video, plan.language);
      const clones = { voices: new Map([...prepared].map(([id, c]) => [id, c.voice])), speaker };
      const lines = await this.fitLines(fitted, (start, pcm) => track.place(start, pcm), spoken, tally, report, clones);
      await track.finish();
      if (plan.subtitles) {
        const { maxChars } = plan.subtitles;
        const bounds = lineBounds(plan.lines, info.duration);
        // A subtitle stays up for the whole slot, or as long as its borrowed speech runs.
        const cues = burnedCues(
          plan.lines.map((l, i) => ({ start: bounds[i]!.start, end: Math.max(bounds[i]!.slotEnd, lines[i]!.end), text: l.text })),
          maxChars,
        );
        await writeFile(join(dir, ASS_FILE), assDocument(info, plan.subtitles, cues));
      }
      const out = join(dir, 'dubbed.mp4');
      report?.({ step: 'rendering', fraction: 0 });
      await renderVideo(
        renderArgs({ video, track: join(dir, 'voice.pcm'), out, info, subtitles: Boolean(plan.subtitles) }),
        dir,
        info.duration,
        report && ((fraction) => report({ step: 'rendering', fraction })),
      );
      const made = [...prepared].map(([voice, c]) => ({ voice, providerVoice: c.providerVoice }));
      return { path: out, duration: info.duration, lines, clones: made, dispose };
    } catch (err) {
      track.abort();
      await dispose();
      throw err;
    }
  }

  /**
   * The render as an engine-side job: the video fetched and the mp4 stored by presigned URL. With a checkpoint, a
   * render started again after its mp4 was stored answers the kept result instead of rendering again.
   */
  renderJob(job: RenderJob, report?: (progress: EngineJobStep) => void): Promise<RenderJobResult> {
    return resumable(job.id, job.checkpoint, () => this.renderStored(job, report));
  }

  private async renderStored(job: RenderJob, report?: (progress: EngineJobStep) => void): Promise<{ result: RenderJobResult; outputBytes: number }> {
    await mkdir(this.config.tmpDir, { recursive: true });
    const dir = await mkdtemp(join(this.config.tmpDir, 'dub-in-'));
    try {
      const video = join(dir, 'video');
      await download(job.video, video);
      const tally: Tally = { synthesized: 0 };
      const out = await this.render(job.plan, video, job.spoken, tally, report, job.clones);
      let outputBytes: number;
      try {
        outputBytes = await upload(job.put, out.path, 'video/mp4');
      } finally {
        await out.dispose();
      }
      const voiced = job.plan.lines.filter((l) => l.text.trim()).length;
      return {
        result: { duration: out.duration, lines: out.lines, synthesized: tally.synthesized, reused: voiced - tally.synthesized, clones: out.clones },
        outputBytes,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  close(): Promise<void> {
    return this.cache.close();
  }
}
