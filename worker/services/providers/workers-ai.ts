/**
 * Providers backed by Workers AI (`env.AI`), written against the documented model schemas:
 * - batch ASR: @cf/openai/whisper-large-v3-turbo — input { audio: base64, language?, vad_filter?, initial_prompt? },
 *   output { text, transcription_info?: { language, duration }, segments?: [{ start, end, text, words?: [{ word, start, end }] }] }
 * - live ASR: @cf/deepgram/nova-3 over WebSocket (`run(model, params, { websocket: true })` answers a 101
 *   Response whose webSocket speaks Deepgram's live protocol: binary audio in; `Results` messages out with
 *   is_final / speech_final, `UtteranceEnd`; `{"type":"CloseStream"}` flushes and closes), or Whisper on the
 *   utterances the engine cuts (WORKERS_AI_LIVE_MODEL = "whisper", contracts/batch-live.ts)
 * - translation and summaries: @cf/qwen/qwen3-30b-a3b-fp8 — input { messages }, output an OpenAI-style chat
 *   completion (older text models answer { response }; both are read). Lines go in batches sized to its
 *   context (contracts/translation-batches.ts); the calls are paced and retried by ./workers-ai-limits.ts.
 */
import type { StreamServerMessage, TranscriptSegment } from '../../../contracts/engine';
import { correctSegment, hotwordCorrector, hotwordPrompt, noHotwords, type HotwordCorrector } from '../../../contracts/hotwords';
import { LANGUAGES, languageInfo } from '../../../contracts/engine-languages';
import { LLM_CONTEXT, parseTranslations, translationMessages, type GlossaryTerm } from '../../../contracts/engine-translate';
import { LIVE_SUMMARY_RESPONSE_FORMAT, liveSummaryMessages, parseLiveSummary } from '../../../contracts/live-summary-prompt';
import { parseSummary, summaryMessages } from '../../../contracts/summary-prompt';
import {
  ProviderError,
  type LiveStream,
  socketLiveStream,
  type SocketLike,
  type StreamProvider,
  type SummarizeProvider,
  type TranscribeInput,
  type TranscribeProvider,
  type TranscribeResult,
  type TranslateProvider,
} from './types';
import { REPLY_TOKENS, translationBatches } from '../../../contracts/translation-batches';
import type { AiLike } from './workers-ai-limits';
import type { EngineClient } from './engine';
import { withVoices } from './live-voices';
import { BatchLive } from '../../../contracts/batch-live';
import { wavHeader } from '../transcription/audio';

export type { AiLike };

export const MODELS = {
  transcribe: '@cf/openai/whisper-large-v3-turbo',
  stream: '@cf/deepgram/nova-3',
  translate: '@cf/qwen/qwen3-30b-a3b-fp8',
  summarize: '@cf/qwen/qwen3-30b-a3b-fp8',
} as const;

/**
 * Deepgram's `language` for each language Tingyi names that Nova-3 transcribes live (Deepgram's models and
 * languages overview; Chinese `zh-CN`/`zh-TW` since March 2026, Cantonese `zh-HK`).
 */
export const NOVA3_LANGUAGES: Readonly<Record<string, string>> = {
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
  yue: 'zh-HK',
  'en-US': 'en-US',
  'ja-JP': 'ja',
  'ko-KR': 'ko-KR',
  'fr-FR': 'fr',
  'de-DE': 'de',
  'es-ES': 'es',
  'ru-RU': 'ru',
};

/** Which Workers AI model serves live meetings (`WORKERS_AI_LIVE_MODEL`): Nova-3 streams; Whisper hears the utterances the engine cuts. */
export type LiveModel = 'nova-3' | 'whisper';

function base64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  // In slices: String.fromCharCode with one argument per byte overflows the stack on large files.
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** 16 kHz mono PCM16 as a WAV file. */
function wavBytes(pcm: Int16Array): ArrayBuffer {
  const out = new Uint8Array(44 + pcm.byteLength);
  out.set(wavHeader(pcm.byteLength));
  out.set(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength), 44);
  return out.buffer;
}

interface WhisperOutput {
  text: string;
  transcription_info?: { language?: string; duration?: number };
  segments?: { start?: number; end?: number; text?: string; words?: { word?: string; start?: number; end?: number }[] }[];
}

