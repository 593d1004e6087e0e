/**
 * Live recognition of one stream: Silero VAD finds where utterances start and end, PocketSphinx decodes the
 * audio as it arrives (partial hypotheses several times a second) and closes the utterance when the VAD
 * hears the speaker stop. Without a decoder the session only cuts utterances: it announces the growing
 * utterance about once a second (`speech`) and each ended one (`utterance`), for a batch recogniser to hear
 * (contracts/batch-live.ts). All decoder calls go through one promise chain so audio is processed in order
 * even when frames arrive faster than the decoder answers. When asked, each final also carries the speaker
 * embedding of its audio (the kind file transcription returns), so the caller can label speakers as they talk.
 *
 * A speaker who talks on without a pause is not left waiting for one: the open utterance is cut at a natural
 * point no later than COMMIT.maxSeconds in (commit-points.ts) and carries on as the next utterance, so its words
 * become final lines while they are spoken. Each partial says which of its words are settled (`stable`), and
 * the final keeps them as shown.
 */
import type { Vad } from 'sherpa-onnx-node';
import type { StreamServerMessage } from '../../../contracts/engine';
import { ENGINE_SAMPLE_RATE, STREAM_HEARD_EVERY_S, STREAM_SPEECH_EVERY_S } from '../../../contracts/engine';
import { createVad, VAD_WINDOW } from '../vad/silero';
import { embeddingJson, UtteranceEmbedder } from '../diarization/mfcc';
import { CommitPlanner, loudness, StablePrefix } from './commit-points';
import type { PocketSphinxDecoder } from './pocketsphinx';

/** Audio before the VAD's speech onset fed to the decoder: the VAD fires only after min speech duration. */
const PREROLL = Math.round(0.6 * ENGINE_SAMPLE_RATE);
/** Decoder is fed in 100 ms steps; a partial goes out at most every 200 ms, so ≥ 4 per second of speech. */
const FEED_STEP = ENGINE_SAMPLE_RATE / 10;
const PARTIAL_EVERY = 0.2 * ENGINE_SAMPLE_RATE;
const SPEECH_EVERY = STREAM_SPEECH_EVERY_S * ENGINE_SAMPLE_RATE;
const HEARD_EVERY = STREAM_HEARD_EVERY_S * ENGINE_SAMPLE_RATE;

export class StreamSession {
  private vad: Vad;
  private chain: Promise<void> = Promise.resolve();
  /** Samples received so far: the stream clock. */
  private total = 0;
  private window = new Float32Array(VAD_WINDOW);
  private windowFill = 0;
  private history = new Int16Array(PREROLL);
  private historyFill = 0;
  private inUtterance = false;
  private utteranceStart = 0;
  private utterance = 0;
  /** The open utterance's decoding progress; a new one per utterance, as the decoder's work on the last may still be queued. */
  private progress = newProgress();
  private toFeed: Int16Array[] = [];
  private toFeedLength = 0;
  private failed = false;
  private heardSent = 0;
  /** Present while an utterance is open, when the client asked for speaker embeddings. */
  private embedder: UtteranceEmbedder | null = null;
  private readonly planner = new CommitPlanner();

  constructor(
    /** Null: cut utterances only, for a batch recogniser. */
    private readonly decoder: PocketSphinxDecoder | null,
    vadModel: string,
    private readonly send: (msg: StreamServerMessage) => void,
    private readonly opts: { embeddings?: boolean } = {},
  ) {
    this.vad = createVad(vadModel, { minSilenceDuration: 0.35, maxSpeechDuration: 15 });
  }

  private enqueue(step: () => Promise<void>) {
    this.chain = this.chain.then(step).catch((err: unknown) => {
      if (this.failed) return;
      this.failed = true;
      this.send({ type: 'error', code: 'internal', message: String(err) });
    });
    return this.chain;
  }

  /** One binary frame of PCM16 from the client. */
  push(pcm: Int16Array) {
    for (let i = 0; i < pcm.length; i++) {
      this.window[this.windowFill++] = pcm[i]! / 32768;
      if (this.windowFill === VAD_WINDOW) {
        const end = this.total + i + 1;
        this.vad.acceptWaveform(this.window);
        this.windowFill = 0;
        this.afterWindow(end);
      }
    }
    this.total += pcm.length;
    this.remember(pcm);
    if (this.inUtterance) this.queueAudio(pcm);
    if (this.total - this.heardSent >= HEARD_EVERY) this.reportHeard();
  }

  /** Queued behind the decoding of everything pushed so far, so it goes out once that audio is decoded. */
  private reportHeard() {
    this.flushFeed();
    const end = sec(this.total);
    this.heardSent = this.total;
    void this.enqueue(async () => this.send({ type: 'heard', end }));
  }

  private remember(pcm: Int16Array) {
    if (pcm.length >= PREROLL) {
      this.history.set(pcm.subarray(pcm.length - PREROLL));
      this.historyFill = PREROLL;
      return;
    }
    const keep = Math.min(this.historyFill, PREROLL - pcm.length);
    this.history.copyWithin(0, this.historyFill - keep, this.historyFill);
    this.history.set(pcm, keep);
    this.historyFill = keep + pcm.length;
  }

