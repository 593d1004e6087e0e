import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../contracts/jobs';
import { MEETING, type MeetingAccess, type MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import { summaries } from '../../worker/db/schema';
import { labelMeetingSpeakers } from '../../worker/services/meeting-speakers';
import { audioKey, openWavHeader } from '../../worker/services/transcription/audio';
import { FOUR_PERSON_LINES, FOUR_PERSON_SPEAKERS } from '../fixtures/meeting-script';
import { get, grant, send, signUp } from './api';
import { connect } from './meeting-socket';
import { addLines, createRecord, db, defaultFolderId } from './seed';

/**
 * The speakers an ended meeting is saved with: a four-person meeting played into a real room, heard by the real
 * engine's stream, then labelled again over its whole recording by the `speakers` job on the real queue before
 * its minutes are made.
 */

const base = '/prod-api/speech/meeting';
const { pcm: pcmB64, spans } = JSON.parse(inject('fourPersonMeeting')) as { pcm: string; spans: { start: number; end: number }[] };
const pcm = Uint8Array.from(atob(pcmB64), (c) => c.charCodeAt(0));

/** Who said the line: the speaker of the turn it overlaps most (times in ms). */
function truthOf(line: { start: number; end: number }) {
  const overlap = spans.map((s) => Math.min(s.end * 1000, line.end) - Math.max(s.start * 1000, line.start));
  return FOUR_PERSON_SPEAKERS[overlap.indexOf(Math.max(...overlap))]!;
}

/** True when the names split the lines exactly as the truth does (one name per speaker, one speaker per name). */
function sameSplit(truth: string[], names: string[]) {
  const pairs = new Set(truth.map((t, i) => `${t}\u0000${names[i]}`));
  return pairs.size === new Set(truth).size && pairs.size === new Set(names).size;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`still ${String(JSON.stringify(value)).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('an ended meeting’s speakers', () => {
  it('saves a four-person meeting with its four speakers, found over the whole recording, before the minutes', async () => {
    const user = await signUp();
    await grant(user.userId, 'duration');
    const created = await send<MeetingDetail>(`${base}/create`, { sourceLanguage: 'en-US', targetLanguages: [], mode: 'record' }, { token: user.token });
    const id = created.body.data.id;
    const host = await connect((await get<MeetingAccess>(`${base}/getMeeting?id=${id}`, user.token)).body.data.socket);
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    // Ten times real time: fast, yet paced so the recogniser sees the pauses between turns.
    const frame = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;
    for (let i = 0; i < pcm.length; i += frame) {
      host.audio(pcm.subarray(i, i + frame));
      await new Promise((r) => setTimeout(r, MEETING.frameMs / 10));
    }
    host.control('end');
    await host.waitFor('state', (m) => m.status === 'ended', 60_000);

    // On a busy machine the live recogniser falls behind and the rest is recognised from the stored audio
    // (the record reads `finishing` meanwhile). The minutes are made once the speakers are found: by then the
    // record holds its diarized lines.
    const detail = () => get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, user.token).then((r) => r.body.data);
    await until(detail, (d) => d.record.status === 'ended', 180_000);
    const minutes = () => db.query.summaries.findFirst({ columns: { status: true }, where: eq(summaries.recordId, id) });
    await until(minutes, (s) => s?.status === 'done' || s?.status === 'failed', 120_000);
    const { lines } = await detail();
    expect(lines.length).toBeGreaterThanOrEqual(FOUR_PERSON_LINES.length);
    const live = host.messages.flatMap((m) => (m.type === 'final' ? [m.line.speaker] : []));
    const truth = lines.map(truthOf);
    const saved = lines.map((l) => l.speaker);
    console.log(`[meeting speakers] truth ${truth.join('')} live ${live.join(' | ')} saved ${saved.join(' | ')}`);
    expect(new Set(saved).size).toBe(4);
    expect(sameSplit(truth, saved), saved.join(' | ')).toBe(true);
    expect(saved.every((name) => /^Speaker [1-4]$/.test(name))).toBe(true);
  }, 360_000);

  it('keeps a name given to a speaker, renames the rest by voice, and hands the minutes on', async () => {
    const user = await signUp();
    const folderId = await defaultFolderId(user.token);
    const record = await createRecord(user.userId, folderId, { type: 'meeting', status: 'ended', durationMs: Math.round((pcm.length / 32_000) * 1000) });
    const wav = new Uint8Array(44 + pcm.length);
    wav.set(openWavHeader());
    wav.set(pcm, 44);
    await env.MEDIA.put(audioKey(record.id), wav);
    // Live, everyone was heard as one voice, and the host named the second person's first line.
    await addLines(
      record.id,
      spans.map((s, i) => ({
        start: Math.round(s.start * 1000),
        end: Math.round(s.end * 1000),
        text: FOUR_PERSON_LINES[i]!,
        speaker: i === 1 ? 'Ana' : 'Speaker 1',
      })),
    );
    await db.insert(summaries).values({ recordId: record.id, userId: user.userId, status: 'queued', updatedAt: Date.now() });
    const sent: JobMessage[] = [];
    await labelMeetingSpeakers(db, env, async (messages) => void sent.push(...messages), record.id);

    const { lines } = (await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${record.id}`, user.token)).body.data;
    const saved = lines.map((l) => l.speaker);
    expect(sameSplit(FOUR_PERSON_SPEAKERS, saved), saved.join(' | ')).toBe(true);
    expect(saved[1]).toBe('Ana');
    expect(saved[4]).toBe('Ana');
    // Words, times and order stay as they were.
    expect(lines.map((l) => l.text)).toEqual(FOUR_PERSON_LINES);
    expect(sent).toEqual([{ kind: 'summary', recordId: record.id }]);
    // Once the minutes are under way the job changes nothing again (a redelivered message).
    await db.update(summaries).set({ status: 'running' }).where(eq(summaries.recordId, record.id));
    await labelMeetingSpeakers(db, env, async (messages) => void sent.push(...messages), record.id);
    expect(sent).toHaveLength(1);
  }, 60_000);
});
