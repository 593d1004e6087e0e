import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { http } from '../../../web/lib/request';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** The raw request body ('' when none). */
  body: string;
}

export interface Reply {
  status?: number;
  /** Serialized as JSON unless a string. */
  body?: unknown;
  contentType?: string;
  /** More response headers, readable by the page's scripts (e.g. Content-Disposition of a download). */
  headers?: Record<string, string>;
  delayMs?: number;
  /** The body sent piece by piece as each comes (a streamed answer), instead of `body`. */
  pieces?: AsyncIterable<string>;
}

export type Handler = (request: RecordedRequest) => Reply;

/**
 * A real HTTP server on 127.0.0.1 for the request-layer tests. It answers jsdom's CORS preflights (the
 * test page's origin differs), records every request and replies with what the current handler says.
 */
export async function startApiServer() {
  let handler: Handler = () => ({ body: { code: 200, msg: 'ok', data: null } });
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '');
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      respond(res, handler(recorded));
    });
  });

  function respond(res: ServerResponse, reply: Reply) {
    const send = () => {
      if (res.destroyed) return;
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
      const extra = reply.headers ?? {};
      res.writeHead(reply.status ?? 200, {
        'Content-Type': reply.contentType ?? 'application/json',
        ...extra,
        // The test page's origin differs: without this, CORS hides every header but the safelisted ones.
        'Access-Control-Expose-Headers': Object.keys(extra).join(', '),
      });
      if (reply.pieces) void writePieces(res, reply.pieces);
      else res.end(body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reply(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function writePieces(res: ServerResponse, pieces: AsyncIterable<string>) {
  for await (const piece of pieces) if (!res.destroyed) res.write(piece);
  res.end();
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

/**
 * One API server per test file, with the web app's request layer pointed at it: started before the
 * file's tests, closed after them. Read the returned handle only inside tests and hooks.
 */
export function useApiServer(): ApiServer {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await startApiServer();
    http.defaults.baseURL = `${server.origin}/prod-api`;
  });
  afterAll(() => server?.close());
  const current = () => {
    if (!server) throw new Error('useApiServer: the server starts in beforeAll; use it inside tests or hooks');
    return server;
  };
  return {
    get origin() {
      return current().origin;
    },
    get requests() {
      return current().requests;
    },
    reply: (next) => current().reply(next),
    close: () => current().close(),
  };
}
