/**
 * An OpenAI-compatible /v1/audio/transcriptions endpoint as a batch backend. Each VAD utterance is sent as a
 * small WAV, so requests stay short and segment times come from our own VAD, not the upstream's.
 */
import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { languageInfo } from '../../../contracts/engine-languages';
import { hotwordPrompt } from '../../../contracts/hotwords';
import { callOpenAi } from '../openai-upstream';
import type { UtteranceDecoder } from './batch';
import type { DecodeResult } from './pocketsphinx';

/** A 44-byte PCM16 mono WAV header for `dataBytes` of samples. */
export function wavHeader(dataBytes: number, rate = ENGINE_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export function wav(pcm: Int16Array, rate = ENGINE_SAMPLE_RATE): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(44 + pcm.byteLength);
  out.set(wavHeader(pcm.byteLength, rate));
  out.set(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength), 44);
  return out;
}

interface VerboseJson {
  text?: string;
  words?: { word: string; start: number; end: number }[];
}

export function openAiTranscriber(
  endpoint: { url: string; key: string; model: string },
  language: string,
  fetchImpl: typeof fetch = fetch,
  hotwords: readonly string[] = [],
): UtteranceDecoder {
  const prompt = hotwordPrompt(hotwords);
  return {
    async decode(pcm: Int16Array, offset: number): Promise<DecodeResult> {
      const form = new FormData();
      form.append('file', new Blob([wav(pcm)], { type: 'audio/wav' }), 'utterance.wav');
      form.append('model', endpoint.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      const iso = languageInfo(language)?.iso;
      if (iso) form.append('language', iso);
      if (prompt) form.append('prompt', prompt);
      const json = await callOpenAi<VerboseJson>(
        'transcription',
        `${endpoint.url.replace(/\/$/, '')}/audio/transcriptions`,
        { method: 'POST', headers: endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}, body: form },
        fetchImpl,
      );
      const r = (s: number) => Math.round((offset + s) * 1000) / 1000;
      return {
        text: (json.text ?? '').trim(),
        words: (json.words ?? []).map((w) => ({ word: w.word.trim(), start: r(w.start), end: r(w.end) })),
      };
    },
  };
}
