import type { AiLike } from '../../worker/services/providers/workers-ai';

/**
 * Workers AI's speech recognition as the `AI` binding answers it, for tests that cannot reach Cloudflare:
 * - `@cf/openai/whisper-large-v3-turbo`: input `{ audio: base64 WAV, task?, language?: ISO 639-1, vad_filter?,
 *   initial_prompt? }`, output `{ text, word_count, segments: [{ start, end, text, words: [{ word, start, end }] }],
 *   transcription_info: { language, duration, … }, vtt }`; a bad input throws as the binding does
 *   ("5006: …"), and past `perMinute` requests in a sliding minute it throws the 429 ("3040: Capacity
 *   temporarily exceeded…").
 * - `@cf/deepgram/nova-3` with `{ websocket: true }`: a 101 Response whose webSocket takes binary linear16 audio
 *   and `{"type":"CloseStream"}`, and answers with Deepgram's `Results` (interim, then is_final + speech_final
 *   with `speaker` on every word when `diarize` is set) and closes.
 * Having no model, it "hears" a loud stretch of audio (10 ms frames above -40 dBFS, apart by ≥ 0.3 s of quiet)
 * as the script line whose spoken length is nearest; a stretch clearly shorter than that line (a growing
 * utterance) as the share of the next unheard line's characters its length covers. Other models go to `text` (e.g.
 * fakeWorkersAiText's translation).
 */

export interface ScriptLine {
  text: string;
  /** How long the line is spoken, in seconds. */
  seconds: number;
}

const RATE = 16_000;
const WHISPER = '@cf/openai/whisper-large-v3-turbo';
const NOVA3 = '@cf/deepgram/nova-3';

/** Loud stretches of PCM16 in seconds. */
export function loudStretches(pcm: Int16Array): { start: number; end: number }[] {
  const frame = RATE / 100;
  const out: { start: number; end: number }[] = [];
  for (let f = 0; f * frame < pcm.length; f++) {
    let sum = 0;
    const end = Math.min(pcm.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += pcm[i]! * pcm[i]!;
    if (Math.sqrt(sum / (end - f * frame)) <= 330) continue;
    const t = f / 100;
    const last = out.at(-1);
    if (last && t - last.end < 0.3) last.end = t + 0.01;
    else out.push({ start: t, end: t + 0.01 });
  }
  // Clicks are not speech.
  return out.filter((s) => s.end - s.start >= 0.15);
}

function parseWav(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 44 || ascii(0) !== 'RIFF' || ascii(8) !== 'WAVE')
    throw new Error("5006: Error: oneOf at '/' not met, 0 matches: audio could not be decoded");
  if (view.getUint32(24, true) !== RATE || view.getUint16(22, true) !== 1) throw new Error('5006: audio must be 16 kHz mono in this fake');
  const data = bytes.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.byteLength & ~1)));
}

const round = (s: number) => Math.round(s * 1000) / 1000;
/** Characters a line is timed by: Han characters one by one, other words whole. */
const units = (text: string) => text.match(/\p{Script=Han}|[^\s\p{P}\p{Script=Han}]+/gu) ?? [];

