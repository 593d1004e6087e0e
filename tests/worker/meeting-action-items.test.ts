import { env, exports } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { API } from '../../contracts/api-paths';
import { MEETING, type MeetingAccess, type MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import { speakerLabel } from '../../contracts/speaker-labels';
import type { SummaryState } from '../../contracts/summary';
import { translate } from '../../worker/lib/i18n';
import { wavHeader } from '../../worker/services/transcription/audio';
import { ACTION_MEETING_LINES, CHINESE_ACTION_LINES } from '../fixtures/meeting-script';
import { get, grant, send, signUp } from './api';
import { fakeWorkersAiSpeech, loudStretches } from './fake-workers-ai-speech';
import { transcribe } from './jobs';
import { connect } from './meeting-socket';

/**
 * A meeting where people hand out tasks gets minutes listing them with their owners and dates: two espeak-ng
 * voices in English and in Chinese, streamed through a real room; the real engine cuts the utterances and
 * measures the voices, Workers AI's Whisper (a contract fake: this machine reaches no Cloudflare) hears them,
 * and the engine's offline extractor writes the minutes once the meeting ends.
 */

const meetings = JSON.parse(inject('actionMeetings')) as Record<'en' | 'zh', { pcm: string; spans: { start: number; end: number }[] }>;
const frameBytes = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;

/** The meeting's audio, and each turn as the fake hears it: its text and its spoken length. */
function meetingOf(language: 'en' | 'zh', lines: readonly string[]) {
  const pcm = Uint8Array.from(atob(meetings[language].pcm), (c) => c.charCodeAt(0));
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength >> 1);
  const script = lines.map((text, i) => {
    const span = meetings[language].spans[i]!;
    const loud = loudStretches(samples.subarray(Math.round(span.start * 16_000), Math.round(span.end * 16_000)));
    return { text, seconds: loud.at(-1)!.end - loud[0]!.start };
  });
  return { pcm, script };
}

/** The suite's Worker, room and queue read this env: the test switches the live recogniser on it and puts it back. */
const shared = env as unknown as Record<string, unknown>;
const saved = { ...shared };
afterEach(() => {
  for (const key of Object.keys(shared)) if (!(key in saved)) delete shared[key];
  Object.assign(shared, saved);
});

