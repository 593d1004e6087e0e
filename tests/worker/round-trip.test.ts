import { describe, expect, inject, it } from 'vitest';
import type { DubProject } from '../../contracts/dubbing';
import { firstOverlap } from '../../contracts/timeline';
import type { EditedLine, TranswriteResult } from '../../contracts/transcription';
import { send, signUp } from './api';
import { dubBase, dubLines, grantDubbing, uploadVideo, waitForDub } from './dub-jobs';
import { transcribe } from './jobs';
import { asEdited, storedSpans } from './stored-lines';

/**
 * Whatever the app produced, the app accepts back: real recordings (tests/fixtures/recordings.ts) through the
 * real upload, engine and queue; every line as stored is in order, disjoint and inside the media, and the
 * record goes back unchanged through the transcript save, a speaker rename and a speaker merge; a dubbed
 * project's lines go back unchanged through the dubbing editor's save, and an edit of line 1 makes a re-dub possible.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const recordings = Object.entries(JSON.parse(inject('recordings')) as Record<string, string>);
const transcribeBase = '/prod-api/speech/audio/transcribe';

describe('transcribed recordings go back through the editor unchanged', () => {
  it.each(recordings)('%s', { timeout: 150_000 }, async (name, mp3) => {
    const { token, userId } = await signUp();
    const { id, detail } = await transcribe(token, userId, `${name}.mp3`, decode(mp3), { speaker: '1', maxSpeakers: 2 });
    expect(detail.record.status).toBe('transcription_completed');
    expect(detail.lines.length).toBeGreaterThan(0);
    const spans = await storedSpans(id);
    expect(firstOverlap(spans)).toBe(-1);
    expect(spans.at(-1)!.end).toBeLessThanOrEqual(Math.round(detail.record.duration * 1000));

    const save = (lines: EditedLine[]) => send(`${transcribeBase}/editDetails`, { id, lines }, { token });
    const lines = asEdited(detail);
    expect((await save(lines)).body).toMatchObject({ code: 200 });
    const first = lines[0]!.speaker;
    expect((await save(lines.map((l) => (l.speaker === first ? { ...l, speaker: 'Chair' } : l)))).body).toMatchObject({ code: 200 });
    expect((await save(lines.map((l) => ({ ...l, speaker: 'Chair' })))).body).toMatchObject({ code: 200 });
  });
});

describe('a dubbed recording goes back through the dubbing editor unchanged', () => {
  it('saves every line as it came, then an edit of line 1, which makes a re-dub possible', { timeout: 200_000 }, async () => {
    const { token, userId } = await signUp();
    await grantDubbing(userId, 3600);
    const file = await uploadVideo(token, 'two voices.mp4', decode(inject('twoVoicesMp4')));
    const submit = await send<TranswriteResult>(`${dubBase}/transwrite`, { ids: [file.id], audioLanguage: 'en-US', translationLanguage: 'es-ES' }, { token });
    const id = submit.body.data.ids[0]!;
    const dubbed = await waitForDub(token, id);
    expect(dubbed.record.status).toBe('dub_complete');
    const rows = await dubLines(token, id);
    expect(rows.length).toBeGreaterThan(1);
    expect(firstOverlap(rows)).toBe(-1);

    const unchanged = rows.map(({ id: lineId, start, end, text, translation }) => ({ id: lineId, start, end, text, translation }));
    const saved = await send<DubProject>(`${dubBase}/edits`, { id, lines: unchanged }, { token });
    expect(saved.body).toMatchObject({ code: 200, data: { changedLines: 0 } });
    const edited = await send<DubProject>(`${dubBase}/edits`, { id, lines: [{ id: rows[0]!.id, translation: 'Empecemos con el presupuesto.' }] }, { token });
    expect(edited.body).toMatchObject({ code: 200, data: { changedLines: 1 } });
  });
});