export function fakeWorkersAiSpeech(
  script: readonly ScriptLine[],
  { perMinute = 720, minuteMs = 60_000, text }: { perMinute?: number; minuteMs?: number; text?: AiLike } = {},
) {
  const whisperCalls: { language?: string; seconds: number; vadFilter?: boolean; prompt?: string }[] = [];
  const streams: { params: Record<string, unknown>; audioBytes: number }[] = [];
  const accepted: number[] = [];
  /** Requests refused by the rate limit (they do not count towards it). */
  const refused = { count: 0 };

  /** The line after the last one heard in full: a growing utterance is that one, as a meeting goes in order. */
  let next = 0;
  /** What the fake hears in a stretch `seconds` long. */
  const hear = (seconds: number) => {
    const nearest = [...script].sort((a, b) => Math.abs(a.seconds - seconds) - Math.abs(b.seconds - seconds))[0]!;
    const growing = script[next] ?? nearest;
    if (seconds > nearest.seconds - 0.6 || seconds >= growing.seconds) {
      next = script.indexOf(nearest) + 1;
      return nearest.text;
    }
    const u = units(growing.text);
    return u.slice(0, Math.max(1, Math.floor((u.length * seconds) / growing.seconds))).join('');
  };

  const limited = () => {
    const t = Date.now();
    while (accepted.length && accepted[0]! <= t - minuteMs) accepted.shift();
    if (accepted.length >= perMinute) {
      refused.count++;
      throw new Error('3040: Capacity temporarily exceeded, please try again.');
    }
    accepted.push(t);
  };

  function whisper(inputs: Record<string, unknown>) {
    if (typeof inputs.audio !== 'string') throw new Error("5006: Error: required properties at '/' are 'audio'");
    const language = inputs.language as string | undefined;
    if (language !== undefined && !/^[a-z]{2,3}$/.test(language)) throw new Error(`5006: Error: language '${language}' is not supported`);
    limited();
    const pcm = parseWav(Uint8Array.from(atob(inputs.audio), (c) => c.charCodeAt(0)));
    const duration = pcm.length / RATE;
    whisperCalls.push({
      language,
      seconds: duration,
      vadFilter: inputs.vad_filter as boolean | undefined,
      prompt: inputs.initial_prompt as string | undefined,
    });
    const segments = loudStretches(pcm).map((s) => {
      const said = hear(s.end - s.start);
      const u = units(said);
      const step = (s.end - s.start) / Math.max(1, u.length);
      return {
        start: round(s.start),
        end: round(s.end),
        text: said,
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.1,
        no_speech_prob: 0.01,
        words: u.map((word, i) => ({ word, start: round(s.start + i * step), end: round(s.start + (i + 1) * step) })),
      };
    });
    const all = segments.map((s) => s.text).join('');
    return {
      text: all,
      word_count: segments.reduce((n, s) => n + s.words.length, 0),
      segments,
      transcription_info: { language: language ?? 'zh', language_probability: 0.98, duration: round(duration), duration_after_vad: round(duration) },
      vtt: 'WEBVTT\n',
    };
  }

  function nova3(params: Record<string, unknown>) {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    server.accept();
    const stream = { params, audioBytes: 0 };
    streams.push(stream);
    const chunks: Uint8Array[] = [];
    const diarize = params.diarize === 'true';
    const results = (pcm: Int16Array, isFinal: boolean) => {
      const stretch = loudStretches(pcm);
      if (!stretch.length) return;
      const start = stretch[0]!.start;
      const end = stretch.at(-1)!.end;
      const said = hear(end - start);
      const u = units(said);
      const step = (end - start) / Math.max(1, u.length);
      server.send(
        JSON.stringify({
          type: 'Results',
          channel_index: [0, 1],
          duration: round(pcm.length / RATE),
          start: 0,
          is_final: isFinal,
          speech_final: isFinal,
          channel: {
            alternatives: [
              {
                transcript: said,
                confidence: 0.95,
                words: u.map((word, i) => ({
                  word,
                  start: round(start + i * step),
                  end: round(start + (i + 1) * step),
                  confidence: 0.9,
                  punctuated_word: word,
                  ...(diarize ? { speaker: 0 } : {}),
                })),
              },
            ],
          },
          metadata: { request_id: `fake-${streams.length}`, model_info: { name: 'general-nova-3' } },
        }),
      );
    };
    const joined = () => {
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      return new Int16Array(bytes.buffer, 0, bytes.length >> 1);
    };
    let interimAt = RATE * 2;
    // Frames may arrive as Blobs: read in order, so CloseStream comes after all the audio before it.
    let order = Promise.resolve();
    server.addEventListener('message', (e) => {
      order = order.then(async () => {
        if (typeof e.data === 'string') {
          if ((JSON.parse(e.data) as { type?: string }).type !== 'CloseStream') return;
          results(joined(), true);
          server.close(1000, 'CloseStream');
          return;
        }
        const bytes = new Uint8Array(e.data instanceof Blob ? await e.data.arrayBuffer() : (e.data as ArrayBuffer));
        chunks.push(bytes);
        stream.audioBytes += bytes.length;
        // An interim result about once a second of audio.
        if (stream.audioBytes >= interimAt) {
          interimAt += RATE * 2;
          results(joined(), false);
        }
      });
    });
    return new Response(null, { status: 101, webSocket: client });
  }

  const ai: AiLike = {
    async run(model, inputs, options) {
      if (model === WHISPER) return whisper(inputs);
      if (model === NOVA3) {
        if (!options?.websocket) throw new Error('5006: @cf/deepgram/nova-3 is served over a WebSocket');
        limited();
        return nova3(inputs);
      }
      if (text) return text.run(model, inputs, options);
      throw new Error(`5007: No such model ${model} or task`);
    },
  };
  return { ai, whisperCalls, streams, refused };
}
