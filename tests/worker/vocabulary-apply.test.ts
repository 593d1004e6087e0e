import { env, exports } from 'cloudflare:workers';
import { describe, expect, inject, it, vi } from 'vitest';
import type { StreamServerMessage } from '../../contracts/engine';
import { MEETING, type MeetingAccess, type MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import type { TranswriteResult } from '../../contracts/transcription';
import type { VocabularyLibrary } from '../../contracts/vocabulary';
import { database } from '../../worker/db/client';
import { vocabEntries, vocabLibraries } from '../../worker/db/schema';
import { EngineClient, engineTranscribe } from '../../worker/services/providers/engine';
import { workersAiStream, workersAiTranscribe, type AiLike } from '../../worker/services/providers/workers-ai';
import { get, grant, send, signUp } from './api';
import { grantHours, transcribe, upload, waitForStatus } from './jobs';
import { connect } from './meeting-socket';

/**
 * Vocabulary libraries applied, inside the real Worker with the real engine: sensitive words masked in a
 * file transcription's lines, translations and exports; terms honoured by Apertium; proprietary words
 * recognised; a live meeting's finals masked on a projected screen and in D1; and the refusals, before any
 * record exists.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const meetingMp3 = decode(inject('meetingMp3'));
const base = '/prod-api/speech/audio/transcribe';
const db = database(env.DB);

async function member() {
  const user = await signUp();
  await grant(user.userId, 'svip');
  return user;
}

/** A library of `type` with `entries` ([text] or [text, translation]), made through the API as a user would. */
async function library(token: string, type: 'words' | 'terms' | 'sensitive', entries: [string, string?][], language = 'en-US') {
  const created = await send<VocabularyLibrary>(
    '/prod-api/speech/document/edit',
    { type, name: `${type} ${Math.random()}`, language, ...(type === 'terms' ? { targetLanguage: 'es-ES' } : {}) },
    { token },
  );
  expect(created.body.code, created.body.msg).toBe(200);
  for (const [text, translation] of entries) {
    const added = await send('/prod-api/speech/document/editData', { id: created.body.data.id, text, translation: translation ?? '' }, { token });
    expect(added.body.code, added.body.msg).toBe(200);
  }
  return created.body.data.id;
}

const recordCount = async (userId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM records WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n;

async function exported(token: string, id: number, format: 'txt' | 'srt', content = 'source') {
  const res = await exports.default.fetch(
    new Request(`http://tingyi.test${base}/export?ids=${id}&format=${format}&content=${content}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(res.status).toBe(200);
  return res.text();
}

const SENSITIVE = ['reasonable', 'travel costs'];

describe('vocabulary applied to file transcription', () => {
  it('masks sensitive words in lines, translations and exports, and translates with the terms', { timeout: 240_000 }, async () => {
    const { token, userId } = await member();
    const sensitive = await library(
      token,
      'sensitive',
      SENSITIVE.map((w) => [w]),
    );
    const terms = await library(token, 'terms', [['budget', 'presupuesto anual']]);
    const { id, detail } = await transcribe(token, userId, 'Budget meeting.mp3', meetingMp3, {
      translationLanguage: 'es-ES',
      documentIds: [sensitive, terms],
    });
    expect(detail.record.status).toBe('translation_completed');
    const job = await env.DB.prepare('SELECT vocabulary FROM transcription_jobs WHERE record_id = ?').bind(id).first<{ vocabulary: string }>();
    // Only the lists that hold something are stored.
    expect(JSON.parse(job!.vocabulary)).toEqual({ terms: [{ source: 'budget', target: 'presupuesto anual' }], sensitive: SENSITIVE });

    const text = detail.lines.map((l) => l.text).join('\n');
    // PocketSphinx hears "reasonable" in this meeting reliably (see transcription.test.ts); it is stored masked.
    expect(text.toLowerCase()).not.toContain('reasonable');
    expect(text).toContain('**********');
    const spanish = detail.lines.map((l) => l.translations['es-ES'] ?? '').join('\n');
    expect(spanish).toContain('presupuesto anual');

    for (const format of ['txt', 'srt'] as const) {
      const file = await exported(token, id, format);
      expect(file.toLowerCase()).not.toContain('reasonable');
      expect(file).toContain('**********');
    }

    // A word typed back in an edit is stored as typed, and masked wherever the transcript leaves the app.
    const lines = detail.lines.map((l) => ({ start: l.start, end: l.end, text: l.text, speaker: l.speaker, translations: l.translations }));
    lines[0]!.text = 'That sounds Reasonable, and so do the travel costs.';
    const saved = await send(`${base}/editDetails`, { id, lines }, { token });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const txt = await exported(token, id, 'txt');
    expect(txt).toContain('That sounds **********, and so do the ************.');
    const bilingual = await exported(token, id, 'srt', 'bilingual');
    expect(bilingual.toLowerCase()).not.toContain('reasonable');
  });

  it('recognises a proprietary word PocketSphinx misses when its library is applied', { timeout: 120_000 }, async () => {
    const { token, userId } = await member();
    const words = await library(token, 'words', [['WhatsApp'], ['Kubernetes']]);
    const wav = decode(inject('hotwordWav'));
    const plain = await transcribe(token, userId, 'plain.wav', wav);
    expect(plain.detail.record.status).toBe('transcription_completed');
    expect(plain.detail.lines.map((l) => l.text).join(' ')).not.toContain('WhatsApp');
    const merged = await upload(token, 'hinted.wav', wav);
    const submit = await send<TranswriteResult>(
      `${base}/transwrite`,
      { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'hinted', documentIds: [words] },
      { token },
    );
    const hinted = await waitForStatus(token, submit.body.data.ids[0]!, (s) => s !== 'transcribing');
    expect(hinted.lines.map((l) => l.text).join(' ')).toContain('WhatsApp');
  });

  it('refuses libraries to a user without SVIP (92505003) and another user’s library (not found), creating no record', async () => {
    const plain = await signUp();
    await grantHours(plain.userId, 1);
    // Libraries outlive a plan: this user kept one from an SVIP month.
    const now = Date.now();
    const [kept] = await db
      .insert(vocabLibraries)
      .values({ userId: plain.userId, type: 'sensitive', name: 'Kept', language: 'en-US', count: 1, createdAt: now, updatedAt: now })
      .returning();
    await db.insert(vocabEntries).values({ libraryId: kept!.id, text: 'budget' });
    const merged = await upload(plain.token, 'a.mp3', meetingMp3);
    const form = { ids: [merged.body.data.id], audioLanguage: 'en-US', showName: 'A', documentIds: [kept!.id] };
    const refused = await send<TranswriteResult>(`${base}/transwrite`, form, { token: plain.token });
    expect(refused.body.code).toBe(92505003);
    expect(await recordCount(plain.userId)).toBe(0);
    // The refused choices stay on the upload, libraries included, so a resumed submission keeps them.
    const upload_ = await env.DB.prepare('SELECT form, state FROM uploads WHERE id = ?').bind(merged.body.data.id).first<{ form: string; state: string }>();
    expect(upload_!.state).toBe('uploaded');
    expect(JSON.parse(upload_!.form).documentIds).toEqual([kept!.id]);
    const meeting = await send('/prod-api/speech/meeting/create', { sourceLanguage: 'en-US', documentIds: [kept!.id] }, { token: plain.token });
    expect(meeting.body.code).toBe(92505003);
    expect(await recordCount(plain.userId)).toBe(0);

    const other = await member();
    await grantHours(other.userId, 1);
    const theirs = await upload(other.token, 'b.mp3', meetingMp3);
    const notFound = await send<TranswriteResult>(`${base}/transwrite`, { ...form, ids: [theirs.body.data.id] }, { token: other.token });
    expect(notFound.body.code).toBe(404);
    const otherMeeting = await send('/prod-api/speech/meeting/create', { sourceLanguage: 'en-US', documentIds: [kept!.id] }, { token: other.token });
    expect(otherMeeting.body.code).toBe(404);
    expect(await recordCount(other.userId)).toBe(0);
  });
});

describe('vocabulary applied to a live meeting', () => {
  it('masks sensitive words in partials and finals on a projected screen and in D1', { timeout: 150_000 }, async () => {
    const { token } = await member();
    // Words of the test meeting PocketSphinx hears live; whichever it hears must not show.
    const listed = ['budget', 'reasonable', 'thank', 'travel'];
    const sensitive = await library(
      token,
      'sensitive',
      listed.map((w) => [w]),
    );
    const created = await send<MeetingDetail>(
      '/prod-api/speech/meeting/create',
      { sourceLanguage: 'en-US', mode: 'record', documentIds: [sensitive] },
      { token },
    );
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const stored = await env.DB.prepare('SELECT vocabulary FROM meetings WHERE record_id = ?').bind(id).first<{ vocabulary: string }>();
    expect(JSON.parse(stored!.vocabulary).sensitive).toEqual(listed);

    const code = (await send<{ shortCode: string }>('/prod-api/speech/meeting/createScreenCode', { id }, { token })).body.data.shortCode;
    const screen = await connect((await get<MeetingAccess>(`/prod-api/speech/meeting/getNetworkLink?shortCode=${code}`)).body.data.socket);
    await screen.waitFor('welcome');
    const host = await connect((await get<MeetingAccess>(`/prod-api/speech/meeting/getMeeting?id=${id}`, token)).body.data.socket);
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    const pcm = decode(inject('meetingPcm'));
    const frame = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;
    // At a microphone's pace: sent faster, a busy engine falls far enough behind that the room skips ahead
    // (as it should, to stay live) and the words this test needs are never heard.
    for (let i = 0; i < pcm.length; i += frame) {
      host.audio(pcm.subarray(i, i + frame));
      await new Promise((r) => setTimeout(r, MEETING.frameMs));
    }
    await screen.waitFor('final', () => true, 30_000);
    host.control('end');
    await screen.waitFor('state', (m) => m.status === 'ended', 70_000);

    const shown = screen.messages.flatMap((m) => (m.type === 'final' ? [m.line.text] : m.type === 'partial' ? [m.text] : []));
    const words = shown.join(' ').toLowerCase().split(/\s+/);
    for (const w of listed) expect(words).not.toContain(w);
    expect(shown.join(' ')).toMatch(/\*{5,}/);
    const finals = screen.messages.flatMap((m) => (m.type === 'final' ? [m.line.text] : []));
    const lines = (await get<RecordDetail>(`${base}/getTrans?id=${id}`, token)).body.data.lines;
    expect(lines.map((l) => l.text)).toEqual(finals);
  });
});

describe('hot words through the providers', () => {
  const ai = (answer: () => unknown) => {
    const calls: Record<string, unknown>[] = [];
    const binding: AiLike = {
      async run(_model, inputs) {
        calls.push(inputs);
        return answer();
      },
    };
    return { binding, calls };
  };

  it('sends them to the engine in the query string', async () => {
    const asked: string[] = [];
    const client = new EngineClient({
      baseUrl: 'http://engine.test',
      secret: 's',
      fetch: async (url) => {
        asked.push(url);
        return Response.json({ language: 'en-US', backend: 'pocketsphinx', duration: 1, segments: [], processingSeconds: 0 });
      },
    });
    await engineTranscribe(client).transcribe({ audio: async () => new ArrayBuffer(4), language: 'en-US', hotwords: ['WhatsApp', 'Tingyi Pro'] });
    expect(new URL(asked[0]!).searchParams.get('hotwords')).toBe('WhatsApp,Tingyi Pro');
  });

  it("gives them to whisper as initial_prompt and corrects its answer; corrects nova-3's partials and finals", async () => {
    const { binding, calls } = ai(() => ({
      text: 'send it in drop box',
      transcription_info: { duration: 2 },
      segments: [{ start: 0, end: 2, text: ' send it in drop box' }],
    }));
    const r = await workersAiTranscribe(binding).transcribe({ audio: async () => new ArrayBuffer(4), language: 'en-US', hotwords: ['Dropbox'] });
    expect(calls[0]!.initial_prompt).toBe('Dropbox');
    expect(r.segments[0]!.text).toBe('send it in Dropbox');
    const without = ai(() => ({ text: 'x', segments: [] }));
    await workersAiTranscribe(without.binding).transcribe({ audio: async () => new ArrayBuffer(4), language: 'en-US' });
    expect(without.calls[0]).not.toHaveProperty('initial_prompt');

    const pair = new WebSocketPair();
    const [clientEnd, deepgram] = [pair[0], pair[1]];
    deepgram.accept();
    const live = await workersAiStream({ run: async () => new Response(null, { status: 101, webSocket: clientEnd }) }).open('en-US', { hotwords: ['Dropbox'] });
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    const results = (isFinal: boolean, transcript: string) =>
      JSON.stringify({
        type: 'Results',
        start: 0,
        duration: 1.5,
        is_final: isFinal,
        speech_final: isFinal,
        channel: { alternatives: [{ transcript, words: transcript.split(' ').map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.3 })) }] },
      });
    deepgram.send(results(false, 'files in drop box'));
    deepgram.send(results(true, 'files in drop box'));
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'final')).toBe(true));
    expect(messages[0]).toMatchObject({ type: 'partial', text: 'files in Dropbox' });
    expect(messages[1]).toMatchObject({ type: 'final', text: 'files in Dropbox' });
    const final = messages[1] as Extract<StreamServerMessage, { type: 'final' }>;
    expect(final.words?.map((w) => [w.word, w.start, w.end])).toEqual([
      ['files', 0, 0.3],
      ['in', 0.3, 0.6],
      ['Dropbox', 0.6, 1.2],
    ]);
  });

  // Pinyin is loaded on demand in the Worker (not at its startup): a Chinese list must still correct homophones.
  it('corrects Chinese homophones of a hot word by their pinyin', async () => {
    const { binding } = ai(() => ({ text: '我们用停一开会', segments: [{ start: 0, end: 2, text: '我们用停一开会' }] }));
    const r = await workersAiTranscribe(binding).transcribe({ audio: async () => new ArrayBuffer(4), language: 'zh-CN', hotwords: ['听译'] });
    expect(r.segments[0]!.text).toBe('我们用听译开会');
  });
});
