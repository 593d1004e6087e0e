/**
 * Contract fakes of the two voice-cloning services the engine dubs with, for tests that cannot reach them.
 * Both keep every sample they were given, so a test can tell whose speech a clone was made from, and answer
 * real speech (espeak-ng) in the format the service documents.
 *
 * - FakeElevenLabs, ElevenLabs' API: every call needs the `xi-api-key` header (else 401 `{ detail: { status:
 *   'invalid_api_key', message } }`). `POST /v1/voices/add`, multipart with `name` and one or more `files`
 *   → `{ voice_id, requires_verification: false }`; `POST /v1/text-to-speech/{voice_id}`, JSON `{ text,
 *   model_id }` → audio/mpeg (MP3, the default output format), 404 `voice_not_found` for an unknown voice;
 *   `DELETE /v1/voices/{voice_id}` → `{ status: 'ok' }`.
 * - FakeReferenceSpeech, an OpenAI-compatible speech server that clones from a reference: `POST
 *   /v1/audio/speech`, multipart with `model`, `input`, `response_format` and the reference as the file
 *   `prompt_speech` with its transcript `prompt_text`; `Authorization: Bearer` when it has a key (else 401
 *   with OpenAI's `{ error: { message } }`) → audio/wav.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const run = promisify(execFile);

/** Speech for a text as the given format's bytes, from espeak-ng (through ffmpeg for MP3); run apart, so the engine in the same process goes on. */
async function speech(text: string, format: 'mp3' | 'wav'): Promise<Buffer> {
  const options = { encoding: 'buffer' as const, maxBuffer: 32 * 1024 * 1024 };
  if (format === 'wav') return (await run('espeak-ng', ['-v', 'en-us', '--stdout', text], options)).stdout;
  // ffmpeg reads espeak-ng's WAV from a pipe: `sh -c` joins the two without holding the WAV here.
  return (await run('sh', ['-c', 'espeak-ng -v en-us --stdout "$1" | ffmpeg -v error -i pipe:0 -f mp3 pipe:1', 'speech', text], options)).stdout;
}

/** The request as a fetch Request, so multipart bodies parse as a server framework would. */
async function asRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`http://fake${req.url}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'DELETE' ? undefined : body });
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const audio = (res: ServerResponse, type: string, bytes: Buffer) =>
  void res.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes);

abstract class FakeServer {
  private server: Server | null = null;
  url = '';

  protected abstract handle(req: Request, res: ServerResponse): Promise<void>;

  async start() {
    this.server = createServer((req, res) => {
      asRequest(req)
        .then((r) => this.handle(r, res))
        .catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export interface ClonedVoice {
  name: string;
  /** The sample files as sent. */
  files: Buffer[];
}

export class FakeElevenLabs extends FakeServer {
  readonly voices = new Map<string, ClonedVoice>();
  /** Each text-to-speech call: which voice said what, with which model. */
  readonly spoken: { voice: string; text: string; model: string }[] = [];
  readonly deleted: string[] = [];
  private next = 1;

  constructor(readonly key: string) {
    super();
  }

  protected async handle(req: Request, res: ServerResponse) {
    if (req.headers.get('xi-api-key') !== this.key) return json(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    const path = new URL(req.url).pathname;
    if (req.method === 'POST' && path === '/v1/voices/add') {
      const form = await req.formData();
      const name = form.get('name');
      const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
      if (typeof name !== 'string' || !name || files.length === 0)
        return json(res, 422, { detail: { status: 'invalid_request', message: 'name and files are required' } });
      const id = `fakevoice${this.next++}`;
      this.voices.set(id, { name, files: await Promise.all(files.map(async (f) => Buffer.from(await f.arrayBuffer()))) });
      return json(res, 200, { voice_id: id, requires_verification: false });
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && tts) {
      const voice = decodeURIComponent(tts[1]!);
      if (!this.voices.has(voice))
        return json(res, 404, { detail: { status: 'voice_not_found', message: `A voice with the voice_id ${voice} was not found.` } });
      const body = (await req.json()) as { text?: unknown; model_id?: unknown };
      if (typeof body.text !== 'string' || !body.text) return json(res, 422, { detail: { status: 'invalid_request', message: 'text is required' } });
      this.spoken.push({ voice, text: body.text, model: String(body.model_id) });
      return audio(res, 'audio/mpeg', await speech(body.text, 'mp3'));
    }
    const del = /^\/v1\/voices\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && del) {
      const voice = decodeURIComponent(del[1]!);
      if (!this.voices.delete(voice)) return json(res, 404, { detail: { status: 'voice_not_found', message: 'not found' } });
      this.deleted.push(voice);
      return json(res, 200, { status: 'ok' });
    }
    json(res, 404, { detail: { status: 'not_found', message: path } });
  }
}

export interface ReferenceCall {
  model: string;
  input: string;
  promptText: string;
  sample: Buffer;
}

export class FakeReferenceSpeech extends FakeServer {
  readonly calls: ReferenceCall[] = [];

  constructor(readonly key: string) {
    super();
  }

  protected async handle(req: Request, res: ServerResponse) {
    if (req.headers.get('authorization') !== `Bearer ${this.key}`) return json(res, 401, { error: { message: 'Incorrect API key provided' } });
    if (req.method !== 'POST' || new URL(req.url).pathname !== '/v1/audio/speech') return json(res, 404, { error: { message: 'not found' } });
    const form = await req.formData();
    const [model, input, format, promptText] = ['model', 'input', 'response_format', 'prompt_text'].map((k) => form.get(k));
    const sample = form.get('prompt_speech');
    if (typeof model !== 'string' || typeof input !== 'string' || !input || typeof promptText !== 'string' || typeof sample === 'string' || !sample)
      return json(res, 400, { error: { message: 'model, input, prompt_text and the prompt_speech file are required' } });
    if (format !== 'wav') return json(res, 400, { error: { message: 'this server answers wav only' } });
    this.calls.push({ model, input, promptText, sample: Buffer.from(await sample.arrayBuffer()) });
    audio(res, 'audio/wav', await speech(input, 'wav'));
  }
}
