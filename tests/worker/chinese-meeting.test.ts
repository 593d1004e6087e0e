import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { DiarizeResponse, StreamServerMessage } from '../../contracts/engine';
import { ENGINE_PATHS } from '../../contracts/engine';
import { MEETING, type MeetingAccess, type MeetingDetail } from '../../contracts/meeting';
import type { RecordDetail } from '../../contracts/records';
import type { SummaryState } from '../../contracts/summary';
import { assignSpeaker, emptySpeakers } from '../../worker/lib/speaker-tracker';
import { providers } from '../../worker/services/providers';
import { audioKey, openWavHeader } from '../../worker/services/transcription/audio';
import { recognisePiece } from '../../worker/services/transcription/piece';
import { CHINESE_MEETING_LINES } from '../fixtures/meeting-script';
import { get, grant, send, signUp } from './api';
import { fakeWorkersAiSpeech, loudStretches, type ScriptLine } from './fake-workers-ai-speech';
import { fakeWorkersAiText } from './fake-workers-ai-text';
import { connect } from './meeting-socket';

/**
 * Chinese with recognisers that know it, against contract fakes of the upstreams (this machine reaches no
 * Cloudflare): Workers AI's Whisper for a file piece and for a live meeting (the real engine cutting the
 * utterances and measuring the voices), Nova-3 live with language zh, and a whole Chinese meeting on a
 * projected screen, translated into English by the configured translator and summed up in minutes.
 */

const { pcm: pcmB64, spans } = JSON.parse(inject('chineseMeeting')) as { pcm: string; spans: { start: number; end: number }[] };
const pcm = Uint8Array.from(atob(pcmB64), (c) => c.charCodeAt(0));
const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength >> 1);
/** Each turn's spoken length, as the fake measures it. */
const script: ScriptLine[] = CHINESE_MEETING_LINES.map((text, i) => {
  const turn = samples.subarray(Math.round(spans[i]!.start * 16_000), Math.round(spans[i]!.end * 16_000));
  const loud = loudStretches(turn);
  return { text, seconds: loud.at(-1)!.end - loud[0]!.start };
});

/** The suite's Worker, room and queue all read this env: a test switches providers on it and puts them back after. */
const shared = env as unknown as Record<string, unknown>;
const saved = { ...shared };
function configure(change: Record<string, unknown>) {
  Object.assign(shared, change);
}
afterEach(() => {
  for (const key of Object.keys(shared)) if (!(key in saved)) delete shared[key];
  Object.assign(shared, saved);
});

const frameBytes = (MEETING.sampleRate * 2 * MEETING.frameMs) / 1000;

