/**
 * One interface per AI capability. Each has an engine implementation (HTTP/WebSocket to the local or
 * containerised engine) and a Workers AI implementation; `ASR_PROVIDER`, `STREAM_PROVIDER`,
 * `TRANSLATE_PROVIDER` and `SUMMARY_PROVIDER` pick one per capability (see ./index.ts).
 */
import type { z } from 'zod';
import type { StreamServerMessage, TranscriptSegment } from '../../../contracts/engine';
import type { GlossaryTerm } from '../../../contracts/engine-translate';
import type { LiveSummarizeRequest, LiveSummaryContent } from '../../../contracts/live-summary-prompt';
import type { MediaSummary, summarizeRequest } from '../../../contracts/summary';

export interface TranscribeInput {
  /** The audio: a piece of a file job (16 kHz mono WAV), a few minutes long. */
  audio: () => Promise<ArrayBuffer>;
  /**
   * The same audio by reference, for a provider that fetches media itself (the engine): a presigned URL of the
   * stored audio and the stretch of it, seconds, so no audio passes through the Worker.
   */
  stored?: () => Promise<{ url: string; start: number; end: number }>;
  language: string;
  /**
   * Ask for each segment's speaker embedding so pieces can be labelled together later. Providers without
   * embeddings (Workers AI) leave them out, and the engine measures them (transcription/piece.ts).
   */
  embeddings?: boolean;
  /** Proprietary words to recognise (a recogniser's prompt where it takes one, and post-correction). */
  hotwords?: string[];
  /**
   * Told the seconds of the audio recognised so far, as a provider that reports it goes (the engine); others
   * never call it. Not awaited: a slow listener never holds the recognition up.
   */
  onProgress?: (decodedSeconds: number) => void;
}

export interface TranscribeResult {
  language: string;
  duration: number;
  segments: TranscriptSegment[];
}

/** Languages a provider serves for each use, as language codes (see contracts/engine-languages). */
export interface ProviderLanguages {
  transcribe: string[];
  stream: string[];
  translation: { from: string; to: string }[];
}

export interface TranscribeProvider {
  readonly name: string;
  transcribe(input: TranscribeInput): Promise<TranscribeResult>;
  languages(): Promise<string[]>;
}

/** A live recognition session: PCM16 16 kHz mono in, partial / final messages out (engine protocol). */
export interface LiveStream {
  send(pcm: ArrayBuffer | ArrayBufferView): void;
  /** Flush what is being said as a final result, then close. */
  end(): void;
  close(): void;
  onMessage(listener: (msg: StreamServerMessage) => void): void;
}

export interface StreamOptions {
  /**
   * Ask for who is speaking. The engine adds each final's speaker embedding (labelled live by
   * worker/lib/speaker-tracker), also under Workers AI's recognisers (./live-voices.ts); without the engine,
   * Nova-3 labels each final's `speaker` itself.
   */
  embeddings?: boolean;
  /** Proprietary words: partials and finals are corrected towards them. */
  hotwords?: string[];
  /** False: the engine only cuts utterances (`speech`, `utterance`) for a batch recogniser in the Worker. */
  recognise?: boolean;
}

export interface StreamProvider {
  readonly name: string;
  open(language: string, options?: StreamOptions): Promise<LiveStream>;
  languages(): Promise<string[]>;
}

export interface TranslateProvider {
  readonly name: string;
  /**
   * `context`: the source lines just before `texts` (a live meeting's previous segment), for a translator that
   * reads around a line to use; they are not translated. The engine's translator works line by line and ignores it.
   */
  translate(from: string, to: string, texts: string[], glossary?: GlossaryTerm[], context?: string[]): Promise<string[]>;
  pairs(): Promise<{ from: string; to: string }[]>;
}

/** What a summary is made from: the transcript's lines with the record's language, name and kind. */
export type SummarizeInput = z.output<typeof summarizeRequest>;

export interface SummarizeProvider {
  readonly name: string;
  summarize(input: SummarizeInput): Promise<MediaSummary>;
  /** A live meeting's running summary refreshed with the lines said since (contracts/live-summary-prompt.ts). */
  live(input: LiveSummarizeRequest): Promise<LiveSummaryContent>;
}

/** A provider failure the caller can show or log; `status` follows the upstream where there is one. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status = 502,
    readonly code = 'upstream',
    /** Seconds a busy provider (429) asked to wait before trying again, when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The parts of a Workers WebSocket the providers use, so tests can hand in a WebSocketPair end. */
export interface SocketLike {
  accept?(): void;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close' | 'error', listener: (event: unknown) => void): void;
}

/**
 * A LiveStream over a socket: audio goes out as binary frames, `endMessage` is the protocol's "no more
 * audio" message, and `emit` hands each result (in the engine's message format) to every listener.
 */
export function socketLiveStream(socket: SocketLike, endMessage: string, settled: () => Promise<void> = async () => {}) {
  const listeners: ((m: StreamServerMessage) => void)[] = [];
  const stream: LiveStream = {
    send: (pcm) => socket.send(pcm),
    end: () => socket.send(endMessage),
    close: () => socket.close(1000),
    onMessage: (l) => void listeners.push(l),
  };
  const emit = (m: StreamServerMessage) => {
    for (const listener of listeners) listener(m);
  };
  // A connection that drops without the protocol's goodbye still ends the session for its listeners, once
  // what it delivered is `settled` (a batch recogniser's last finals).
  socket.addEventListener('close', () => void settled().then(() => emit({ type: 'closed' })));
  return { stream, emit };
}