  /** Runs after every VAD window: opens an utterance at speech onset, closes it when a segment completes. */
  private afterWindow(sampleIndex: number) {
    while (!this.vad.isEmpty()) {
      const seg = this.vad.front(false);
      this.vad.pop();
      if (this.inUtterance) this.close(seg.start + seg.samples.length);
    }
    if (!this.inUtterance && this.vad.isDetected()) this.open(sampleIndex);
  }

  private open(sampleIndex: number) {
    this.inUtterance = true;
    this.utterance++;
    // The frame being pushed is not in `history` yet: push() queues all of it after this returns, so the
    // pre-roll is the history as it stands. `sampleIndex` (the onset) only bounds how far back it may reach.
    const keep = Math.min(this.historyFill, PREROLL, sampleIndex);
    this.begin(this.history.slice(this.historyFill - keep, this.historyFill));
  }

  /** Starts the next utterance with `preroll`, the audio before now that belongs to it. */
  private begin(preroll: Int16Array) {
    this.utteranceStart = this.total - preroll.length;
    this.planner.reset();
    this.progress = newProgress();
    this.toFeed = [];
    this.toFeedLength = 0;
    if (this.opts.embeddings) this.embedder = new UtteranceEmbedder();
    const decoder = this.decoder;
    if (decoder) void this.enqueue(() => decoder.start());
    this.queueAudio(preroll);
  }

  private queueAudio(pcm: Int16Array) {
    if (pcm.length === 0) return;
    this.toFeed.push(pcm.slice());
    this.toFeedLength += pcm.length;
    if (this.toFeedLength < FEED_STEP) return;
    const step = this.flushFeed();
    // A long utterance is cut here, between the audio decoded and the audio still to come. Only for the engine's own
    // decoder: a batch recogniser hears whole utterances (its partials re-recognise the growing one), and a cut
    // mid-word would hand it half a word at each side.
    if (this.decoder && step && this.planner.step(loudness(step), step.length / ENGINE_SAMPLE_RATE)) this.cut();
  }

  /** Ends the open utterance now, the speaker still talking, and opens the next one where it ends. */
  private cut() {
    this.close(this.total);
    this.inUtterance = true;
    this.utterance++;
    this.begin(new Int16Array(0));
  }

  /** Hands the queued audio to the decoder; returns it. */
  private flushFeed(): Int16Array | undefined {
    if (this.toFeedLength === 0) return undefined;
    const joined = new Int16Array(this.toFeedLength);
    let off = 0;
    for (const part of this.toFeed) {
      joined.set(part, off);
      off += part.length;
    }
    this.toFeed = [];
    this.toFeedLength = 0;
    // The embedding covers exactly the audio the decoder hears for this utterance.
    this.embedder?.push(joined);
    const utterance = this.utterance;
    const start = this.utteranceStart;
    const decoder = this.decoder;
    const progress = this.progress;
    void this.enqueue(async () => {
      if (!decoder) {
        progress.fed += joined.length;
        if (progress.fed - progress.lastPartialAt < SPEECH_EVERY) return;
        progress.lastPartialAt = progress.fed;
        return this.send({ type: 'speech', utterance, start: sec(start), end: sec(start + progress.fed) });
      }
      const due = progress.fed + joined.length - progress.lastPartialAt >= PARTIAL_EVERY;
      const text = await decoder.feed(joined, due);
      progress.fed += joined.length;
      // Decoded in order: a partial of an utterance already cut still comes before its final, so it goes out too.
      if (text !== null) {
        progress.lastPartialAt = progress.fed;
        this.send({ type: 'partial', utterance, ...progress.settled.next(text), start: sec(start), end: sec(start + progress.fed) });
      }
    });
    return joined;
  }

  private close(endSample: number) {
    this.flushFeed();
    this.inUtterance = false;
    const utterance = this.utterance;
    const start = this.utteranceStart;
    // Taken now: the next utterance may open before the decoder has finished this one.
    const embedding = this.embedder ? embeddingJson(this.embedder.embedding()) : undefined;
    this.embedder = null;
    const decoder = this.decoder;
    const { settled } = this.progress;
    void this.enqueue(async () => {
      if (!decoder) {
        return this.send({ type: 'utterance', utterance, start: sec(start), end: sec(Math.max(endSample, start)), ...(embedding ? { embedding } : {}) });
      }
      const result = await decoder.end(start / ENGINE_SAMPLE_RATE);
      const text = settled.commit(result.text);
      if (!text) return;
      this.send({
        type: 'final',
        utterance,
        start: sec(start),
        end: sec(Math.max(endSample, start)),
        text,
        words: result.words,
        ...(embedding ? { embedding } : {}),
      });
    });
  }

  /** The client is done: whatever is still being said becomes a final result. */
  async finish(): Promise<void> {
    if (this.windowFill) {
      this.vad.acceptWaveform(this.window.slice(0, VAD_WINDOW).fill(0, this.windowFill));
      this.windowFill = 0;
    }
    this.vad.flush();
    this.afterWindow(this.total);
    if (this.inUtterance) this.close(this.total);
    await this.chain;
  }
}

/** An utterance's audio decoded so far (samples), where its last partial was, and its settled words. */
const newProgress = () => ({ fed: 0, lastPartialAt: 0, settled: new StablePrefix() });

const sec = (samples: number) => Math.round((samples / ENGINE_SAMPLE_RATE) * 1000) / 1000;
