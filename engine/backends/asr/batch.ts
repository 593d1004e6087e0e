/**
 * File transcription: ffmpeg → Silero VAD → PocketSphinx, streamed end to end. The VAD runs ahead of the
 * decoder by a few utterances so both cores stay busy without holding the whole file in memory.
 */
import type { TranscriptSegment } from '../../../contracts/engine';
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { float32ToInt16, pcmChunks, type Span } from '../media/ffmpeg';
import { speechSegments } from '../vad/silero';
import { embedSamples, embeddingJson } from '../diarization/mfcc';
import { medianPitch } from '../diarization/pitch';
import { labelSpeakersInThread } from '../diarization/cluster-thread';
import type { DecodeResult } from './pocketsphinx';

/** Utterances handed to the decoder before the VAD waits for it. */
const AHEAD = 4;

export interface UtteranceDecoder {
  decode(pcm: Int16Array, offset: number): Promise<DecodeResult>;
}

export interface BatchOptions {
  vadModel: string;
  diarize?: boolean;
  /** Keep each segment's speaker embedding in the result. */
  embeddings?: boolean;
  maxSpeakers?: number;
  signal?: AbortSignal;
  /** Only this stretch of the source; times count from its start. */
  span?: Span;
  /** How long ffmpeg may take to decode it (mediaTimeoutMs of its length). */
  timeoutMs: number;
  /** Seconds of the stretch recognised so far (to the end of the last utterance back), told as each comes back. */
  onDecoded?: (seconds: number) => void;
}

export async function transcribeSource(
  source: string,
  decoder: UtteranceDecoder,
  opts: BatchOptions,
): Promise<{ segments: TranscriptSegment[]; duration: number }> {
  type Heard = TranscriptSegment & { vector?: Float64Array };
  const inflight: Promise<Heard>[] = [];
  const done: Heard[] = [];
  const totals = { samples: 0 };
  try {
    await recogniseAll();
  } catch (err) {
    // Answer only once every utterance already sent has come back: a request still on its way to an upstream
    // recogniser after the caller was told of the failure would be work nobody waits for.
    await Promise.allSettled(inflight);
    throw err;
  }

  async function recogniseAll() {
    for await (const seg of speechSegments(
      opts.vadModel,
      pcmChunks(source, { signal: opts.signal, span: opts.span, timeoutMs: opts.timeoutMs }),
      { pad: 0.25 },
      totals,
    )) {
      if (opts.signal?.aborted) break;
      // The padded audio is recognised (soft onsets survive); the line is timed by the voice alone, since two
      // utterances closer than twice the padding would otherwise share time.
      const start = seg.voiced.start / ENGINE_SAMPLE_RATE;
      const end = seg.voiced.end / ENGINE_SAMPLE_RATE;
      const vector = opts.diarize || opts.embeddings ? embedSamples(seg.samples) : undefined;
      const pitch = vector ? medianPitch(seg.samples) : undefined;
      const heard = decoder.decode(float32ToInt16(seg.samples), seg.start / ENGINE_SAMPLE_RATE).then((r) => ({
        start: round(start),
        end: round(end),
        text: r.text,
        words: r.words.map((w) => ({ ...w, start: round(clamp(w.start, start, end)), end: round(clamp(w.end, start, end)) })),
        ...(vector ? { vector } : {}),
        ...(pitch ? { pitch: Math.round(pitch) } : {}),
      }));
      // A failed utterance (say, an upstream refusing the key) is reported when its turn comes; until then its
      // rejection must not count as unhandled, which would end the whole engine process.
      heard.then(() => opts.onDecoded?.(end)).catch(() => {});
      inflight.push(heard);
      if (inflight.length >= AHEAD) done.push(await inflight.shift()!);
    }
    done.push(...(await Promise.all(inflight)));
  }
  // Speech the recogniser heard as nothing but noise is dropped rather than shown as an empty line.
  const spoken = done.filter((s) => s.text.trim() !== '');
  if (opts.diarize && spoken.length) {
    const { labels } = await labelSpeakersInThread(
      spoken.map((s) => s.vector!),
      opts.maxSpeakers,
      { seconds: spoken.map((s) => s.end - s.start), pitches: spoken.map((s) => s.pitch ?? 0) },
    );
    spoken.forEach((s, i) => {
      s.speaker = labels[i];
    });
  }
  return {
    duration: round(totals.samples / ENGINE_SAMPLE_RATE),
    segments: spoken.map(({ vector, ...s }) => (opts.embeddings && vector ? { ...s, embedding: embeddingJson(vector) } : s)),
  };
}

const round = (s: number) => Math.round(s * 1000) / 1000;
const clamp = (s: number, low: number, high: number) => Math.min(Math.max(s, low), high);
