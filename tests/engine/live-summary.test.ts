/**
 * A live meeting's running summary from the engine (POST /v1/summarize/live): offline, labelled extractive,
 * from the summary so far and the new lines; and by an OpenAI-compatible chat model (FakeOpenAI), asked with
 * the live summary's JSON schema and an incremental prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSummarizeRequest, LiveSummaryContent } from '../../contracts/live-summary-prompt';
import { loadConfig } from '../../engine/config';
import { FakeOpenAI } from './fake-openai';
import { postJson, startEngine, useEngine, type RunningEngine } from './helpers';

const ctx = useEngine();

const line = (id: number, speaker: string, text: string) => ({ id, start: id * 10_000, end: id * 10_000 + 8_000, speaker, text });
const FIRST = [
  line(0, 'Ann', 'Today we plan the spring launch of the new phone.'),
  line(1, 'Bob', "I'll send the launch budget to finance by Friday."),
  line(2, 'Ann', "We've decided to hold the launch event in Shanghai."),
];
const SECOND = [line(3, 'Bob', 'Next is hiring for the support team.'), line(4, 'Ann', 'Bob, can you post the two job openings by next Wednesday?')];

describe('live summary, offline', () => {
  it('adds a topic and the new items to the summary so far, labelled extractive, with owners and dates', async () => {
    const ask = async (body: LiveSummarizeRequest) => {
      const { status, json } = await postJson(ctx.engine.url, '/v1/summarize/live', body);
      expect(status).toBe(200);
      return json as LiveSummaryContent;
    };
    const first = await ask({ language: 'en-US', date: '2026-06-03', previous: null, lines: FIRST });
    expect(first.method).toBe('extractive');
    expect(first.topics).toHaveLength(1);
    expect(first.actionItems).toMatchObject([{ owner: 'Bob', due: '2026-06-05', seq: 1, start: 10_000 }]);
    expect(first.decisions).toMatchObject([{ seq: 2 }]);

    const second = await ask({ language: 'en-US', date: '2026-06-03', previous: first, lines: SECOND });
    expect(second.topics).toHaveLength(2);
    expect(second.topics[0]).toEqual(first.topics[0]);
    expect(second.actionItems.map((a) => [a.owner, a.due, a.seq])).toEqual([
      ['Bob', '2026-06-05', 1],
      ['Bob', '2026-06-10', 4],
    ]);
    expect(second.decisions).toEqual(first.decisions);
  });
});

describe('live summary by an OpenAI-compatible chat model', () => {
  const fake = new FakeOpenAI();
  let llm: RunningEngine;

  beforeAll(async () => {
    await fake.start();
    const env = loadConfig({ ENGINE_OPENAI_CHAT_URL: fake.url, ENGINE_OPENAI_CHAT_KEY: fake.key, ENGINE_OPENAI_CHAT_MODEL: 'qwen2.5-7b-instruct' });
    llm = await startEngine({ openaiChat: env.openaiChat });
  });

  afterAll(async () => {
    await llm?.close();
    await fake.close();
  });

  it('asks with the schema, the summary so far and only the new lines, and merges the answer into it', async () => {
    const previous = {
      topics: [{ title: 'Spring launch', summary: 'Budget and venue.', start: 0 }],
      decisions: [{ text: 'Launch in Shanghai', seq: 2, start: 20_000 }],
      actionItems: [{ text: 'Send the budget', owner: 'Bob', due: '2026-06-05', seq: 1, start: 10_000 }],
      questions: [{ text: 'Who designs the posters?', seq: 2, start: 20_000 }],
    };
    fake.reply = () =>
      JSON.stringify({
        topics: [
          { title: 'Spring launch', summary: 'Budget and venue.', line: null },
          { title: 'Hiring', summary: 'Two support openings.', line: 0 },
        ],
        actionItems: [{ line: 1, text: 'Post the two job openings', owner: 'Bob', due: '2026-06-10' }],
        decisions: [],
        questions: [],
        answered: [0],
      });
    const { status, json } = await postJson(llm.url, '/v1/summarize/live', { language: 'en-US', date: '2026-06-03', previous, lines: SECOND });
    expect(status).toBe(200);
    const chat = fake.chats.at(-1)!;
    expect(chat.responseFormat).toMatchObject({ type: 'json_schema', json_schema: { name: 'live_summary', strict: true } });
    expect(chat.responseFormat?.json_schema?.schema).toMatchObject({ required: ['topics', 'actionItems', 'decisions', 'questions', 'answered'] });
    const user = chat.messages[1]!.content;
    expect(user).toContain('"Spring launch"');
    expect(user).toContain('[0] 00:30 Bob: Next is hiring for the support team.');
    expect(user).not.toContain('spring launch of the new phone');
    const summary = json as LiveSummaryContent;
    expect(summary.method).toBe('llm');
    expect(summary.topics).toEqual([
      { title: 'Spring launch', summary: 'Budget and venue.', start: 0 },
      { title: 'Hiring', summary: 'Two support openings.', start: 30_000 },
    ]);
    expect(summary.actionItems.map((a) => [a.text, a.seq])).toEqual([
      ['Send the budget', 1],
      ['Post the two job openings', 4],
    ]);
    // The question the new lines answered is no longer open.
    expect(summary.questions).toEqual([]);
  });
});
