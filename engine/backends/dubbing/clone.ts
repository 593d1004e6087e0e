/**
 * Speaking in a speaker's own voice (original-voice dubbing): the speaker's sample cut from the video with
 * ffmpeg, then either ElevenLabs' instant voice cloning (a voice id kept by ElevenLabs until deleted) or an
 * OpenAI-compatible speech endpoint that is given the sample and its transcript with every line (CosyVoice,
 * F5-TTS and GPT-SoVITS servers). Which one is the engine's configuration; neither is used without it.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { CloneProvider, cloneSpec, Voice } from '../../../contracts/dubbing-engine';
import { badRequest, EngineHttpError } from '../../http';
import { fetchBytes, putBytes } from '../media/transfer';
import { fetchUpstreamBytes } from '../openai-upstream';
import { runProcess } from '../process';
import { decodeAnswer, TTS_RATE } from './pcm';

type CloneSpec = z.output<typeof cloneSpec>;

export interface ElevenLabsEndpoint {
  /** `https://api.elevenlabs.io` */
  url: string;
  key: string;
  /** `model_id` of text to speech, e.g. `eleven_multilingual_v2`. */
  model: string;
}

/** An OpenAI-compatible `/audio/speech` endpoint that clones from a reference sample sent with the request. */
export interface ReferenceSpeechEndpoint {
  url: string;
  key: string;
  model: string;
}

export interface CloneServices {
  elevenLabs: ElevenLabsEndpoint | null;
  referenceSpeech: ReferenceSpeechEndpoint | null;
}

export const ELEVENLABS_PREFIX = 'elevenlabs:';
export const REFERENCE_PREFIX = 'reference:';

/** The provider clones are made with: ElevenLabs first when both are configured (its clone is made once per speaker). */
export const cloneProvider = (services: CloneServices): CloneProvider | null =>
  services.elevenLabs ? 'elevenlabs' : services.referenceSpeech ? 'reference' : null;

/** A reference sample and what is said in it, for the reference endpoint. */
export interface ReferenceSample {
  wav: Buffer;
  text: string;
}

/** A clone ready to speak: the voice lines resolve to, and the provider's id for the Worker to keep. */
export interface PreparedClone {
  voice: Voice;
  providerVoice: string | null;
}

const base = (url: string) => url.replace(/\/$/, '');
const trimmed = (segments: CloneSpec['segments']) => segments.filter((s) => s.end > s.start);

/**
 * The segments of `video` joined into one 24 kHz mono WAV: the speaker's own clean speech. `aselect` keeps
 * only the samples inside a segment and `asetpts` closes the gaps between them.
 */
export async function cutSample(video: string, segments: CloneSpec['segments']): Promise<Buffer> {
  const inside = trimmed(segments)
    .map((s) => `between(t\\,${s.start.toFixed(3)}\\,${s.end.toFixed(3)})`)
    .join('+');
  const { code, stdout, stderr } = await runProcess(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-i', video, '-vn', '-af', `aselect='${inside}',asetpts=N/SR/TB`, '-ac', '1', '-ar', String(TTS_RATE), '-f', 'wav', 'pipe:1'],
    null,
    120_000,
  );
  if (code !== 0 || stdout.length <= 44) throw new EngineHttpError(422, 'unreadable_media', `the speaker's sample could not be cut: ${stderr.split('\n')[0]}`);
  return stdout;
}

/** ElevenLabs `POST /v1/voices/add` (multipart `name`, `files`): answers the new voice's id. */
async function addElevenLabsVoice(endpoint: ElevenLabsEndpoint, name: string, sample: Buffer, fetchImpl: typeof fetch): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  form.append('files', new Blob([new Uint8Array(sample)], { type: 'audio/wav' }), 'sample.wav');
  const bytes = await fetchUpstreamBytes(
    'ElevenLabs voice cloning',
    `${base(endpoint.url)}/v1/voices/add`,
    { method: 'POST', headers: { 'xi-api-key': endpoint.key }, body: form },
    fetchImpl,
  );
  const id = (JSON.parse(bytes.toString('utf8') || '{}') as { voice_id?: unknown }).voice_id;
  if (typeof id !== 'string' || !id) throw new EngineHttpError(502, 'upstream', 'ElevenLabs voice cloning endpoint answered no voice_id');
  return id;
}

/** ElevenLabs `POST /v1/text-to-speech/{voice_id}` (JSON `text`, `model_id`): MP3 by default, decoded here. */
async function elevenLabsSpeech(endpoint: ElevenLabsEndpoint, voiceId: string, text: string, fetchImpl: typeof fetch): Promise<Int16Array> {
  const audio = await fetchUpstreamBytes(
    'ElevenLabs speech',
    `${base(endpoint.url)}/v1/text-to-speech/${encodeURIComponent(voiceId)}`,
    {
      method: 'POST',
      headers: { 'xi-api-key': endpoint.key, 'content-type': 'application/json', accept: 'audio/mpeg' },
      body: JSON.stringify({ text, model_id: endpoint.model }),
    },
    fetchImpl,
  );
  return decodeAnswer('ElevenLabs speech', audio);
}

