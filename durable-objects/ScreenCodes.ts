import { DurableObject } from 'cloudflare:workers';
import { MEETING } from '../contracts/meeting-limits';

/**
 * ScreenCodes — one instance (named `all`). Its duties: hand out six-digit projection codes that are unique
 * among live meetings (one code per meeting; asking again returns the same code), resolve a code to its
 * meeting, and free a meeting's code when the meeting ends so the digits can serve another.
 */
export class ScreenCodes extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS codes (
      code TEXT PRIMARY KEY, meeting_id INTEGER NOT NULL UNIQUE, created_at INTEGER NOT NULL)`);
  }

  allocate(meetingId: number): string {
    const sql = this.ctx.storage.sql;
    const existing = sql.exec<{ code: string }>('SELECT code FROM codes WHERE meeting_id = ?', meetingId).toArray()[0];
    if (existing) return existing.code;
    // A million codes against at most thousands live: a free one is found in a try or two.
    for (;;) {
      const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10 ** MEETING.screenCodeLength).padStart(MEETING.screenCodeLength, '0');
      if (sql.exec('SELECT 1 FROM codes WHERE code = ?', code).toArray().length) continue;
      sql.exec('INSERT INTO codes (code, meeting_id, created_at) VALUES (?, ?, ?)', code, meetingId, Date.now());
      return code;
    }
  }

  resolve(code: string): number | null {
    return this.ctx.storage.sql.exec<{ meeting_id: number }>('SELECT meeting_id FROM codes WHERE code = ?', code).toArray()[0]?.meeting_id ?? null;
  }

  release(meetingId: number) {
    this.ctx.storage.sql.exec('DELETE FROM codes WHERE meeting_id = ?', meetingId);
  }
}
