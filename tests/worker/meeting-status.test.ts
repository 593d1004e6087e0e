import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ControlAction, MeetingStatus } from '../../contracts/meeting';
import { mirrorStatus, setMainTranslation, transition } from '../../durable-objects/meeting-status';
import { signUp } from './api';
import { createRecord, defaultFolderId } from './seed';

/** A meeting's status (durable-objects/meeting-status.ts): the host's controls, and the mirror in D1. */

describe('meeting status', () => {
  it('moves only along not started → in progress ⇄ paused → ended', () => {
    const statuses: MeetingStatus[] = ['not_started', 'in_progress', 'paused', 'ended'];
    const actions: ControlAction[] = ['start', 'pause', 'resume', 'end'];
    const table = Object.fromEntries(statuses.map((s) => [s, Object.fromEntries(actions.map((a) => [a, transition(s, a)]))]));
    expect(table).toEqual({
      not_started: { start: 'in_progress', pause: 'refused', resume: 'refused', end: 'ended' },
      in_progress: { start: 'already', pause: 'paused', resume: 'already', end: 'ended' },
      paused: { start: 'refused', pause: 'already', resume: 'in_progress', end: 'ended' },
      ended: { start: 'refused', pause: 'refused', resume: 'refused', end: 'already' },
    });
  });

  it('mirrors each status on the record, keeps the first start, and closes the ways in at the end', async () => {
    const { token, userId } = await signUp();
    const record = await createRecord(userId, await defaultFolderId(token), { type: 'meeting', status: 'not_started', durationMs: 0 });
    await env.DB.prepare(
      "INSERT INTO meetings (record_id, mode, source_language, target_languages, invite_open, screen_code) VALUES (?, 'interpret', 'en-US', '[]', 1, '123456')",
    )
      .bind(record.id)
      .run();
    const row = () =>
      env.DB.prepare(
        'SELECT r.status, r.duration_ms, r.translation_language, m.started_at, m.ended_at, m.invite_open, m.screen_code FROM records r JOIN meetings m ON m.record_id = r.id WHERE r.id = ?',
      )
        .bind(record.id)
        .first<Record<string, unknown>>();

    await mirrorStatus(env, record.id, 'in_progress', 1000.4);
    const started = await row();
    expect(started).toMatchObject({ status: 'in_progress', duration_ms: 1000, ended_at: null, invite_open: 1, screen_code: '123456' });
    expect(started!.started_at).toEqual(expect.any(Number));
    await mirrorStatus(env, record.id, 'paused', 5000);
    await mirrorStatus(env, record.id, 'in_progress', 5000);
    expect((await row())!.started_at).toBe(started!.started_at);

    await mirrorStatus(env, record.id, 'ended', 9000, 'finishing');
    expect(await row()).toMatchObject({ status: 'finishing', duration_ms: 9000, invite_open: 0, screen_code: null, ended_at: expect.any(Number) });
    // The main translation is set once: a later repair of the end keeps one the owner chose meanwhile.
    await setMainTranslation(env, record.id, 'es-ES');
    await setMainTranslation(env, record.id, null);
    expect((await row())!.translation_language).toBe('es-ES');
  });
});