/** Whisper on one WAV; `vad` lets Whisper skip silence itself (a file's piece, not an utterance already cut). */
function runWhisper(ai: AiLike, wav: ArrayBuffer, language: string, hotwords: readonly string[] | undefined, vad: boolean) {
  const iso = languageInfo(language)?.iso;
  return ai.run(MODELS.transcribe, {
    audio: base64(wav),
    task: 'transcribe',
    ...(iso ? { language: iso } : {}),
    vad_filter: vad,
    // Whisper's prompt biases its spelling towards the words it names.
    ...(hotwords?.length ? { initial_prompt: hotwordPrompt(hotwords) } : {}),
  }) as Promise<WhisperOutput>;
}

export function workersAiTranscribe(ai: AiLike): TranscribeProvider {
  return {
    name: 'workers-ai',
    async transcribe(input: TranscribeInput): Promise<TranscribeResult> {
      const out = await runWhisper(ai, await input.audio(), input.language, input.hotwords, true);
      const correct = await hotwordCorrector(input.hotwords ?? [], input.language);
      const segments: TranscriptSegment[] = (out.segments ?? [])
        .filter((s) => (s.text ?? '').trim() !== '')
        .map((s) => ({
          start: round(s.start ?? 0),
          end: round(s.end ?? s.start ?? 0),
          text: (s.text ?? '').trim(),
          ...(s.words?.length ? { words: s.words.map((w) => ({ word: (w.word ?? '').trim(), start: round(w.start ?? 0), end: round(w.end ?? 0) })) } : {}),
        }));
      if (segments.length === 0 && out.text.trim()) {
        segments.push({ start: 0, end: round(out.transcription_info?.duration ?? 0), text: out.text.trim() });
      }
      return {
        language: input.language,
        duration: round(out.transcription_info?.duration ?? segments.at(-1)?.end ?? 0),
        segments: segments.map((s) => correctSegment(correct, s)),
      };
    },
    async languages() {
      return LANGUAGES.map((l) => l.code);
    },
  };
}

interface DeepgramWord {
  word: string;
  start: number;
  end: number;
  punctuated_word?: string;
  speaker?: number;
}
interface DeepgramResults {
  type: 'Results';
  start: number;
  duration: number;
  is_final?: boolean;
  speech_final?: boolean;
  channel: { alternatives: { transcript: string; words?: DeepgramWord[] }[] };
}

/** The speaker of most of an utterance's words (the earlier one on a tie), as '1', '2', …: Deepgram counts from 0. */
function majoritySpeaker(words: DeepgramWord[]): string | undefined {
  const counts = new Map<number, number>();
  for (const w of words) if (w.speaker !== undefined) counts.set(w.speaker, (counts.get(w.speaker) ?? 0) + 1);
  let best: number | undefined;
  let most = 0;
  for (const [speaker, n] of counts) if (n > most) [best, most] = [speaker, n];
  return best === undefined ? undefined : String(best + 1);
}

/**
 * Maps Deepgram's live protocol onto the engine's: interim results become partials; `is_final` pieces are
 * collected until `speech_final` (or `UtteranceEnd`) closes the utterance, which becomes one final, with
 * the speaker of most of its words when diarization is on.
 */