describe('Chinese through Workers AI', () => {
  it('transcribes a Chinese file piece with Whisper (language zh), and the engine gives every line its voice', async () => {
    const fake = fakeWorkersAiSpeech(script);
    const recordId = 1_900_000_000 + Math.floor(Math.random() * 1000);
    const wav = new Uint8Array(44 + pcm.length);
    wav.set(openWavHeader());
    wav.set(pcm, 44);
    await env.MEDIA.put(audioKey(recordId), wav);
    const withAi = { ...env, ASR_PROVIDER: 'workers-ai', AI: fake.ai } as unknown as Env;
    const lines = await recognisePiece(withAi, recordId, 0, Math.floor((pcm.length / 32_000) * 1000), { language: 'zh-CN', embeddings: true });
    expect(fake.whisperCalls.map((c) => c.language)).toEqual(['zh']);
    expect(lines.map((l) => l.text)).toEqual(CHINESE_MEETING_LINES);
    for (const l of lines) {
      expect(l.embedding?.length).toBeGreaterThan(0);
      expect(l.pitch).toBeGreaterThan(60);
    }
    // The voices tell the two speakers apart, as the engine's own recognition would.
    const { labels } = await providers(env).engine.postJson<DiarizeResponse>(ENGINE_PATHS.cluster, { embeddings: lines.map((l) => l.embedding) });
    expect(labels[0]).not.toBe(labels[1]);
  });

  it('streams Chinese to Nova-3 with language zh-CN, the engine measuring each final’s voice, so speakers stay apart across connections', async () => {
    const fake = fakeWorkersAiSpeech(script);
    const stream = providers({ ...env, STREAM_PROVIDER: 'workers-ai', AI: fake.ai } as unknown as Env).stream;
    const turn = (i: number) => pcm.subarray(Math.round(spans[i]!.start * 16_000) * 2, Math.round(spans[i]!.end * 16_000) * 2 + 16_000);
    const finals: Extract<StreamServerMessage, { type: 'final' }>[] = [];
    // Each turn on a connection of its own, as after a pause: Nova-3 would call both voices speaker 0.
    for (const i of [0, 1]) {
      const live = await stream.open('zh-CN', { embeddings: true });
      const messages: StreamServerMessage[] = [];
      live.onMessage((m) => messages.push(m));
      const audio = turn(i);
      for (let at = 0; at < audio.length; at += frameBytes) live.send(audio.slice(at, at + frameBytes));
      live.end();
      await expect.poll(() => messages.some((m) => m.type === 'closed'), { timeout: 20_000 }).toBe(true);
      finals.push(...messages.flatMap((m) => (m.type === 'final' ? [m] : [])));
    }
    expect(fake.streams[0]!.params).toMatchObject({ language: 'zh-CN', encoding: 'linear16', sample_rate: '16000' });
    expect(fake.streams[0]!.params.diarize).toBeUndefined();
    expect(finals.map((f) => f.text)).toEqual(CHINESE_MEETING_LINES.slice(0, 2));
    for (const f of finals) {
      expect(f.speaker).toBeUndefined();
      expect(f.embedding?.length).toBeGreaterThan(0);
    }
    let speakers = emptySpeakers;
    const labels = finals.map((f) => {
      const assigned = assignSpeaker(speakers, f.embedding!, { seconds: f.end - f.start });
      speakers = assigned.state;
      return assigned.label;
    });
    expect(labels).toEqual(['1', '2']);
  });

  it('hears a Chinese meeting live with Whisper: the engine cuts utterances, finals and partials come from Whisper, with voices', async () => {
    const fake = fakeWorkersAiSpeech(script);
    const live = await providers({ ...env, STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'whisper', AI: fake.ai } as unknown as Env).stream.open(
      'zh-CN',
      { embeddings: true },
    );
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    for (let i = 0; i < pcm.length; i += frameBytes) {
      live.send(pcm.slice(i, i + frameBytes));
      // Five times real time, so the growing utterances are heard again on the way.
      if ((i / frameBytes) % 5 === 0) await new Promise((r) => setTimeout(r, 100));
    }
    live.end();
    await expect.poll(() => messages.some((m) => m.type === 'closed'), { timeout: 60_000 }).toBe(true);
    const finals = messages.flatMap((m) => (m.type === 'final' ? [m] : []));
    expect(finals.map((f) => f.text)).toEqual(CHINESE_MEETING_LINES);
    for (const f of finals) expect(f.embedding?.length).toBeGreaterThan(0);
    for (const [i, f] of finals.entries()) expect(Math.abs(f.start - spans[i]!.start)).toBeLessThan(1);
    const partials = messages.flatMap((m) => (m.type === 'partial' ? [m] : []));
    expect(partials.length).toBeGreaterThan(0);
    const bare = (t: string) => t.replace(/\p{P}/gu, '');
    for (const p of partials)
      expect(
        CHINESE_MEETING_LINES.some((line) => bare(line).startsWith(bare(p.text))),
        p.text,
      ).toBe(true);
    expect(new Set(fake.whisperCalls.map((c) => c.language))).toEqual(new Set(['zh']));
  }, 90_000);

  it("keeps every final when Whisper's rate limit refuses some calls: partials are dropped, finals asked again", async () => {
    // Two requests in any 2 s: the meeting's partials and finals together ask for more than that.
    const fake = fakeWorkersAiSpeech(script, { perMinute: 2, minuteMs: 2000 });
    const live = await providers({ ...env, STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'whisper', AI: fake.ai } as unknown as Env).stream.open(
      'zh-CN',
    );
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    const twoTurns = pcm.subarray(0, Math.round(spans[2]!.start * 16_000) * 2);
    for (let i = 0; i < twoTurns.length; i += frameBytes) {
      live.send(twoTurns.slice(i, i + frameBytes));
      if ((i / frameBytes) % 5 === 0) await new Promise((r) => setTimeout(r, 50));
    }
    live.end();
    await expect.poll(() => messages.some((m) => m.type === 'closed'), { timeout: 60_000 }).toBe(true);
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(messages.flatMap((m) => (m.type === 'final' ? [m.text] : []))).toEqual(CHINESE_MEETING_LINES.slice(0, 2));
    expect(fake.refused.count).toBeGreaterThan(0);
  }, 90_000);
});

