/**
 * FakeOpenAI: a stand-in for a remote OpenAI-compatible service (api.openai.com or a self-hosted Whisper /
 * LLM server), which cannot be reached from this machine. It is a real HTTP server that checks requests the
 * way the real API does — bearer key, multipart fields of /v1/audio/transcriptions, the JSON body of
 * /v1/chat/completions — and answers in the documented shapes, including the `{ error: { message, type,
 * param, code } }` errors. Having no model, it lets the test decide what it "hears" in an utterance (`hear`)
 * and what it "replies" to a chat (`reply`), and records every request so the test can inspect them. A chat
 * asked with `stream: true` is answered as the API streams: server-sent `chat.completion.chunk` events of
 * `streamPieceChars` characters each, then `data: [DONE]`; `holdStream()` keeps the rest back after the first.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedAudio {
  authorization: string | undefined;
  model: string;
  responseFormat: string;
  granularities: string[];
  language: string | null;
  /** The `prompt` field (Whisper's spelling hints), null when absent. */
  prompt: string | null;
  /** Length of the WAV received, in seconds. */
  seconds: number;
  /** Where the received audio is loud enough to be speech, in seconds from the WAV's start. */
  speech: { start: number; end: number } | null;
}

export interface ChatMessage {
  role: string;
  content: string;
}

export interface ReceivedChat {
  authorization: string | undefined;
  model: string;
  temperature: number | undefined;
  messages: ChatMessage[];
  /** `stream: true`: the reply as server-sent chunks. */
  stream: boolean;
  maxTokens: number | undefined;
  /** Structured output asked for: `{ type: 'json_schema', json_schema: { name, strict?, schema } }`, as OpenAI takes it. */
  responseFormat?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
}

export interface OpenAiError {
  status: number;
  message: string;
  type: string;
  code: string | null;
}

/** What the real service answers when it fails on its side. */
export const SERVER_ERROR: OpenAiError = {
  status: 500,
  message: 'The server had an error while processing your request. Sorry about that!',
  type: 'server_error',
  code: null,
};

const RATE = 16_000;
/** Whisper names the detected language in its verbose answer. */
const LANGUAGE_NAMES: Record<string, string> = { zh: 'chinese', ja: 'japanese', en: 'english', ko: 'korean', fr: 'french' };
const RESPONSE_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'];
const ROLES = ['system', 'developer', 'user', 'assistant'];

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

/** First and last 10 ms frame whose RMS is above -40 dBFS, in seconds; null for silence. */
export function speechExtent(pcm: Int16Array): { start: number; end: number } | null {
  const frame = RATE / 100;
  let first = -1;
  let last = -1;
  for (let f = 0; f * frame < pcm.length; f++) {
    let sum = 0;
    const end = Math.min(pcm.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += pcm[i]! * pcm[i]!;
    if (Math.sqrt(sum / (end - f * frame)) > 330) {
      if (first < 0) first = f;
      last = f;
    }
  }
  return first < 0 ? null : { start: (first * frame) / RATE, end: Math.min(pcm.length, (last + 1) * frame) / RATE };
}

/** The samples of a 16 kHz mono PCM16 WAV, walking its chunks as a real decoder would; throws on anything else. */
export function parseWav(bytes: Buffer): Int16Array {
  const bad = (why: string) =>
    new RequestError(400, `Invalid file format: ${why}. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']`, 'file');
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw bad('not a RIFF/WAVE file');
  let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      fmt = {
        format: bytes.readUInt16LE(body),
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw bad('data chunk before fmt chunk');
      if (fmt.format !== 1 || fmt.channels !== 1 || fmt.rate !== RATE || fmt.bits !== 16) {
        throw bad(`expected 16 kHz mono PCM16, got format ${fmt.format}, ${fmt.channels} channel(s), ${fmt.rate} Hz, ${fmt.bits} bits`);
      }
      if (size === 0 || body + size > bytes.length || size % 2) throw bad(`data chunk of ${size} bytes in a ${bytes.length}-byte file`);
      const copy = Buffer.from(bytes.subarray(body, body + size));
      return new Int16Array(copy.buffer, copy.byteOffset, size / 2);
    }
    at = body + size + (size % 2);
  }
  throw bad('no data chunk');
}

/** Whisper-style words: each Han or kana character on its own, other scripts split at spaces. */
function words(text: string): string[] {
  return text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{P}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu) ?? [];
}

const round = (s: number) => Math.round(s * 100) / 100;

