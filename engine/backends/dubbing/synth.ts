/** Speaking one text in one voice: espeak-ng offline, an OpenAI-compatible `/audio/speech` endpoint, or Workers AI's MeloTTS. */
import type { Voice } from '../../../contracts/dubbing-engine';
import { fetchUpstreamBytes } from '../openai-upstream';
import { decodeAnswer, decodeToPcm, trimSilence } from './pcm';
import { runProcess } from '../process';
import { ESPEAK_PREFIX, OPENAI_PREFIX, WORKERS_AI_PREFIX } from './voices';
import { meloSpeech, type WorkersAiEndpoint } from './workers-ai';

export interface SpeechEndpoint {
  url: string;
  key: string;
  model: string;
}

async function espeak(voice: string, text: string): Promise<Int16Array> {
  // Text goes through stdin: as an argument, a line starting with "-" would be read as an option.
  const { code, stdout, stderr } = await runProcess('espeak-ng', ['-v', voice, '--stdin', '--stdout'], text.replace(/\s+/g, ' '), 60_000);
  if (code !== 0 || stdout.length <= 44) throw new Error(`espeak-ng -v ${voice} failed (${code}): ${stderr.slice(0, 300)}`);
  return decodeToPcm(stdout);
}

/** An OpenAI-compatible `/audio/speech` endpoint; whatever goes wrong upstream is a 502 with the service's reason (openai-upstream.ts). */
async function openAiSpeech(endpoint: SpeechEndpoint, voice: string, text: string, fetchImpl: typeof fetch): Promise<Int16Array> {
  const audio = await fetchUpstreamBytes(
    'speech',
    `${endpoint.url.replace(/\/$/, '')}/audio/speech`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
      body: JSON.stringify({ model: endpoint.model, input: text, voice, response_format: 'wav' }),
    },
    fetchImpl,
  );
  return decodeAnswer('speech', audio);
}

/** The remote speech services configured; voices.ts lists a service's voices only when it is. */
export interface SpeechServices {
  openai: SpeechEndpoint | null;
  workersAi: WorkersAiEndpoint | null;
}

/** 24 kHz mono PCM16 of `text`, with the synthesiser's silent lead-in and tail removed. */
export async function synthesize(voice: Voice, text: string, services: SpeechServices, fetchImpl: typeof fetch = fetch): Promise<Int16Array> {
  if (voice.id.startsWith(OPENAI_PREFIX)) return trimSilence(await openAiSpeech(services.openai!, voice.id.slice(OPENAI_PREFIX.length), text, fetchImpl));
  if (voice.id.startsWith(WORKERS_AI_PREFIX))
    return trimSilence(await meloSpeech(services.workersAi!, voice.id.slice(WORKERS_AI_PREFIX.length), text, fetchImpl));
  return trimSilence(await espeak(voice.id.slice(ESPEAK_PREFIX.length), text));
}