export function deepgramLiveStream(socket: SocketLike, correct: HotwordCorrector = noHotwords): LiveStream {
  const { stream, emit: send } = socketLiveStream(socket, JSON.stringify({ type: 'CloseStream' }));
  // Nova-3 has never heard the user's proprietary words either: its partials and finals are corrected as the engine's are.
  const emit = (m: StreamServerMessage) => send(m.type === 'partial' ? { ...m, text: correct(m.text) } : m.type === 'final' ? correctSegment(correct, m) : m);
  let utterance = 1;
  let pieces: { text: string; start: number; end: number; words: DeepgramWord[] }[] = [];
  const closeUtterance = () => {
    if (!pieces.length) return;
    const words = pieces.flatMap((p) => p.words);
    const speaker = majoritySpeaker(words);
    emit({
      type: 'final',
      utterance,
      start: round(pieces[0]!.start),
      end: round(pieces.at(-1)!.end),
      text: pieces
        .map((p) => p.text)
        .filter(Boolean)
        .join(' '),
      words: words.map((w) => ({ word: w.punctuated_word ?? w.word, start: round(w.start), end: round(w.end) })),
      ...(speaker ? { speaker } : {}),
    });
    pieces = [];
    utterance++;
  };
  socket.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const msg = JSON.parse(event.data) as { type?: string } & Partial<DeepgramResults>;
    if (msg.type === 'Results') {
      const r = msg as DeepgramResults;
      const alt = r.channel.alternatives[0] ?? { transcript: '' };
      if (!r.is_final) {
        const before = pieces.map((p) => p.text).filter(Boolean);
        if (alt.transcript) {
          emit({
            type: 'partial',
            utterance,
            text: [...before, alt.transcript].join(' '),
            start: round(pieces[0]?.start ?? r.start),
            end: round(r.start + r.duration),
          });
        }
        return;
      }
      if (alt.transcript) pieces.push({ text: alt.transcript, start: r.start, end: r.start + r.duration, words: alt.words ?? [] });
      if (r.speech_final) closeUtterance();
      // A final result covers its audio for good, silence included: progress for the meeting's lag gauge.
      emit({ type: 'heard', end: round(r.start + r.duration) });
    } else if (msg.type === 'UtteranceEnd') {
      closeUtterance();
    }
  });
  socket.addEventListener('close', () => {
    closeUtterance();
    emit({ type: 'closed' });
  });
  return stream;
}

/**
 * Whisper live: the engine cuts the host's audio into utterances (and measures each one's voice), Whisper
 * hears each utterance for its final and the growing one about once a second for a partial
 * (contracts/batch-live.ts).
 */
export function whisperLiveStream(ai: AiLike, socket: SocketLike, language: string, hotwords: readonly string[], correct: HotwordCorrector): LiveStream {
  let batch: BatchLive;
  const { stream, emit } = socketLiveStream(socket, JSON.stringify({ type: 'end' }), () => batch.finish());
  batch = new BatchLive(async (pcm, offset) => {
    const out = await runWhisper(ai, wavBytes(pcm), language, hotwords, false);
    const r = (t: number | undefined) => round(offset + (t ?? 0));
    const words = (out.segments ?? []).flatMap((seg) => seg.words ?? []).map((w) => ({ word: (w.word ?? '').trim(), start: r(w.start), end: r(w.end) }));
    return correctSegment(correct, { start: offset, end: offset, text: out.text.trim(), ...(words.length ? { words } : {}) });
  }, emit);
  socket.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const msg = JSON.parse(event.data) as StreamServerMessage;
    // The engine's goodbye waits for the last finals, as the socket's close does.
    if (!batch.cut(msg)) void (msg.type === 'closed' ? batch.finish().then(() => emit(msg)) : emit(msg));
  });
  return {
    ...stream,
    send: (pcm) => {
      // A copy: a frame's view may start at an odd byte, where no Int16Array may.
      const bytes = ArrayBuffer.isView(pcm) ? new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) : new Uint8Array(pcm);
      batch.audio(new Int16Array(bytes.slice(0, bytes.length & ~1).buffer));
      stream.send(pcm);
    },
  };
}

