import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LiveSummary } from '../../contracts/live-summary';
import type { ServerMessage } from '../../contracts/meeting';
import { LiveSummaries } from '../../durable-objects/live-summary';
import { MeetingFinals } from '../../durable-objects/meeting-finals';
import { RoomTimers } from '../../durable-objects/meeting-timers';
import { queueMinutes } from '../../durable-objects/meeting-status';
import type { Attachment } from '../../durable-objects/meeting-sockets';
import type { AiLike } from '../../worker/services/providers/workers-ai';
import { signUp } from './api';
import { fakeWorkersAiText } from './fake-workers-ai-text';
import { inRoomStorage, roomState } from './room-parts';
import { createRecord, defaultFolderId } from './seed';

/**
 * A live meeting's running summary (durable-objects/live-summary.ts) in a real room's storage, fed lines the
 * way the room commits them (meeting-finals.ts): refreshed only after enough new speech, incrementally, in
 * each viewer's language, sent to a late joiner at once, and handed on as the first minutes. Workers AI is
 * the one fake: its chat contract (structured output, qwen3's chat completion) and translation.
 */

type Said = [seconds: number, speaker: string, text: string];

const FIRST: Said[] = [
  [0, '1', 'Welcome everyone, today we plan the spring product launch.'],
  [8, '2', 'I will send the launch budget to finance by Friday.'],
  [16, '1', 'We decided to hold the launch event in Shanghai.'],
  [26, '2', 'Who will design the posters is still an open question.'],
];
const SECOND: Said[] = [
  [44, '1', 'Next, the hiring plan for the support team.'],
  [58, '2', 'I will post the two job openings tomorrow.'],
];

/**
 * Workers AI's text model as the binding answers: translation prompts go to the translation fake; a live
 * summary prompt is recorded and answered with the topics and items of the lines it names.
 */
