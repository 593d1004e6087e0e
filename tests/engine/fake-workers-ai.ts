/**
 * FakeWorkersAi: a stand-in for Cloudflare's REST API running `@cf/myshell-ai/melotts`, which cannot be
 * reached from this machine. It is a real HTTP server that checks requests as the real API does — the
 * account path, the bearer API token, the model name, the `{ prompt, lang }` body — and answers in
 * Cloudflare's envelope (`{ success, errors, messages, result }`), with `result.audio` a base64 MP3. Having
 * no model, it speaks the prompt with espeak-ng, so the audio really holds the words asked for.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MELO_LANGS: Record<string, string> = { en: 'en-us', es: 'es', fr: 'fr-fr', zh: 'cmn', ja: 'ja', ko: 'ko' };

export interface MeloRequest {
  prompt: string;
  lang: string;
}

export class FakeWorkersAi {
  readonly received: MeloRequest[] = [];
  private server: Server | null = null;

  constructor(
    readonly accountId: string,
    readonly token: string,
  ) {}

  get api() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/client/v4`;
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  close() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: number, message: string) => send(status, { success: false, errors: [{ code, message }], messages: [], result: null });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);

    if (req.headers.authorization !== `Bearer ${this.token}`) return refuse(401, 10000, 'Authentication error');
    if (req.method !== 'POST' || req.url !== `/client/v4/accounts/${this.accountId}/ai/run/@cf/myshell-ai/melotts`) {
      return refuse(404, 7003, 'No route for that URI');
    }
    let body: Partial<MeloRequest>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return refuse(400, 5006, 'Invalid JSON');
    }
    if (typeof body.prompt !== 'string' || body.prompt.length === 0) return refuse(400, 5006, "Type mismatch of '/prompt', 'string' not in 'required'");
    const lang = body.lang ?? 'en';
    const voice = MELO_LANGS[lang];
    if (!voice) return refuse(400, 5006, `Unsupported lang '${lang}'`);
    this.received.push({ prompt: body.prompt, lang });
    const wav = execFileSync('espeak-ng', ['-v', voice, '--stdin', '--stdout'], { input: body.prompt });
    const mp3 = execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'mp3', 'pipe:1'], { input: wav });
    send(200, { success: true, errors: [], messages: [], result: { audio: mp3.toString('base64') } });
  }
}