describe('a Chinese meeting end to end', () => {
  it('shows Chinese partials and finals on a projected screen with speakers and English, and makes the minutes', async () => {
    const text = fakeWorkersAiText();
    const fake = fakeWorkersAiSpeech(script, { text: text.ai });
    configure({ STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'whisper', TRANSLATE_PROVIDER: 'workers-ai', AI: fake.ai });
    const user = await signUp();
    await grant(user.userId, 'duration');
    const base = '/prod-api/speech/meeting';
    const created = await send<MeetingDetail>(`${base}/create`, { sourceLanguage: 'zh-CN', targetLanguages: ['en-US'] }, { token: user.token });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id }, { token: user.token })).body.data.shortCode;
    const screen = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket);
    await screen.waitFor('welcome');
    const host = await connect((await get<MeetingAccess>(`${base}/getMeeting?id=${id}`, user.token)).body.data.socket);
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    for (let i = 0; i < pcm.length; i += frameBytes) {
      host.audio(pcm.subarray(i, i + frameBytes));
      await new Promise((r) => setTimeout(r, MEETING.frameMs / 5));
    }
    host.audio(new Uint8Array(MEETING.sampleRate * 2));
    await screen.waitFor('final', (m) => m.line.text === CHINESE_MEETING_LINES.at(-1), 60_000);
    host.control('end');
    await screen.waitFor('state', (m) => m.status === 'ended', 30_000);

    const finals = screen.messages.flatMap((m) => (m.type === 'final' ? [m.line] : []));
    expect(finals.map((l) => l.text)).toEqual(CHINESE_MEETING_LINES);
    expect(screen.messages.some((m) => m.type === 'partial')).toBe(true);
    // Speakers named in the owner's language, the two voices apart.
    expect(finals.every((l) => l.speaker !== '')).toBe(true);
    expect(finals[0]!.speaker).not.toBe(finals[1]!.speaker);
    // English through the configured translator (Workers AI's text model here) reaches the screen.
    for (const line of finals) {
      await screen.waitFor('translation', (m) => m.seq === line.seq && m.language === 'en-US' && m.text === `[en-US] ${line.text}`);
    }

    const until = Date.now() + 120_000;
    let detail: RecordDetail;
    for (;;) {
      detail = (await get<RecordDetail>(`/prod-api/speech/audio/transcribe/getTrans?id=${id}`, user.token)).body.data;
      if (detail.record.status === 'ended') break;
      if (Date.now() > until) throw new Error(`record still ${detail.record.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(detail.lines.map((l) => l.text)).toEqual(CHINESE_MEETING_LINES);
    expect(detail.lines.every((l) => l.translations['en-US'])).toBe(true);
    // The minutes are made from the Chinese lines.
    const summaryUntil = Date.now() + 120_000;
    for (;;) {
      const s = (await send<SummaryState>('/prod-api/ai/ai/queryMediaSummary', { id }, { token: user.token })).body.data;
      if (s.status === 'done') {
        expect(s.summary!.chapters.length).toBeGreaterThan(0);
        expect(JSON.stringify(s.summary)).toMatch(/\p{Script=Han}/u);
        break;
      }
      expect(s.status).not.toBe('failed');
      if (Date.now() > summaryUntil) throw new Error(`summary still ${s.status}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 240_000);
});