function fakeAi() {
  const text = fakeWorkersAiText();
  const summaries: { inputs: Record<string, unknown>; at: number }[] = [];
  const ai: AiLike = {
    async run(model, inputs, options) {
      const messages = inputs.messages as { content: string }[];
      if (!messages[0]!.content.includes('running summary')) return text.ai.run(model, inputs, options);
      summaries.push({ inputs, at: Date.now() });
      const user = messages[1]!.content;
      const lines = user.split('New lines:\n')[1]!.split('\n');
      const previous = JSON.parse(user.split('\n')[1]!) as { topics: { title: string; summary: string }[] };
      const index = (word: string) => lines.findIndex((l) => l.includes(word));
      const reply = {
        topics: [
          ...previous.topics.map((t) => ({ ...t, line: null })),
          { title: `Topic ${previous.topics.length + 1}`, summary: `${lines.length} lines`, line: 0 },
        ],
        actionItems: lines.flatMap((l, i) =>
          l.includes('I will') ? [{ line: i, text: l.split(': ')[1], owner: l.split(': ')[0]!.split(' ').slice(2).join(' '), due: null }] : [],
        ),
        decisions: index('decided') >= 0 ? [{ line: index('decided'), text: 'Launch event in Shanghai' }] : [],
        questions: index('open question') >= 0 ? [{ line: index('open question'), text: 'Who designs the posters?' }] : [],
        answered: [],
      };
      const content = `<think>\n\n</think>\n\n${JSON.stringify(reply)}`;
      return { object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
    },
  };
  return { ai, summaries, text };
}

describe('live summary', () => {
  it('refreshes after enough new speech and never without, incrementally, in each viewer’s language, with a catch-up and the first minutes', async () => {
    const { token, userId } = await signUp();
    const record = await createRecord(userId, await defaultFolderId(token), { type: 'meeting', status: 'in_progress', durationMs: 0 });
    const room = roomState({ id: record.id, userId, durationMs: 120_000 });
    const fake = fakeAi();
    // Workers AI for summaries and translation, paced through D1 like every text-generation call.
    const aiEnv = { ...env, AI: fake.ai, SUMMARY_PROVIDER: 'workers-ai', TRANSLATE_PROVIDER: 'workers-ai', WORKERS_AI_TEXT_RPM: '600' } as Env;
    const viewers: Attachment[] = [
      { role: 'host', locale: 'en-US', language: null },
      { role: 'participant', locale: 'en-US', language: 'es-ES' },
    ];
    const sent: { to: Attachment; msg: ServerMessage }[] = [];
    await inRoomStorage(async (state) => {
      const timers = new RoomTimers(
        state.storage,
        () => room.meta.timers,
        () => room.save(),
      );
      const finals = new MeetingFinals(state.storage.sql, aiEnv, room, timers, () => {});
      const live = new LiveSummaries(state.storage, aiEnv, room, {
        languages: () => viewers.map((v) => v.language),
        each: (message) => {
          for (const to of viewers) {
            const msg = message(to);
            if (msg) sent.push({ to, msg });
          }
        },
      });
      const say = async (lines: Said[]) => {
        for (const [at, speaker, text] of lines) await finals.add({ start: at, end: at + 6, text, speaker }, true);
      };
      const summariesSent = () => sent.filter((s) => s.msg.type === 'summary');

      // 14 s of speech: not yet enough for a refresh.
      await say(FIRST.slice(0, 2));
      await live.flushed();
      expect(fake.summaries).toHaveLength(0);
      expect(await live.messageFor(null)).toBeNull();

      // 32 s: one refresh, sent to each viewer in their language.
      await say(FIRST.slice(2));
      await live.flushed();
      expect(fake.summaries).toHaveLength(1);
      const first = fake.summaries[0]!.inputs;
      // Structured output with the live summary's JSON schema; qwen3 told not to think.
      expect(first.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'live_summary', strict: true } });
      expect((first.response_format as { json_schema: { schema: { required: string[] } } }).json_schema.schema.required).toEqual(
        expect.arrayContaining(['topics', 'actionItems', 'decisions', 'questions']),
      );
      const host = summariesSent().find((s) => s.to.role === 'host')!.msg as { summary: LiveSummary };
      expect(host.summary).toMatchObject({
        method: 'llm',
        language: 'en-US',
        throughSeq: 3,
        topics: [{ title: 'Topic 1', start: 0 }],
        actionItems: [{ text: 'I will send the launch budget to finance by Friday.', owner: 'Speaker 2', seq: 1, start: 8000 }],
        decisions: [{ text: 'Launch event in Shanghai', seq: 2, start: 16000 }],
        questions: [{ text: 'Who designs the posters?', seq: 3 }],
      });
      const spanish = summariesSent().find((s) => s.to.language === 'es-ES')!.msg as { summary: LiveSummary };
      expect(spanish.summary.language).toBe('es-ES');
      expect(spanish.summary.decisions[0]!.text).toBe('[es-ES] Launch event in Shanghai');

      // No new speech: flushes refresh nothing.
      await live.flushed();
      await live.flushed();
      expect(fake.summaries).toHaveLength(1);

      // A viewer who joins late catches up with the summary so far, in the language they pick.
      expect(await live.messageFor(null)).toEqual({ type: 'summary', summary: host.summary });
      expect(((await live.messageFor('es-ES')) as { summary: LiveSummary }).summary.topics[0]!.title).toBe('[es-ES] Topic 1');

      // Incremental: the next call holds the summary so far and only the lines said since.
      await say(SECOND);
      await live.flushed();
      expect(fake.summaries).toHaveLength(2);
      const user = (fake.summaries[1]!.inputs.messages as { content: string }[])[1]!.content;
      expect(user).toContain('Topic 1');
      expect(user).toContain('hiring plan');
      expect(user).not.toContain('Welcome everyone');
      const latest = (await live.messageFor(null)) as { summary: LiveSummary };
      expect(latest.summary.topics.map((t) => t.title)).toEqual(['Topic 1', 'Topic 2']);
      expect(latest.summary.actionItems.map((a) => a.seq)).toEqual([1, 5]);

      // Each call waited for its moment of the pace shared with translation (600 a minute, 90 % spent: ≥ 112 ms apart).
      const calls = fake.text.stats.requests + fake.summaries.length;
      expect(calls).toBeGreaterThanOrEqual(4);
      expect(fake.summaries[1]!.at - fake.summaries[0]!.at).toBeGreaterThanOrEqual(100);

      // The end: the lines not yet covered are added, and the result is the minutes shown at once.
      room.meta.status = 'ended';
      await finals.add({ start: 70, end: 74, text: 'I will book the venue next week.', speaker: '1' }, false);
      await finals.flushAll();
      const minutes = await live.minutes('Launch planning');
      expect(fake.summaries).toHaveLength(3);
      await queueMinutes(aiEnv, record.id, userId, minutes ?? undefined);
    });
    const row = await env.DB.prepare('SELECT status, summary FROM summaries WHERE record_id = ?').bind(record.id).first<{ status: string; summary: string }>();
    // Shown at once, while the full minutes are made from the stored lines.
    expect(['queued', 'running']).toContain(row?.status);
    const stored = JSON.parse(row!.summary) as { chapters: { title: string }[]; actionItems: { text: string; start: number }[]; decisions: unknown[] };
    expect(stored.chapters.map((c) => c.title)).toEqual(['Topic 1', 'Topic 2', 'Topic 3']);
    expect(stored.actionItems.map((a) => a.start)).toEqual([8000, 58000, 70000]);
    expect(stored.decisions).toHaveLength(1);
  });
});
