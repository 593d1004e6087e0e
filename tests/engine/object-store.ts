/**
 * Object storage as the engine meets it through presigned URLs (R2 cannot be reached here): GET with byte
 * ranges, and PUT, by path. A test can hold a request to a key (the engine is then "in the middle" of storing or
 * reading it, for as long as the test wants) and count the PUTs each key received.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Hold {
  /** Resolves once a request for the key arrived and is being held. */
  reached: Promise<void>;
  release(): void;
}

export async function objectStore() {
  const objects = new Map<string, Buffer>();
  const puts = new Map<string, number>();
  const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();

  /** Waits while a hold is set on this method and key (taken by the first request only). */
  async function held(req: IncomingMessage, key: string) {
    const hold = holds.get(`${req.method} ${key}`);
    if (!hold) return;
    holds.delete(`${req.method} ${key}`);
    hold.arrived();
    await hold.released;
  }

  const server: Server = createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url!, 'http://store').pathname.slice(1));
    if (req.method === 'PUT') {
      if (req.headers['content-length'] === undefined) return void res.writeHead(411).end();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await held(req, key);
      objects.set(key, Buffer.concat(chunks));
      puts.set(key, (puts.get(key) ?? 0) + 1);
      return void res.writeHead(200).end();
    }
    await held(req, key);
    const body = objects.get(key);
    if (!body) return void res.writeHead(404).end();
    // Byte ranges as S3 serves them: ffmpeg seeks into a stored WAV with them.
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) return void res.writeHead(200, { 'content-length': body.length, 'accept-ranges': 'bytes' }).end(body);
    const from = Number(range[1]);
    const to = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    if (from >= body.length) return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    const part = body.subarray(from, to + 1);
    res.writeHead(206, { 'content-length': part.length, 'content-range': `bytes ${from}-${to}/${body.length}`, 'accept-ranges': 'bytes' }).end(part);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    objects,
    /** PUTs that completed, per key. */
    puts,
    url: (key: string) => `${base}/${key}`,
    /** Holds the next `method` request to `key` (a PUT is held after its body arrived, before it is stored). */
    hold(method: 'GET' | 'PUT', key: string): Hold {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(`${method} ${key}`, { arrived, released });
      return { reached, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves once `check` answers a value, looking again while it answers undefined. */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
