import { type Server, createServer } from 'node:http';

/**
 * A webhook receiver on this machine for the Worker suite (started by global-setup.ts, in Node, since a test
 * inside workerd cannot listen). It keeps every POST it gets, per path, with its headers and exact body, and
 * answers 200 — or, on a path `/fail/<n>/…`, 500 to the first n requests and 200 after. `GET /received?path=…`
 * answers what that path got, so a test can verify each request itself.
 */
interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}

export async function startWebhookReceiver(port: number): Promise<Server> {
  const received = new Map<string, Received[]>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(received.get(url.searchParams.get('path') ?? '') ?? []));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const list = received.get(url.pathname) ?? [];
      const failures = Number(url.pathname.match(/^\/fail\/(\d+)\//)?.[1] ?? 0);
      const status = list.length < failures ? 500 : 200;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      list.push({ headers, body: Buffer.concat(chunks).toString('utf8'), status });
      received.set(url.pathname, list);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
