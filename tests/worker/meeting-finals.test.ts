import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../contracts/meeting';
import { MeetingFinals } from '../../durable-objects/meeting-finals';
import { RoomTimers } from '../../durable-objects/meeting-timers';
import { signUp } from './api';
import { roomState, inRoomStorage } from './room-parts';
import { createRecord, defaultFolderId } from './seed';

/** A meeting's finals (durable-objects/meeting-finals.ts): numbered, labelled, masked, broadcast, written to D1 once. */

describe('meeting finals', () => {
  it('stores each final masked and labelled, tells the sockets, and writes every change to the record once', async () => {
    const { token, userId } = await signUp();
    const record = await createRecord(userId, await defaultFolderId(token), { type: 'meeting', status: 'in_progress', durationMs: 0 });
    const room = roomState({ id: record.id, userId, durationMs: 10_000 }, { hotwords: [], terms: [], sensitive: ['launch code'] });
    const sent: ServerMessage[] = [];
    await inRoomStorage(async (state) => {
      const timers = new RoomTimers(
        state.storage,
        () => room.meta.timers,
        () => room.save(),
      );
      const finals = new MeetingFinals(state.storage.sql, env, room, timers, (msg) => void sent.push(msg));

      const line = await finals.add({ start: 1, end: 2.5, text: ' The launch code is ready ', speaker: '1' }, true);
      expect(line).toMatchObject({ seq: 0, start: 1000, end: 2500, speaker: 'Speaker 1', translations: {} });
      expect(line.text).not.toMatch(/launch/i);
      expect(line.text).toMatch(/^The \*+ is ready$/);
      expect(sent).toEqual([{ type: 'final', line }]);
      expect(room.meta.nextSeq).toBe(1);
      // The flush waits on the timer, a couple of seconds out, on the room's one alarm.
      expect(timers.pending('flush')).toBe(true);
      expect(await state.storage.getAlarm()).toBe(room.meta.timers.flush);

      finals.translated(line, 'es-ES', 'El launch code está listo');
      expect(sent.at(-1)).toEqual({ type: 'translation', seq: 0, language: 'es-ES', text: expect.stringMatching(/^El \*+ está listo$/) });
      // A line recognised after the meeting is stored, not broadcast.
      await finals.add({ start: 4, end: 5, text: 'Later words' }, false);
      expect(sent).toHaveLength(2);

      await finals.flushAll();
      expect(finals.lines.unwritten()).toBe(0);
      await finals.flushDue();
      const rows = await env.DB.prepare(`SELECT s.seq, s.text, s.translations, coalesce(k.name, '') AS speaker FROM segments s
         LEFT JOIN line_speakers k ON k.record_id = s.record_id AND k.no = s.speaker_no WHERE s.record_id = ? ORDER BY s.seq`)
        .bind(record.id)
        .all();
      expect(rows.results).toEqual([
        { seq: 0, text: line.text, translations: JSON.stringify({ 'es-ES': (sent[1] as { text: string }).text }), speaker: 'Speaker 1' },
        { seq: 1, text: 'Later words', translations: '{}', speaker: '' },
      ]);
    });
  });
});