/** Whisper live needs the engine to cut utterances; Nova-3 alone needs nothing else. */
export function workersAiStream(ai: AiLike, { engine, model = 'nova-3' }: { engine?: EngineClient; model?: LiveModel } = {}): StreamProvider {
  return {
    name: 'workers-ai',
    async open(language, options = {}) {
      // Ready before the socket opens, so no early result goes by uncorrected.
      const correct = await hotwordCorrector(options.hotwords ?? [], language);
      const deepgram = NOVA3_LANGUAGES[language];
      if (model === 'whisper' || !deepgram) {
        if (!engine) throw new ProviderError('Whisper live recognition needs the engine to cut utterances', 500, 'misconfigured');
        const socket = await engine.openSocket(language, { embeddings: options.embeddings, recognise: false });
        return whisperLiveStream(ai, socket, language, options.hotwords ?? [], correct);
      }
      const res = (await ai.run(
        MODELS.stream,
        {
          encoding: 'linear16',
          sample_rate: '16000',
          channels: '1',
          language: deepgram,
          interim_results: 'true',
          punctuate: 'true',
          smart_format: 'true',
          endpointing: '400',
          utterance_end_ms: '1000',
          // Live diarization puts `speaker` (from 0) on every word of a result; with the engine there, the
          // engine's voices label speakers instead, the same across reconnects.
          ...(options.embeddings && !engine ? { diarize: 'true' } : {}),
        },
        { websocket: true },
      )) as Response & { webSocket?: SocketLike | null };
      if (!res.webSocket) throw new ProviderError(`Workers AI refused the live stream (${res.status})`, 502);
      res.webSocket.accept?.();
      const live = deepgramLiveStream(res.webSocket, correct);
      if (!options.embeddings || !engine) return live;
      try {
        return withVoices(live, await engine.openSocket(language, { embeddings: true, recognise: false }));
      } catch (err) {
        live.close();
        throw err;
      }
    },
    async languages() {
      // Whisper knows every language Tingyi names; Nova-3 those in its list.
      return model === 'whisper' ? LANGUAGES.map((l) => l.code) : Object.keys(NOVA3_LANGUAGES);
    },
  };
}

type ChatOutput = string | { response?: string; choices?: { message?: { content?: string | null } }[] };

export function chatContent(out: ChatOutput): string {
  if (typeof out === 'string') return out;
  return out.choices?.[0]?.message?.content ?? out.response ?? '';
}

type ChatMessage = { role: 'system' | 'user'; content: string };

/**
 * Qwen3's switch for skipping its reasoning, on the last user message: translating and summarising a
 * transcript need none, and it would cost latency and output tokens.
 */
function noThinking(messages: ChatMessage[]): ChatMessage[] {
  const last = messages.reduce((found, m, i) => (m.role === 'user' ? i : found), -1);
  return messages.map((m, i) => (i === last ? { ...m, content: `${m.content}\n/no_think` } : m));
}

export function workersAiTranslate(ai: AiLike): TranslateProvider {
  return {
    name: 'workers-ai',
    async translate(from: string, to: string, texts: string[], glossary?: GlossaryTerm[], context: string[] = []) {
      const result: string[] = [];
      // Each batch reads the lines before it: the caller's context, then the batches already sent.
      const before = [...context, ...texts];
      for (const batch of translationBatches(texts, (t) => t)) {
        const upTo = context.length + result.length;
        const messages = noThinking(translationMessages(from, to, batch, before.slice(Math.max(0, upTo - LLM_CONTEXT), upTo), glossary));
        const out = (await ai.run(MODELS.translate, { messages, temperature: 0, max_tokens: REPLY_TOKENS })) as ChatOutput;
        const parsed = parseTranslations(chatContent(out), batch.length);
        if (!parsed) throw new ProviderError(`${MODELS.translate} did not return ${batch.length} translations`);
        result.push(...parsed);
      }
      return result;
    },
    async pairs() {
      const codes = LANGUAGES.map((l) => l.code);
      return codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => ({ from, to })));
    },
  };
}

export function workersAiSummarize(ai: AiLike): SummarizeProvider {
  return {
    name: 'workers-ai',
    async summarize(input) {
      const messages = noThinking(summaryMessages(input));
      const out = (await ai.run(MODELS.summarize, { messages, temperature: 0.2, max_tokens: 4096 })) as ChatOutput;
      const summary = parseSummary(chatContent(out), input);
      if (!summary) throw new ProviderError(`${MODELS.summarize} did not return a summary in the expected form`);
      return summary;
    },
    async live(input) {
      // Structured output (Workers AI's JSON mode takes OpenAI's response_format), paced with translation
      // under the account's text-generation limit like every call to this model (./workers-ai-limits.ts).
      const messages = noThinking(liveSummaryMessages(input));
      const out = (await ai.run(MODELS.summarize, { messages, temperature: 0, max_tokens: 2048, response_format: LIVE_SUMMARY_RESPONSE_FORMAT })) as ChatOutput;
      const summary = parseLiveSummary(chatContent(out), input);
      if (!summary) throw new ProviderError(`${MODELS.summarize} did not return a live summary in the expected form`);
      return summary;
    },
  };
}
