import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { API } from '../../contracts/api-paths';
import type { LiveSummary } from '../../contracts/live-summary';
import { MEETING, type MeetingAccess, type MeetingDetail, type ServerMessage } from '../../contracts/meeting';
import type { MediaSummary, SummaryState } from '../../contracts/summary';
import type { LazyObject } from '../../durable-objects/lazy-object';
import type { MeetingRoom } from '../../durable-objects/MeetingRoom';
import type { JobMessage } from '../../contracts/jobs';
import { roomOf } from '../../worker/services/meetings';
import { get, grant, send, signUp } from './api';
import { connect } from './meeting-socket';

/**
 * A live meeting's running summary made from real speech in a real room: LibriVox read speech fed through the
 * host's socket, recognised by the real engine, summed up by the engine's offline summariser (no model is
 * configured, so it is labelled extractive), projected on a screen the host switched to the summary, caught
 * up by a screen that joins late, and handed on as the minutes the moment the meeting ends.
 */

const base = '/prod-api/speech/meeting';
const { pcm: pcmB64, texts, ends } = JSON.parse(inject('librivoxReading')) as { pcm: string; texts: string[]; ends: number[] };
const reading = Uint8Array.from(atob(pcmB64), (c) => c.charCodeAt(0));
const bytesPerSecond = MEETING.sampleRate * 2;
const frameBytes = (bytesPerSecond * MEETING.frameMs) / 1000;
/** The first clip and the 1.5 s of silence after it. */
const firstClip = reading.subarray(0, Math.round((ends[0]! + 1.5) * MEETING.sampleRate) * 2);
/** Faster than real time, yet paced so the recogniser hears the pauses between the clips. */
const SPEED = 4;

async function feed(host: { audio(pcm: Uint8Array): void }, pcm: Uint8Array) {
  for (let i = 0; i < pcm.length; i += frameBytes) {
    host.audio(pcm.subarray(i, i + frameBytes));
    await new Promise((r) => setTimeout(r, MEETING.frameMs / SPEED));
  }
}

/** The words of five letters or more a summary holds. */
const longWords = (text: string) => new Set(text.toLowerCase().match(/[a-z]{5,}/g) ?? []);
const summaryText = (s: LiveSummary) => [...s.topics.flatMap((t) => [t.title, t.summary]), ...s.actionItems.map((a) => a.text)].join(' ');

const summaryOf = async (id: number, token: string) => (await send<SummaryState>(`/prod-api${API.summaries.queryMediaSummary}`, { id }, { token })).body.data;

/**
 * Holds the jobs that lead to the full minutes (the speakers' labelling, which sends the summary on, and the
 * summary itself) that the room queues through this same env, until `release` sends them: the test reads the
 * first minutes before the full run may start, however fast the queue is.
 */
function holdMinutesJobs() {
  const shared = env as unknown as { JOBS: Queue<JobMessage> };
  const jobs = shared.JOBS;
  const held: MessageSendRequest<JobMessage>[] = [];
  const holding = {
    send: (body: JobMessage, options?: QueueSendOptions) => holding.sendBatch([{ body, ...options }]),
    async sendBatch(messages: Iterable<MessageSendRequest<JobMessage>>, options?: QueueSendBatchOptions) {
      const rest = [...messages].filter((m) => (m.body.kind !== 'summary' && m.body.kind !== 'speakers') || !held.push(m));
      if (rest.length) await jobs.sendBatch(rest, options);
    },
  };
  shared.JOBS = holding as unknown as Queue<JobMessage>;
  return {
    get count() {
      return held.length;
    },
    async release() {
      shared.JOBS = jobs;
      if (held.length) await jobs.sendBatch(held);
    },
  };
}

