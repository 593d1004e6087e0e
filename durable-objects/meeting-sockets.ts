import type { Locale } from '../contracts/locale';
import type { ServerMessage, SocketProblem, SocketRole } from '../contracts/meeting';
import { translate, type MessageKey, type MessageParams } from '../worker/lib/i18n';

/**
 * The room's sockets (hibernation API): each carries its role (also its tag) and its viewer's choices in its
 * attachment, so they survive hibernation. Sending never throws — a socket that closed meanwhile is tidied
 * up by its close handler — and problems go out in each socket's own language.
 */

export interface Attachment {
  role: SocketRole;
  locale: Locale;
  /** The translation language this viewer wants, if any. */
  language: string | null;
}

export class RoomSockets {
  constructor(private readonly ctx: DurableObjectState) {}

  accept(ws: WebSocket, attachment: Attachment) {
    this.ctx.acceptWebSocket(ws, [attachment.role]);
    ws.serializeAttachment(attachment);
  }

  attachment(ws: WebSocket): Attachment {
    return ws.deserializeAttachment() as Attachment;
  }

  choose(ws: WebSocket, language: string | null) {
    ws.serializeAttachment({ ...this.attachment(ws), language });
  }

  all() {
    return this.ctx.getWebSockets();
  }

  /** Open sockets of a role, leaving out one that is closing. */
  open(role: SocketRole, except?: WebSocket) {
    return this.ctx.getWebSockets(role).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  /** The translation languages viewers chose, leaving out one socket's. */
  picks(except?: WebSocket) {
    return this.all().flatMap((ws) => (ws === except ? [] : (this.attachment(ws).language ?? [])));
  }

  problem(ws: WebSocket, code: number, key: MessageKey, params?: MessageParams): SocketProblem {
    return { code, msg: translate(this.attachment(ws).locale, key, params) };
  }

  refuse(ws: WebSocket, code: number, key: MessageKey, params?: MessageParams) {
    this.send(ws, { type: 'error', ...this.problem(ws, code, key, params) });
  }

  send(ws: WebSocket, msg: ServerMessage) {
    try {
      ws.send(JSON.stringify(msg));
    } catch {
      // The socket closed meanwhile; its close handler tidies up.
    }
  }

  broadcast(msg: ServerMessage) {
    const data = JSON.stringify(msg);
    for (const ws of this.all()) {
      try {
        ws.send(data);
      } catch {
        // As in send().
      }
    }
  }

  /** Each socket gets a message of its own (in its language, say). */
  each(message: (me: Attachment) => ServerMessage) {
    for (const ws of this.all()) this.send(ws, message(this.attachment(ws)));
  }

  broadcastViewers(except?: WebSocket) {
    this.broadcast({ type: 'viewers', participants: this.open('participant', except).length, projections: this.open('projection', except).length });
  }

  close(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  closeAll(code: number, reason: string) {
    for (const ws of this.all()) this.close(ws, code, reason);
  }
}
