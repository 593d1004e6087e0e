import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { HEARTBEAT, audioFrame, type ServerMessage, type SocketAccess } from '../../contracts/meeting';

/** Meeting-room sockets from the outside, for the suites that drive a live meeting. */

/** A client socket on the room, collecting what it receives. */
export async function connect(access: SocketAccess) {
  const res = await exports.default.fetch(
    new Request(`http://tingyi.test/prod-api${access.path}?ticket=${encodeURIComponent(access.ticket)}`, { headers: { upgrade: 'websocket' } }),
  );
  const ws = res.webSocket!;
  expect(ws, `status ${res.status}`).toBeTruthy();
  const messages: ServerMessage[] = [];
  const closed: { code?: number } = {};
  let pongs = 0;
  ws.addEventListener('message', (e) => {
    if (e.data === HEARTBEAT.pong) pongs++;
    else messages.push(JSON.parse(e.data as string) as ServerMessage);
  });
  ws.addEventListener('close', (e) => {
    closed.code = e.code;
  });
  ws.accept();
  const waitFor = async <T extends ServerMessage['type']>(
    type: T,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((m): m is Extract<ServerMessage, { type: T }> => m.type === type && match(m as Extract<ServerMessage, { type: T }>));
      if (found) return found;
      if (Date.now() > until) throw new Error(`no ${type} message; got ${messages.map((m) => m.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const waitClosed = async (timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (closed.code === undefined) {
      if (Date.now() > until) throw new Error('socket still open');
      await new Promise((r) => setTimeout(r, 20));
    }
    return closed.code;
  };
  // Every message is numbered on its socket, as the browser does (see contracts/meeting.ts).
  let sent = 0;
  const send = (message: object) => ws.send(JSON.stringify({ ...message, n: sent++ }));
  const audio = (pcm: Uint8Array) => ws.send(audioFrame(sent++, pcm.slice().buffer));
  return { ws, messages, waitFor, waitClosed, pongs: () => pongs, send, audio, control: (action: string) => send({ type: 'control', action }) };
}