describe('a live summary of real speech', () => {
  it('sums up a minute of read speech on the host’s chosen screen view, catches up a late screen, and starts the minutes from it', async () => {
    const user = await signUp();
    await grant(user.userId, 'duration');
    const created = await send<MeetingDetail>(`${base}/create`, { sourceLanguage: 'en-US', targetLanguages: [] }, { token: user.token });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id;
    // Fed four times faster than spoken, the recogniser may fall behind on a busy machine: it is let catch up
    // rather than skip ahead, so every line reaches the summary.
    await runInDurableObject(roomOf(env, id), async (room) => {
      (await (room as LazyObject<MeetingRoom>).loaded).maxLagMs = 600_000;
    });
    const host = await connect((await get<MeetingAccess>(`${base}/getMeeting?id=${id}`, user.token)).body.data.socket);
    host.control('start');
    await host.waitFor('state', (m) => m.status === 'in_progress');
    // The host has every projected screen show the summary.
    host.send({ type: 'screen', view: 'summary' });
    await host.waitFor('screen', (m) => m.view === 'summary');

    // The reading twice over: about a minute, past the half minute of speech a refresh waits for.
    const feeding = feed(host, new Uint8Array([...reading, ...reading]));
    const first = await host.waitFor('summary', () => true, 180_000);
    await feeding;
    expect(first.summary.method).toBe('extractive');
    expect(first.summary.throughMs).toBeGreaterThanOrEqual(30_000);
    expect(first.summary.topics.length).toBeGreaterThan(0);
    // What it says comes from what was read.
    const read = longWords(texts.join(' '));
    const said = [...longWords(summaryText(first.summary))].filter((w) => read.has(w));
    expect(said.length, summaryText(first.summary)).toBeGreaterThanOrEqual(5);

    // A screen that joins late: the host's view, then the summary so far, then the live lines.
    const code = (await send<{ shortCode: string }>(`${base}/createScreenCode`, { id }, { token: user.token })).body.data.shortCode;
    const screen = await connect((await get<MeetingAccess>(`${base}/getNetworkLink?shortCode=${code}`)).body.data.socket);
    const welcome = await screen.waitFor('welcome');
    expect(welcome.screen).toBe('summary');
    const catchUp = await screen.waitFor('summary');
    const latest = host.messages.filter((m): m is Extract<ServerMessage, { type: 'summary' }> => m.type === 'summary').at(-1)!;
    expect(catchUp.summary).toEqual(latest.summary);
    const at = (m: ServerMessage) => screen.messages.indexOf(m);
    expect(at(catchUp)).toBe(at(welcome) + 1);
    // The first clip read once more: its line reaches the late screen after the catch-up.
    await feed(host, firstClip);
    const next = await screen.waitFor('final', (m) => at(m) > at(catchUp), 120_000);
    expect(next.line.text).not.toBe('');
    // The host ends once the subtitles have caught up with the last words (fed faster than spoken, the
    // recogniser on a busy machine runs behind).
    const lastWordsMs = ((2 * reading.length) / bytesPerSecond + ends[0]!) * 1000;
    await host.waitFor('final', (m) => m.line.end >= lastWordsMs - 2000, 180_000);

    // The end: the minutes are there within seconds, made from the running summary brought up to the last line.
    // The full run's message is held back until they are read, so a quick queue cannot replace them unseen.
    const held = holdMinutesJobs();
    let minutes: MediaSummary;
    try {
      host.control('end');
      await host.waitFor('state', (m) => m.status === 'ended', 60_000);
      const ended = Date.now();
      let shown: SummaryState;
      for (;;) {
        shown = await summaryOf(id, user.token);
        if (shown.summary) break;
        expect(Date.now() - ended, 'no minutes yet').toBeLessThan(30_000);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Shown at once, while the full run from the stored lines is still to replace it: the running summary's
      // topics in order, then the lines said after its last refresh.
      expect(shown.status).toBe('queued');
      minutes = shown.summary!;
    } finally {
      await held.release();
    }
    expect(held.count).toBe(1);
    expect(minutes.method).toBe('extractive');
    expect(minutes.speakers).toEqual([]);
    const titles = minutes.chapters.map((c) => c.title);
    expect(titles.slice(0, latest.summary.topics.length)).toEqual(latest.summary.topics.map((t) => t.title));
    expect(titles.length).toBeGreaterThan(latest.summary.topics.length);

    // Then the full run replaces them with the minutes made from the stored lines, per speaker too.
    const until = Date.now() + 120_000;
    let full: SummaryState;
    for (;;) {
      full = await summaryOf(id, user.token);
      if (full.status === 'done') break;
      expect(full.status).not.toBe('failed');
      expect(Date.now() < until, `minutes still ${full.status}`).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(full.summary!.speakers.length).toBeGreaterThan(0);
  }, 300_000);
});