/**
 * `POST {url}/audio/speech` as multipart form data: OpenAI's `model`, `input` and `response_format` (wav), with
 * the reference sample as the file `prompt_speech` and its transcript as `prompt_text` (the names CosyVoice
 * gives its zero-shot prompt). A server that takes the reference another way needs a small adapter in front.
 */
async function referenceSpeech(endpoint: ReferenceSpeechEndpoint, sample: ReferenceSample, text: string, fetchImpl: typeof fetch): Promise<Int16Array> {
  const form = new FormData();
  form.set('model', endpoint.model);
  form.set('input', text);
  form.set('response_format', 'wav');
  form.set('prompt_text', sample.text);
  form.set('prompt_speech', new Blob([new Uint8Array(sample.wav)], { type: 'audio/wav' }), 'prompt.wav');
  const audio = await fetchUpstreamBytes(
    'reference speech',
    `${base(endpoint.url)}/audio/speech`,
    { method: 'POST', headers: endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}, body: form },
    fetchImpl,
  );
  return decodeAnswer('reference speech', audio);
}

/** Deletes ElevenLabs voices; one ElevenLabs no longer has counts as deleted. Answers how many are gone. */
export async function deleteClones(services: CloneServices, provider: CloneProvider, voices: string[], fetchImpl: typeof fetch): Promise<number> {
  // A reference clone is only its sample, which the Worker deletes with the project.
  if (provider !== 'elevenlabs') return voices.length;
  const endpoint = services.elevenLabs;
  if (!endpoint) throw badRequest('ElevenLabs is not configured on this engine');
  let deleted = 0;
  for (const id of voices) {
    const res = await fetchImpl(`${base(endpoint.url)}/v1/voices/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': endpoint.key },
    }).catch(() => null);
    await res?.body?.cancel();
    if (res && (res.ok || res.status === 404)) deleted++;
  }
  return deleted;
}

/**
 * The voices of a render's clones. Each speaker's sample is read from its store, or cut from the video and
 * stored, so every later render clones from the very same speech; an ElevenLabs clone an earlier render made
 * is used again by its id.
 */
export class Clones {
  private readonly samples = new Map<string, ReferenceSample>();

  constructor(
    private readonly services: CloneServices,
    private readonly fetchImpl: typeof fetch,
  ) {}

  async prepare(specs: CloneSpec[], video: string, language: string): Promise<Map<string, PreparedClone>> {
    const prepared = new Map<string, PreparedClone>();
    for (const spec of specs) {
      const stored = await fetchBytes(spec.sample.get);
      const wav = stored && stored.length > 44 ? stored : await cutSample(video, spec.segments);
      if (wav !== stored) await putBytes(spec.sample.put, wav);
      if (spec.provider === 'elevenlabs') {
        const endpoint = this.services.elevenLabs;
        if (!endpoint) throw badRequest('ElevenLabs is not configured on this engine');
        const id = spec.providerVoice ?? (await addElevenLabsVoice(endpoint, spec.name, wav, this.fetchImpl));
        prepared.set(spec.voice, { voice: cloneVoice(`${ELEVENLABS_PREFIX}${id}`, spec, language, 'elevenlabs'), providerVoice: id });
      } else {
        if (!this.services.referenceSpeech) throw badRequest('no reference speech endpoint is configured on this engine');
        // The sample's digest names the voice, so the speech cache never mixes two speakers' lines.
        const id = `${REFERENCE_PREFIX}${createHash('sha256').update(wav).update(spec.text).digest('hex').slice(0, 24)}`;
        this.samples.set(id, { wav, text: spec.text });
        prepared.set(spec.voice, { voice: cloneVoice(id, spec, language, 'reference'), providerVoice: null });
      }
    }
    return prepared;
  }

  /** Whether `voice` is a clone this object speaks. */
  speaks(voice: Voice): boolean {
    return voice.id.startsWith(ELEVENLABS_PREFIX) || this.samples.has(voice.id);
  }

  speak(voice: Voice, text: string): Promise<Int16Array> {
    if (voice.id.startsWith(ELEVENLABS_PREFIX))
      return elevenLabsSpeech(this.services.elevenLabs!, voice.id.slice(ELEVENLABS_PREFIX.length), text, this.fetchImpl);
    return referenceSpeech(this.services.referenceSpeech!, this.samples.get(voice.id)!, text, this.fetchImpl);
  }
}

const cloneVoice = (id: string, spec: CloneSpec, language: string, backend: CloneProvider): Voice => ({
  id,
  name: spec.name,
  language,
  gender: 'neutral',
  backend,
});
