import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../contracts/meeting';
import { RoomSockets } from '../../durable-objects/meeting-sockets';
import { inRoomStorage } from './room-parts';

/** The room's sockets (durable-objects/meeting-sockets.ts) on a real Durable Object's hibernation API. */

/** A client end that collects what the room sends it. */
function client(ws: WebSocket) {
  const got: ServerMessage[] = [];
  ws.accept();
  ws.addEventListener('message', (e) => got.push(JSON.parse(e.data as string) as ServerMessage));
  return got;
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
};

describe('room sockets', () => {
  it("keep each socket's role and pick on it, count viewers, and speak to each in its own language", async () => {
    await inRoomStorage(async (state) => {
      const sockets = new RoomSockets(state);
      const host = new WebSocketPair();
      const viewer = new WebSocketPair();
      const screen = new WebSocketPair();
      sockets.accept(host[1], { role: 'host', locale: 'en-US', language: null });
      sockets.accept(viewer[1], { role: 'participant', locale: 'zh-CN', language: null });
      sockets.accept(screen[1], { role: 'projection', locale: 'en-US', language: null });
      const [hostGot, viewerGot, screenGot] = [client(host[0]), client(viewer[0]), client(screen[0])];

      sockets.choose(viewer[1], 'es-ES');
      sockets.choose(screen[1], 'fr-FR');
      expect(sockets.attachment(viewer[1])).toEqual({ role: 'participant', locale: 'zh-CN', language: 'es-ES' });
      expect(sockets.picks().sort()).toEqual(['es-ES', 'fr-FR']);
      expect(sockets.picks(viewer[1])).toEqual(['fr-FR']);
      expect(sockets.open('participant')).toHaveLength(1);

      sockets.broadcastViewers(screen[1]);
      await until(() => hostGot.length === 1 && viewerGot.length === 1 && screenGot.length === 1);
      expect(hostGot[0]).toEqual({ type: 'viewers', participants: 1, projections: 0 });

      sockets.refuse(viewer[1], 409, 'hostOnly');
      sockets.refuse(host[1], 409, 'hostOnly');
      await until(() => viewerGot.length === 2 && hostGot.length === 2);
      expect(viewerGot[1]).toMatchObject({ type: 'error', code: 409, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
      expect(hostGot[1]).toMatchObject({ type: 'error', code: 409, msg: expect.stringMatching(/^[\x20-\x7e]+$/) });

      // Closing twice, or sending to a closed socket, throws nothing.
      sockets.close(screen[1], 1000, '');
      sockets.close(screen[1], 1000, '');
      sockets.send(screen[1], { type: 'lag', seconds: 1 });
      expect(sockets.open('projection')).toHaveLength(0);
    });
  });
});