export class FakeOpenAI {
  /** The key the service accepts; change it to play a revoked key. */
  key = 'sk-test-fake-openai-key';
  readonly audio: ReceivedAudio[] = [];
  readonly chats: ReceivedChat[] = [];
  /** What the model hears in an utterance. */
  hear: (audio: ReceivedAudio) => string = () => '';
  /** The assistant's message content for a chat. */
  reply: (chat: ReceivedChat) => string = () => '';
  /** Characters of the reply in each streamed chunk. */
  streamPieceChars = 8;
  private held: { released: Promise<void>; release: () => void } | null = null;
  private failures: (OpenAiError | 'drop')[] = [];
  private server: Server | null = null;
  /** Base URL as an OpenAI client takes it (…/v1). */
  url = '';

  /** The next requests fail this way, in order: an error answer, or the connection dropped without one. */
  failNext(...failures: (OpenAiError | 'drop')[]) {
    this.failures.push(...failures);
  }

  /** Streamed replies stop after their first chunk until the returned function is called. */
  holdStream(): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held = { released, release };
    return () => {
      this.held = null;
      release();
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (route !== 'POST /v1/audio/transcriptions' && route !== 'POST /v1/chat/completions') {
        throw new RequestError(404, `Invalid URL (${route})`);
      }
      this.authorize(req.headers.authorization);
      const failure = this.failures.shift();
      if (failure === 'drop') return void res.socket?.destroy();
      if (failure) throw new RequestError(failure.status, failure.message, null, failure.code, failure.type);
      const answer = route === 'POST /v1/chat/completions' ? this.chat(req, body) : await this.transcribe(req, body);
      if ('chunks' in answer && answer.chunks) return void (await this.sendChunks(res, answer.chunks));
      send(res, 200, answer);
    } catch (err) {
      // A fault of the fake itself still answers as the service would, so the test sees it instead of a hang.
      const e = err instanceof RequestError ? err : new RequestError(500, `FakeOpenAI failed: ${String(err)}`, null, null, 'server_error');
      send(res, e.status, { error: { message: e.message, type: e.type, param: e.param, code: e.code } });
    }
  }

  private async sendChunks(res: ServerResponse, chunks: unknown[]) {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    for (const [i, chunk] of chunks.entries()) {
      // Held after the role and the first piece of content.
      if (i === 2 && this.held) await this.held.released;
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  private authorize(header: string | undefined) {
    if (!header?.startsWith('Bearer ')) {
      throw new RequestError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
    }
    const given = header.slice(7);
    if (given !== this.key) {
      throw new RequestError(401, `Incorrect API key provided: ${given.slice(0, 3)}***${given.slice(-4)}.`, null, 'invalid_api_key');
    }
  }

  private async transcribe(req: IncomingMessage, body: Buffer) {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) throw new RequestError(400, 'Content-Type must be multipart/form-data');
    // undici's multipart parser, the same code path a real Node server would use.
    const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new RequestError(400, "Missing required parameter: 'file'.", 'file');
    const model = field('model');
    if (!model) throw new RequestError(400, "Missing required parameter: 'model'.", 'model');
    const responseFormat = field('response_format') ?? 'json';
    if (!RESPONSE_FORMATS.includes(responseFormat)) throw new RequestError(400, `Invalid response_format '${responseFormat}'.`, 'response_format');
    const granularities = form.getAll('timestamp_granularities[]').map(String);
    if (granularities.some((g) => g !== 'word' && g !== 'segment'))
      throw new RequestError(400, 'Invalid timestamp_granularities[].', 'timestamp_granularities');
    if (granularities.length && responseFormat !== 'verbose_json') {
      throw new RequestError(400, 'response_format must be set verbose_json to use timestamp granularities.', 'timestamp_granularities');
    }
    const language = field('language');
    if (language !== null && !/^[a-z]{2}$/.test(language)) {
      throw new RequestError(
        400,
        `Invalid language '${language}'. Language parameter must be specified in ISO-639-1 format.`,
        'language',
        'invalid_language_format',
      );
    }
    if (responseFormat !== 'verbose_json') throw new RequestError(400, `FakeOpenAI only speaks verbose_json, not ${responseFormat}`, 'response_format');
    const pcm = parseWav(Buffer.from(await file.arrayBuffer()));
    const heard: ReceivedAudio = {
      authorization: req.headers.authorization,
      model,
      responseFormat,
      granularities,
      language,
      prompt: field('prompt'),
      seconds: pcm.length / RATE,
      speech: speechExtent(pcm),
    };
    this.audio.push(heard);
    const text = this.hear(heard);
    const list = words(text);
    // Words spread evenly over the loud part, as a model aligns them to what it heard.
    const span = heard.speech ?? { start: 0, end: 0 };
    const step = (span.end - span.start) / Math.max(1, list.length);
    const timed = list.map((word, i) => ({ word, start: round(span.start + i * step), end: round(span.start + (i + 1) * step) }));
    const segment = {
      id: 0,
      seek: 0,
      start: round(span.start),
      end: round(span.end),
      text,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    };
    // Like the real service: words only when asked for, and a words-only request gets no segments.
    const wantWords = granularities.includes('word');
    const wantSegments = granularities.length === 0 || granularities.includes('segment');
    return {
      task: 'transcribe',
      language: LANGUAGE_NAMES[language ?? 'en'] ?? language,
      duration: round(heard.seconds),
      text,
      ...(wantWords ? { words: timed } : {}),
      ...(wantSegments ? { segments: text ? [segment] : [] } : {}),
    };
  }

  private chat(req: IncomingMessage, body: Buffer) {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw new RequestError(400, 'Content-Type must be application/json');
    let json: { model?: unknown; messages?: unknown; temperature?: unknown; response_format?: unknown; stream?: unknown; max_tokens?: unknown };
    try {
      json = JSON.parse(body.toString('utf8')) as typeof json;
    } catch {
      throw new RequestError(400, 'We could not parse the JSON body of your request.');
    }
    if (typeof json.model !== 'string' || !json.model) throw new RequestError(400, "Missing required parameter: 'model'.", 'model');
    const messages = json.messages;
    if (!Array.isArray(messages) || !messages.length) throw new RequestError(400, "Missing required parameter: 'messages'.", 'messages');
    messages.forEach((m: { role?: unknown; content?: unknown }, i) => {
      if (!ROLES.includes(m.role as string)) throw new RequestError(400, `Invalid value for 'messages[${i}].role'.`, `messages[${i}].role`);
      if (typeof m.content !== 'string') throw new RequestError(400, `Invalid type for 'messages[${i}].content'.`, `messages[${i}].content`);
    });
    const temperature = json.temperature;
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
      throw new RequestError(400, 'temperature must be between 0 and 2.', 'temperature');
    }
    const responseFormat = json.response_format === undefined ? undefined : checkResponseFormat(json.response_format);
    if (json.stream !== undefined && typeof json.stream !== 'boolean') throw new RequestError(400, "Invalid type for 'stream'.", 'stream');
    const maxTokens = json.max_tokens;
    if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1))
      throw new RequestError(400, "Invalid value for 'max_tokens'.", 'max_tokens');
    const chat: ReceivedChat = {
      authorization: req.headers.authorization,
      model: json.model,
      temperature,
      messages: messages as ChatMessage[],
      stream: json.stream === true,
      maxTokens: maxTokens as number | undefined,
      responseFormat,
    };
    this.chats.push(chat);
    const content = this.reply(chat);
    if (chat.stream) {
      const id = `chatcmpl-fake${this.chats.length}`;
      const chunk = (delta: Record<string, string>, finish: string | null) => ({
        id,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: json.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      });
      const pieces: string[] = [];
      for (let at = 0; at < content.length; at += this.streamPieceChars) pieces.push(content.slice(at, at + this.streamPieceChars));
      // As the API sends them: the role first, the content in pieces, then an empty delta that says why it stopped.
      return { chunks: [chunk({ role: 'assistant', content: '' }, null), ...pieces.map((p) => chunk({ content: p }, null)), chunk({}, 'stop')] };
    }
    return {
      id: `chatcmpl-fake${this.chats.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: json.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    };
  }
}

/** OpenAI's rules for `response_format`: a known type; a json_schema one names itself and holds a schema object. */
function checkResponseFormat(format: unknown): NonNullable<ReceivedChat['responseFormat']> {
  const f = format as ReceivedChat['responseFormat'];
  if (!f || !['text', 'json_object', 'json_schema'].includes(f.type))
    throw new RequestError(400, "Invalid value for 'response_format.type'.", 'response_format.type');
  if (f.type === 'json_schema') {
    const spec = f.json_schema;
    if (!spec || typeof spec.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) {
      throw new RequestError(400, "Missing or invalid 'response_format.json_schema.name'.", 'response_format.json_schema.name');
    }
    if (typeof spec.schema !== 'object' || spec.schema === null)
      throw new RequestError(400, "Invalid 'response_format.json_schema.schema'.", 'response_format.json_schema.schema');
  }
  return f;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
