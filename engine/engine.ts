/**
 * The engine's long-lived parts, created once at start-up: decoders, translators, the summariser, and what is
 * installed. Routes only borrow from here, so no request ever loads a model.
 */
import { availableParallelism } from 'node:os';
import type { CapabilitiesResponse, LanguageSupport } from '../contracts/engine';
import { MEDIA_EXTENSIONS } from '../contracts/engine';
import { LANGUAGES } from '../contracts/engine-languages';
import { ENGINE_VERSION, type EngineConfig } from './config';
import { ffmpegVersion } from './backends/media/ffmpeg';
import { vadStatus } from './backends/vad/silero';
import { PocketSphinxDecoder, POCKETSPHINX_LANGUAGES, pocketsphinxStatus } from './backends/asr/pocketsphinx';
import { DecoderPool } from './backends/asr/pool';
import { Translation } from './backends/translation';
import { createSummarizer } from './backends/summary';
import type { Summarizer } from './backends/summary/types';
import { MODELS, isInstalled } from './models/catalog';

export class Engine {
  readonly batch: DecoderPool<PocketSphinxDecoder>;
  private spare: PocketSphinxDecoder | null = null;
  activeStreams = 0;
  private ffmpeg: string | null = null;
  private asrError: string | null = null;

  private constructor(
    readonly config: EngineConfig,
    readonly translation: Translation,
    readonly summary: Summarizer,
  ) {
    this.batch = new DecoderPool(config.asrWorkers, config.asrQueue, () => this.newDecoder());
  }

  static async start(config: EngineConfig): Promise<Engine> {
    const engine = new Engine(config, await Translation.create(config), createSummarizer(config));
    engine.ffmpeg = await ffmpegVersion();
    const ps = pocketsphinxStatus(config.python, config.pocketsphinxModel);
    if (!ps.available) engine.asrError = ps.reason;
    try {
      await engine.batch.ready();
      engine.spare = engine.newDecoder();
      await engine.spare.ready;
    } catch (err) {
      engine.asrError ??= `PocketSphinx failed to start: ${String(err)} (apt-get install python3-pocketsphinx pocketsphinx-en-us)`;
    }
    return engine;
  }

  private newDecoder() {
    return new PocketSphinxDecoder(this.config.python, this.config.pocketsphinxModel);
  }

  get asrAvailable() {
    return this.asrError === null;
  }

  /**
   * A fresh decoder for a live stream. Each stream gets its own process, closed at the end of the stream,
   * so cepstral-mean state never leaks from one speaker's microphone into the next session; a warm spare
   * hides the model-loading time.
   */
  async takeStreamDecoder(): Promise<PocketSphinxDecoder> {
    const d = this.spare?.alive ? this.spare : this.newDecoder();
    this.spare = this.newDecoder();
    this.spare.ready.catch(() => {});
    await d.ready;
    return d;
  }

  batchBackend(language: string): 'pocketsphinx' | 'openai-compatible' | null {
    if (this.asrAvailable && POCKETSPHINX_LANGUAGES.includes(language)) return 'pocketsphinx';
    if (this.config.openaiAsr && LANGUAGES.some((l) => l.code === language)) return 'openai-compatible';
    return null;
  }

  /** Live: PocketSphinx streams; a batch recogniser hears the utterances the VAD cuts (contracts/batch-live.ts). */
  streamBackend(language: string): 'pocketsphinx' | 'openai-compatible' | null {
    return this.batchBackend(language);
  }

  private support(code: string, backend: string | null, why: string): LanguageSupport {
    return backend ? { code, available: true, backend, reason: null } : { code, available: false, backend: null, reason: why };
  }

  capabilities(): CapabilitiesResponse {
    const vad = vadStatus(this.config.vadModel);
    const missing = (code: string) =>
      this.asrError && POCKETSPHINX_LANGUAGES.includes(code)
        ? this.asrError
        : `no recogniser for ${code} is installed: PocketSphinx here covers ${POCKETSPHINX_LANGUAGES.join(', ')} only; ` +
          'set ENGINE_OPENAI_ASR_URL to an OpenAI-compatible transcription endpoint';
    return {
      engine: { version: ENGINE_VERSION, cores: availableParallelism() },
      media: {
        available: this.ffmpeg !== null,
        backend: this.ffmpeg ? `ffmpeg ${this.ffmpeg}` : 'ffmpeg',
        formats: MEDIA_EXTENSIONS,
        reason: this.ffmpeg ? null : 'ffmpeg not found (apt-get install ffmpeg)',
      },
      vad: { available: vad.available, backend: 'silero-v5 (sherpa-onnx)', reason: vad.reason },
      asr: {
        batch: LANGUAGES.map((l) => this.support(l.code, vad.available ? this.batchBackend(l.code) : null, vad.reason ?? missing(l.code))),
        stream: LANGUAGES.map((l) => this.support(l.code, vad.available ? this.streamBackend(l.code) : null, vad.reason ?? missing(l.code))),
      },
      diarization: {
        available: this.ffmpeg !== null,
        backend: 'mfcc-agglomerative',
        reason: this.ffmpeg ? null : 'ffmpeg not found',
      },
      translation: this.translation.capabilities(),
      summary: { backend: this.summary.name },
      models: MODELS.map((m) => ({ name: m.name, kind: m.kind, languages: m.languages, installed: isInstalled(this.config.modelsDir, m) })),
    };
  }

  close() {
    this.batch.close();
    this.spare?.close();
  }
}