const DAY = 86_400_000;
/** The meeting's day (UTC, as the record keeps it) plus `days`, YYYY-MM-DD. */
const dayAfter = (today: Date, days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
/** "By Friday": the next Friday after today (a week on when said on a Friday). */
const comingFriday = (today: Date) => dayAfter(today, (5 - today.getUTCDay() + 7) % 7 || 7);
/** "Next Wednesday", "下周三": the Wednesday of the Monday-to-Sunday week after this one. */
const nextWeeksWednesday = (today: Date) => dayAfter(today, 7 + 2 - ((today.getUTCDay() + 6) % 7));

/** A record's summary once made (the summary a finished transcription queues by itself). */
async function finishedSummary(id: number, token: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    const state = (await send<SummaryState>(`/prod-api${API.summaries.queryMediaSummary}`, { id }, { token })).body.data;
    if (state.status === 'done') return state.summary!;
    expect(state.status).not.toBe('failed');
    expect(Date.now() < until, `summary still ${state.status}`).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Holds a meeting in `language`, ends it, and answers its stored lines and finished minutes. */
async function holdMeeting(language: 'en' | 'zh', lines: readonly string[]) {
  const { pcm, script } = meetingOf(language, lines);
  Object.assign(shared, { STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'whisper', AI: fakeWorkersAiSpeech(script).ai });
  const user = await signUp();
  await grant(user.userId, 'duration');
  const base = '/prod-api/speech/meeting';
  const sourceLanguage = language === 'en' ? 'en-US' : 'zh-CN';
  const created = await send<MeetingDetail>(`${base}/create`, { sourceLanguage, targetLanguages: [] }, { token: user.token });
  expect(created.body.code, created.body.msg).toBe(200);
  const id = created.body.data.id;
  const host = await connect((await get<MeetingAccess>(`${base}/getMeeting?id=${id}`, user.token)).body.data.socket);
  host.control('start');
  await host.waitFor('state', (m) => m.status === 'in_progress');
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  for (let i = 0; i < pcm.length; i += frameBytes) {
    host.audio(pcm.subarray(i, i + frameBytes));
    await new Promise((r) => setTimeout(r, MEETING.frameMs / 5));
  }
  host.audio(new Uint8Array(MEETING.sampleRate * 2));
  await host.waitFor('final', (m) => m.line.text === lines.at(-1), 60_000);
  host.control('end');
  await host.waitFor('state', (m) => m.status === 'ended', 30_000);

  const minutes = await finishedSummary(id, user.token);
  const detail = (await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, user.token)).body.data;
  return { lines: detail.lines, minutes, today };
}

describe('minutes of a meeting where tasks are handed out', () => {
  it('lists each English task with its owner and the day said, and the decision', async () => {
    const { lines, minutes, today } = await holdMeeting('en', ACTION_MEETING_LINES);
    expect(lines.map((l) => l.text)).toEqual(ACTION_MEETING_LINES);
    // The one who said "I will…" owns that task under the speaker's name, the two voices apart.
    const answerer = lines[1]!.speaker;
    expect(answerer).not.toBe('');
    expect(answerer).not.toBe(lines[0]!.speaker);
    expect(minutes.actionItems.map(({ text, owner, due }) => ({ text, owner, due }))).toEqual([
      { text: ACTION_MEETING_LINES[0], owner: 'Bob', due: comingFriday(today) },
      { text: ACTION_MEETING_LINES[1], owner: answerer, due: nextWeeksWednesday(today) },
    ]);
    expect(minutes.actionItems.map((a) => a.start)).toEqual([lines[0]!.start, lines[1]!.start]);
    expect(minutes.decisions.map((d) => [d.text, d.start])).toEqual([[ACTION_MEETING_LINES[2], lines[2]!.start]]);
  }, 240_000);

  it('lists each Chinese task with its owner and the day said, and the decision', async () => {
    const { lines, minutes, today } = await holdMeeting('zh', CHINESE_ACTION_LINES);
    expect(lines.map((l) => l.text)).toEqual(CHINESE_ACTION_LINES);
    const answerer = lines[1]!.speaker;
    expect(answerer).not.toBe('');
    expect(answerer).not.toBe(lines[0]!.speaker);
    expect(minutes.actionItems.map(({ text, owner, due }) => ({ text, owner, due }))).toEqual([
      { text: CHINESE_ACTION_LINES[0], owner: '李明', due: nextWeeksWednesday(today) },
      { text: '好的，我来负责测试。', owner: answerer, due: null },
    ]);
    expect(minutes.decisions.map((d) => d.text)).toEqual([CHINESE_ACTION_LINES[2]]);
  }, 240_000);
});

describe('a file where tasks are handed out', () => {
  it('gets each task with its owner and the day said in its summary and its Word export', async () => {
    // The English meeting uploaded as a WAV file: the engine extracts and cuts it, Whisper (the fake) hears it.
    const { pcm, script } = meetingOf('en', ACTION_MEETING_LINES);
    Object.assign(shared, { ASR_PROVIDER: 'workers-ai', AI: fakeWorkersAiSpeech(script).ai });
    const wav = new Uint8Array(44 + pcm.length);
    wav.set(wavHeader(pcm.length));
    wav.set(pcm, 44);
    const user = await signUp();
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const { id, detail } = await transcribe(user.token, user.userId, 'Tasks.wav', wav, { showName: 'Tasks', speaker: '1', maxSpeakers: 2 }, 240_000);
    expect(detail.lines.map((l) => l.text)).toEqual(ACTION_MEETING_LINES);
    const answerer = detail.lines[1]!.speaker;
    expect(answerer).not.toBe('');

    const summary = await finishedSummary(id, user.token);
    expect(summary.actionItems.map(({ text, owner, due }) => ({ text, owner, due }))).toEqual([
      { text: ACTION_MEETING_LINES[0], owner: 'Bob', due: comingFriday(today) },
      { text: ACTION_MEETING_LINES[1], owner: answerer, due: nextWeeksWednesday(today) },
    ]);
    const word = await exports.default.fetch(
      new Request(`http://tingyi.test/prod-api${API.summaries.download}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ id, format: 'docx' }),
      }),
    );
    expect(word.status).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(await word.arrayBuffer()))['word/document.xml']!);
    expect(xml).toContain(translate('en-US', 'summaryActionItems'));
    for (const item of summary.actionItems) {
      expect(xml).toContain(item.text);
      expect(xml).toContain(translate('en-US', 'summaryOwner', { owner: speakerLabel(item.owner!, 'en-US') }));
      expect(xml).toContain(translate('en-US', 'summaryDue', { date: item.due! }));
    }
  }, 420_000);
});
