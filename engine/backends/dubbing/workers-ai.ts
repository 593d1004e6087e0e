/**
 * Workers AI's MeloTTS (`@cf/myshell-ai/melotts`) through Cloudflare's REST API, for an engine deployed
 * beside the Worker in production: `POST {api}/accounts/{account}/ai/run/@cf/myshell-ai/melotts` with a
 * bearer API token and `{ prompt, lang }`; the answer is Cloudflare's envelope `{ success, errors, result:
 * { audio } }` with the speech as base64 MP3. MeloTTS has one voice per language.
 */
import { EngineHttpError } from '../../http';
import { decodeToPcm } from './pcm';

export const MELOTTS_MODEL = '@cf/myshell-ai/melotts';
export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

export interface WorkersAiEndpoint {
  /** The REST API base: Cloudflare's, or a stand-in speaking the same contract. */
  api: string;
  accountId: string;
  token: string;
}

/** App language → MeloTTS `lang`: the languages MeloTTS speaks. */
export const MELOTTS_LANGUAGES: Readonly<Record<string, string>> = {
  'en-US': 'en',
  'en-GB': 'en',
  'es-ES': 'es',
  'es-MX': 'es',
  'fr-FR': 'fr',
  'zh-CN': 'zh',
  'zh-TW': 'zh',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
};

interface Envelope {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: { audio?: unknown };
}

/** 24 kHz mono PCM16 of `text` spoken by MeloTTS in `lang`; upstream failures are a 502 with Cloudflare's reason. */
export async function meloSpeech(endpoint: WorkersAiEndpoint, lang: string, text: string, fetchImpl: typeof fetch): Promise<Int16Array> {
  const url = `${endpoint.api.replace(/\/$/, '')}/accounts/${encodeURIComponent(endpoint.accountId)}/ai/run/${MELOTTS_MODEL}`;
  const fail = (detail: string) => new EngineHttpError(502, 'upstream', `Workers AI ${detail}`);
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.token}` },
      body: JSON.stringify({ prompt: text, lang }),
    });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    throw fail(`could not be reached: ${cause?.message ?? String(err)}`);
  }
  const body = (await res.json().catch(() => null)) as Envelope | null;
  const audio = body?.result?.audio;
  if (!res.ok || !body?.success || typeof audio !== 'string') {
    const why = body?.errors
      ?.map((e) => e.message)
      .filter(Boolean)
      .join('; ');
    throw fail(`answered ${res.status}${why ? `: ${why.slice(0, 300)}` : ''}`);
  }
  try {
    return await decodeToPcm(Buffer.from(audio, 'base64'));
  } catch (err) {
    throw fail(`answered audio that could not be decoded (${(err as Error).message})`);
  }
}
