/**
 * Calls to OpenAI-compatible services (and the speech services shaped like them), shared by the backends: a
 * JSON answer, a streamed chat answer or an audio answer.
 * Whatever goes wrong there (unreachable, refused, a broken answer) reaches the engine's caller as a 502 with
 * the service's own reason, so a revoked key can be told from an outage, and never as an internal error.
 */
import { chatStreamTexts } from '../../contracts/server-events';
import { EngineHttpError } from '../http';

export async function callOpenAi<T>(what: string, url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<T> {
  const res = await reach(what, url, init, fetchImpl);
  const body = await res.text().catch(() => '');
  try {
    return JSON.parse(body) as T;
  } catch {
    throw upstreamError(what, `answered ${res.status} with a body that is not JSON`);
  }
}

const upstreamError = (what: string, detail: string) => new EngineHttpError(502, 'upstream', `${what} endpoint ${detail}`);

/** The service's successful response, its body unread; a failure to reach it or a refusal is a 502 with the reason. */
async function reach(what: string, url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Response> {
  let res: Response;
  try {
    res = await fetchImpl(url, init);
  } catch (err) {
    // fetch keeps the socket-level reason (refused, reset, DNS) in `cause`.
    const cause = (err as { cause?: { message?: string } }).cause;
    throw upstreamError(what, `${new URL(url).host} failed: ${cause?.message ?? String(err)}`);
  }
  if (!res.ok) {
    const why = reason(await res.text().catch(() => ''));
    throw upstreamError(what, `answered ${res.status}${why ? `: ${why}` : ''}`);
  }
  return res;
}

/** A binary answer (audio), under the same failure mapping. */
export async function fetchUpstreamBytes(what: string, url: string, init: RequestInit, fetchImpl: typeof fetch): Promise<Buffer> {
  const res = await reach(what, url, init, fetchImpl);
  try {
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw upstreamError(what, `answer could not be read (${(err as Error).message})`);
  }
}

/** OpenAI's `{ error: { message } }` (ElevenLabs' `{ detail: { message } }`), or the start of whatever else a proxy in between answered. */
function reason(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown }; detail?: { message?: unknown } };
    const message = parsed.error?.message ?? parsed.detail?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export interface ChatEndpoint {
  url: string;
  key: string;
  model: string;
}

const chatRequest = (endpoint: ChatEndpoint, body: Record<string, unknown>): [string, RequestInit] => [
  `${endpoint.url.replace(/\/$/, '')}/chat/completions`,
  {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
    body: JSON.stringify({ model: endpoint.model, ...body }),
  },
];

/** The assistant's text from one `/chat/completions` call ('' when the answer holds none). */
export async function chatCompletion(
  what: string,
  endpoint: ChatEndpoint,
  messages: { role: string; content: string }[],
  temperature: number,
  fetchImpl: typeof fetch,
  /** More of the request body, e.g. `response_format` for structured output. */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const json = await callOpenAi<{ choices?: { message?: { content?: string } }[] }>(
    what,
    ...chatRequest(endpoint, { temperature, messages, ...extra }),
    fetchImpl,
  );
  return json.choices?.[0]?.message?.content ?? '';
}

/**
 * The assistant's text in the pieces the service streams it (`stream: true`: server-sent `chat.completion.chunk`
 * events ending with `[DONE]`). A refusal before the first piece is a 502 like any call's.
 */
export async function* chatCompletionStream(
  what: string,
  endpoint: ChatEndpoint,
  messages: { role: string; content: string }[],
  temperature: number,
  fetchImpl: typeof fetch,
  extra: Record<string, unknown> = {},
): AsyncIterable<string> {
  const res = await reach(what, ...chatRequest(endpoint, { temperature, messages, stream: true, ...extra }), fetchImpl);
  if (!res.body) throw upstreamError(what, `answered ${res.status} with no body`);
  yield* chatStreamTexts(res.body);
}
