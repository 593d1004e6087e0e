/**
 * Summaries from the engine (POST /v1/summarize): the offline extractive summariser on English and Chinese
 * transcripts with known topic changes, and the OpenAI-compatible backend against FakeOpenAI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MindMapNode, SummarizeRequest, SummarizeResponse } from '../../contracts/summary';
import { parseSummary, summaryMessages } from '../../contracts/summary-prompt';
import { summarizeRequest } from '../../contracts/summary';
import { loadConfig } from '../../engine/config';
import { TOPICS, longTranscript, topicLines, type TimedLine } from '../../engine/bench/summary-texts';
import { FakeOpenAI, SERVER_ERROR } from './fake-openai';
import { auth, postJson, startEngine, useEngine, type RunningEngine } from './helpers';

const ctx = useEngine();

const summarize = async (body: unknown) => {
  const { status, json } = await postJson(ctx.engine.url, '/v1/summarize', body);
  return { status, json: json as SummarizeResponse & { error?: { code: string; message: string } } };
};

/** Levels of a mind map, the root being level 1. */
const depth = (node: MindMapNode): number => 1 + Math.max(0, ...node.children.map(depth));
/** A title word as the topic lists it: lower case, no plural. */
const stem = (word: string) => word.toLowerCase().replace(/s$/, '');
const lineIndexAt = (lines: TimedLine[], ms: number) => lines.findIndex((l) => l.start === ms);

describe('extractive summary of an English transcript on three topics', () => {
  // Cooking, astronomy, football: 12 lines each, 5 s apart; the first speaker says two lines in three.
  const lines = topicLines(TOPICS.slice(0, 3)).map((l, i) => ({ ...l, speaker: i % 3 === 2 ? 'Speaker 2' : 'Speaker 1' }));
  let summary: SummarizeResponse;

  beforeAll(async () => {
    const { status, json } = await summarize({ language: 'en-US', title: 'Evening talks', lines });
    expect(status).toBe(200);
    summary = json;
  });

  it('is made offline by the extractive backend, which capabilities report', async () => {
    expect(summary.backend).toBe('extractive');
    expect(summary.method).toBe('extractive');
    expect(summary.language).toBe('en-US');
    const caps = (await (await fetch(`${ctx.engine.url}/v1/capabilities`, { headers: auth })).json()) as { summary: { backend: string } };
    expect(caps.summary).toEqual({ backend: 'extractive' });
  });

  it('starts a chapter at each change of topic, give or take one line, and covers the whole transcript', () => {
    expect(summary.chapters).toHaveLength(3);
    const starts = summary.chapters.map((c) => lineIndexAt(lines, c.start));
    expect(starts[0]).toBe(0);
    expect(Math.abs(starts[1]! - 12)).toBeLessThanOrEqual(1);
    expect(Math.abs(starts[2]! - 24)).toBeLessThanOrEqual(1);
    expect(summary.chapters.at(-1)!.end).toBe(lines.at(-1)!.end);
    summary.chapters.forEach((c, i) => {
      expect(c.end).toBeGreaterThan(c.start);
      if (i) expect(c.start).toBeGreaterThanOrEqual(summary.chapters[i - 1]!.end);
    });
  });

  it('titles each chapter with the words of its topic, joined with commas', () => {
    summary.chapters.forEach((chapter, i) => {
      const words = chapter.title.split(', ');
      expect(words.length).toBeGreaterThanOrEqual(2);
      const onTopic = words.filter((w) => TOPICS[i]!.words.includes(stem(w)));
      expect(onTopic.length, `"${chapter.title}" for ${TOPICS[i]!.name}`).toBeGreaterThanOrEqual(2);
    });
  });

  it("summarises each chapter with its own topic's sentences", () => {
    summary.chapters.forEach((chapter, i) => {
      expect(chapter.summary.length).toBeGreaterThan(20);
      const first = chapter.summary.split('. ')[0]!;
      expect(TOPICS[i]!.sentences.some((s) => s.startsWith(first))).toBe(true);
    });
  });

  it('picks key points said in the transcript, in time order, one per topic for three minutes', () => {
    const { keyPoints } = summary;
    expect(keyPoints).toHaveLength(3);
    expect(keyPoints.map((k) => k.start)).toEqual([...keyPoints.map((k) => k.start)].sort((a, b) => a - b));
    for (const point of keyPoints) {
      const line = lines[lineIndexAt(lines, point.start)]!;
      expect(line.text).toBe(point.text);
    }
    const topicOf = (ms: number) => Math.floor(lineIndexAt(lines, ms) / 12);
    expect(new Set(keyPoints.map((k) => topicOf(k.start))).size).toBe(3);
  });

  it('summarises each speaker with their talk time, the longest talker first', () => {
    const talk = (who: string) => lines.filter((l) => l.speaker === who).reduce((ms, l) => ms + l.end - l.start, 0);
    expect(summary.speakers.map((s) => [s.speaker, s.talkMs])).toEqual([
      ['Speaker 1', talk('Speaker 1')],
      ['Speaker 2', talk('Speaker 2')],
    ]);
    for (const s of summary.speakers) {
      const own = lines.filter((l) => l.speaker === s.speaker).map((l) => l.text);
      expect(own.some((t) => s.summary.startsWith(t))).toBe(true);
    }
  });

  it('draws a mind map of title, chapters and their points, at most four levels deep', () => {
    const { mindMap } = summary;
    expect(mindMap.text).toBe('Evening talks');
    expect(depth(mindMap)).toBeLessThanOrEqual(4);
    expect(mindMap.children.map((c) => [c.text, c.start])).toEqual(summary.chapters.map((c) => [c.title, c.start]));
    for (const point of summary.keyPoints) {
      const chapter = [...mindMap.children].reverse().find((c) => c.start! <= point.start)!;
      expect(chapter.children.map((c) => c.text)).toContain(point.text);
    }
  });
});

describe('extractive summary of a Chinese transcript', () => {
  const ai = [
    '今天我们先讨论人工智能在公司里的应用。',
    '人工智能可以帮助客服部门自动回答常见问题。',
    '研发团队正在用机器学习训练新的推荐模型。',
    '机器学习模型需要大量干净的训练数据。',
    '人工智能生成的报告还需要人工审核。',
    '明年我们计划把人工智能接入销售系统。',
    '数据安全是人工智能项目必须考虑的问题。',
    '模型训练的成本比去年降低了一半。',
    '机器学习团队下个月会招聘两名工程师。',
    '人工智能项目的预算由技术部门负责。',
    '每个季度我们会评估人工智能带来的效率提升。',
    '关于人工智能的讨论就先到这里。',
  ];
  const weather = [
    '接下来说一下本周的天气和出行安排。',
    '天气预报说周三开始会有大范围降雨。',
    '降雨期间请大家注意交通安全，提前出门。',
    '周四气温会明显下降，最低只有五度。',
    '天气变冷以后办公室的暖气会提前开启。',
    '周五的户外团建因为天气原因改到室内。',
    '如果遇到暴雨，大家可以申请在家办公。',
    '周末天气转晴，气温慢慢回升。',
    '天气好的时候公司班车恢复正常时间。',
    '出差的同事请关注目的地的天气预报。',
    '下雨天开车要减速慢行，保持车距。',
    '天气的事情就说到这里，谢谢大家。',
  ];
  const lines = [...ai, ...weather].map((text, i) => ({ start: i * 6_000, end: i * 6_000 + 5_500, text, speaker: '' }));
  let summary: SummarizeResponse;

  beforeAll(async () => {
    const { status, json } = await summarize({ language: 'zh-CN', title: '周会', kind: 'meeting', lines });
    expect(status).toBe(200);
    summary = json;
  });

  it('names topics with whole words, never single characters, joined with 、', () => {
    const keywords = summary.chapters.flatMap((c) => c.title.split('、'));
    expect(keywords.length).toBeGreaterThanOrEqual(2);
    for (const word of keywords) expect([...word].length, word).toBeGreaterThanOrEqual(2);
    expect(keywords).toContain('人工智能');
    expect(keywords).toContain('天气');
  });

  it('splits the meeting where it turns from AI to the weather', () => {
    expect(summary.chapters).toHaveLength(2);
    expect(Math.abs(lineIndexAt(lines, summary.chapters[1]!.start) - ai.length)).toBeLessThanOrEqual(1);
    expect(summary.chapters[0]!.title).toContain('人工智能');
    expect(summary.chapters[1]!.title).toContain('天气');
    // Chinese sentences are joined without spaces.
    expect(summary.chapters[0]!.summary).not.toMatch(/。 /);
  });

  it('has no speaker summaries when no line names a speaker', () => {
    expect(summary.speakers).toEqual([]);
    expect(summary.mindMap.text).toBe('周会');
    expect(depth(summary.mindMap)).toBeLessThanOrEqual(4);
  });
});

describe('extractive summary edge cases', () => {
  it('cuts a very long key point at a word boundary with an ellipsis', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `the committee reviewed budget item number ${i + 1} in detail`).join(' and ');
    const lines = [
      { start: 0, end: 4_000, text: 'The committee met to review the annual budget.' },
      { start: 4_000, end: 60_000, text: long },
      { start: 60_000, end: 64_000, text: 'The budget review ends with a vote next week.' },
    ];
    const { status, json } = await summarize({ language: 'en-US', title: 'Budget', lines });
    expect(status).toBe(200);
    expect(json.chapters).toHaveLength(1);
    const point = json.keyPoints.find((k) => k.start === 4_000)!;
    expect(point.text.length).toBeLessThanOrEqual(200);
    expect(point.text.endsWith('…')).toBe(true);
    const kept = point.text.slice(0, -1);
    expect(`T${long.slice(1)}`.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toMatch(/\s/);
  });

  // Its time is measured by `npm run bench:summary`, against a 10-minute transcript's, not asserted here.
  it('summarises an hour of transcript with capped key points, several chapters and every speaker', async () => {
    const hour = longTranscript(60);
    expect(hour.length).toBeGreaterThan(800);
    const { status, json } = await summarize({ language: 'en-US', title: 'All hands', lines: hour });
    expect(status).toBe(200);
    // 3 + 1 per 5 minutes, capped at 12.
    expect(json.keyPoints).toHaveLength(12);
    expect(json.chapters.length).toBeGreaterThan(3);
    expect(json.speakers.map((s) => s.speaker).sort()).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 3', 'Speaker 4']);
  });

  it('answers 400 with the reason for requests it cannot use', async () => {
    const none = await summarize({ language: 'en-US', title: 'x', lines: [] });
    expect(none.status).toBe(400);
    expect(none.json.error?.code).toBe('bad_request');
    expect(none.json.error?.message).toMatch(/^lines/);
    const wrong = await summarize({ language: 'en-US', title: 'x', lines: [{ start: 'soon', end: 1_000, text: 5 }] });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.message).toContain('lines.0.start');
    expect(wrong.json.error?.message).toContain('lines.0.text');
    const kind = await summarize({ language: 'en-US', title: 'x', kind: 'lecture', lines: [{ start: 0, end: 1, text: 'hi' }] });
    expect(kind.status).toBe(400);
    const raw = await fetch(`${ctx.engine.url}/v1/summarize`, { method: 'POST', body: '{', headers: { ...auth, 'content-type': 'application/json' } });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });
});

describe('summary prompt (shared with the Workers AI provider)', () => {
  const request = (lines: SummarizeRequest['lines'], kind: 'record' | 'meeting' = 'record') =>
    summarizeRequest.parse({ language: 'en-US', title: 'Weekly sync', kind, lines });

  it('keeps lines spread evenly over a long transcript, with their own indices, within the budget', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => ({ start: i * 3_000, end: i * 3_000 + 2_500, text: `point number ${i} about the plan` }));
    const [system, user] = summaryMessages(request(lines), 6_000);
    expect(system!.content).toContain('JSON');
    const indices = [...user!.content.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
    expect(user!.content.length).toBeLessThan(6_500);
    expect(indices.length).toBeGreaterThan(100);
    expect(indices[0]).toBeLessThan(30);
    expect(indices.at(-1)).toBeGreaterThan(1_970);
    // Even in time: longer lines (more digits) are kept a little less often, never in runs or gaps.
    const gaps = indices.slice(1).map((x, i) => x - indices[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1.5 * Math.min(...gaps));
    // Past the hour, times read h:mm:ss.
    const last = indices.at(-1)!;
    const [h, m, sec] = [Math.floor((last * 3) / 3600), Math.floor((last * 3) / 60) % 60, (last * 3) % 60];
    const clock = `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
    expect(user!.content).toContain(`[${last}] ${clock} point number ${last} about the plan`);
  });

  it('drops what does not fit and refuses a reply with no usable chapter', () => {
    const req = request([
      { start: 0, end: 1_000, text: 'hello', speaker: 'A' },
      { start: 2_000, end: 5_000, text: 'agenda', speaker: 'B' },
    ]);
    expect(parseSummary('no JSON here', req)).toBeNull();
    expect(parseSummary('{"chapters":[{"line":7,"title":"Beyond the end","summary":""}]}', req)).toBeNull();
    const ok = parseSummary(
      '<think>{"draft":true}</think>```json\n{"chapters":[{"line":"1","title":"Agenda"},{"line":9,"title":"Bad"}],"keyPoints":[{"line":1,"text":"Agenda set"},{"line":"x"}],"speakers":"none"}\n```',
      req,
    )!;
    expect(ok.chapters).toEqual([{ start: 0, end: 5_000, title: 'Agenda', summary: '' }]);
    expect(ok.keyPoints).toEqual([{ text: 'Agenda set', start: 2_000 }]);
    expect(ok.speakers).toEqual([
      { speaker: 'B', talkMs: 3_000, summary: '' },
      { speaker: 'A', talkMs: 1_000, summary: '' },
    ]);
  });
});

describe('action items, decisions and open questions of a meeting, offline', () => {
  const said = (lines: [string, string][]) => lines.map(([speaker, text], i) => ({ start: i * 4_000, end: i * 4_000 + 3_500, text, speaker, id: 900 + i }));

  it('finds who does what by when in English, counting dates from the recording day', async () => {
    // 2026-06-03 is a Wednesday.
    const lines = said([
      ['Ann', 'The release notes still need screenshots.'],
      ['Ann', 'Ben, can you take the screenshots by Friday?'],
      ['Ben', 'Sure, I can do that.'],
      ['Ben', "We've decided to ship without the dark theme."],
      ['Ann', "I'll tell support about it tomorrow."],
      ['Ben', "We still don't know whether the beta users get it first."],
    ]);
    const { status, json } = await summarize({ language: 'en-US', title: 'Release', kind: 'meeting', date: '2026-06-03', lines });
    expect(status).toBe(200);
    expect(json.actionItems.map(({ owner, due, lineId, start, done }) => ({ owner, due, lineId, start, done }))).toEqual([
      { owner: 'Ben', due: '2026-06-05', lineId: 901, start: 4_000, done: false },
      { owner: 'Ann', due: '2026-06-04', lineId: 904, start: 16_000, done: false },
    ]);
    expect(json.actionItems[0]!.text).toContain('screenshots');
    // Ben is a speaker: his first line is where a rename of him is read from.
    expect(json.actionItems[0]!.ownerLineId).toBe(902);
    expect(json.decisions).toEqual([{ text: lines[3]!.text, lineId: 903, start: 12_000 }]);
    expect(json.questions.map((q) => q.lineId)).toEqual([905]);
  });

  it('finds them in Chinese: 由…跟进, 我来, 下周三前, 月底', async () => {
    // 2026-06-03 is a Wednesday: 下周三 is 2026-06-10.
    const lines = said([
      ['陈刚', '接口文档由林峰跟进，下周三前写完。'],
      ['林峰', '好的。'],
      ['陈刚', '测试环境我来搭，月底前搞定。'],
      ['林峰', '那就定了，先上线安卓版。'],
    ]);
    const { status, json } = await summarize({ language: 'zh-CN', title: '周会', kind: 'meeting', date: '2026-06-03', lines });
    expect(status).toBe(200);
    expect(json.actionItems.map(({ owner, due, lineId }) => ({ owner, due, lineId }))).toEqual([
      { owner: '林峰', due: '2026-06-10', lineId: 900 },
      { owner: '陈刚', due: '2026-06-30', lineId: 902 },
    ]);
    expect(json.decisions.map((d) => d.lineId)).toEqual([903]);
  });

  it('names the one asked when the recogniser wrote no capitals or commas, and a Chinese task put without 你', async () => {
    // As PocketSphinx writes it: "bob can you…" is put to Bob, not to whoever speaks next.
    const bare = said([
      ['Speaker 1', 'bob can you send the budget report by friday'],
      ['Speaker 2', 'sure i will book the room for next wednesday'],
      ['Speaker 1', 'so can you check the numbers'],
    ]);
    const en = await summarize({ language: 'en-US', title: 'x', kind: 'meeting', date: '2026-06-03', lines: bare });
    expect(en.json.actionItems.map(({ owner, due }) => ({ owner, due }))).toEqual([
      { owner: 'Bob', due: '2026-06-05' },
      { owner: 'Speaker 2', due: '2026-06-10' },
      { owner: 'Speaker 2', due: null },
    ]);
    const zh = await summarize({
      language: 'zh-CN',
      title: '周会',
      kind: 'meeting',
      date: '2026-06-03',
      lines: said([
        ['说话人1', '李明，下周三前把报告发给我。'],
        ['说话人2', '王芳，我来负责测试。'],
      ]),
    });
    expect(zh.json.actionItems.map(({ owner, due }) => ({ owner, due }))).toEqual([
      { owner: '李明', due: '2026-06-10' },
      { owner: '说话人2', due: null },
    ]);
  });

  it('gives no due date when the day of the recording is not known', async () => {
    const { json } = await summarize({ language: 'en-US', title: 'x', lines: said([['Ann', "I'll send the invoice by Friday."]]) });
    expect(json.actionItems).toMatchObject([{ owner: 'Ann', due: null }]);
  });
});

describe('summary by an OpenAI-compatible chat model', () => {
  const MODEL = 'qwen2.5-7b-instruct';
  const fake = new FakeOpenAI();
  let llm: RunningEngine;
  const lines = topicLines(TOPICS.slice(0, 3));
  const ask = (kind: 'record' | 'meeting' = 'meeting') =>
    postJson(llm.url, '/v1/summarize', { language: 'en-US', title: 'Team meeting', kind, date: '2026-06-03', lines });
  const answer = {
    chapters: [
      { line: 0, title: 'Dinner', summary: 'How to cook pasta with tomato sauce.' },
      { line: 12, title: 'Night sky', summary: 'Planets and how to find them.' },
      { line: 24, title: 'The match', summary: 'A comeback win that tops the league.' },
    ],
    speakers: [
      { speaker: 'Speaker 1', summary: 'Explained the recipe and the penalty.' },
      { speaker: 'Speaker 2', summary: 'Described Jupiter and Saturn.' },
    ],
    keyPoints: [
      { line: 30, text: 'The team won with a late penalty.' },
      { line: 2, text: 'Garlic and onion go in first.' },
    ],
    actionItems: [{ line: 13, text: 'Find Saturn with binoculars.', owner: 'Speaker 2', due: '2026-06-05' }],
    decisions: [{ line: 26, text: 'The team keeps its coach.' }],
    questions: [{ line: 99, text: 'A line the transcript does not have.' }],
  };

  beforeAll(async () => {
    await fake.start();
    const env = loadConfig({ ENGINE_OPENAI_CHAT_URL: fake.url, ENGINE_OPENAI_CHAT_KEY: fake.key, ENGINE_OPENAI_CHAT_MODEL: MODEL });
    llm = await startEngine({ openaiChat: env.openaiChat });
  });

  afterAll(async () => {
    await llm?.close();
    await fake.close();
  });

  it('sends the numbered lines with the key and model, and times chapters from the line indices', async () => {
    fake.reply = () => `<think>The user wants minutes.</think>\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``;
    const { status, json } = await ask();
    expect(status).toBe(200);
    const chat = fake.chats.at(-1)!;
    expect(chat.authorization).toBe(`Bearer ${fake.key}`);
    expect(chat.model).toBe(MODEL);
    expect(chat.messages[0]!.content).toContain('minutes of a meeting');
    expect(chat.messages[0]!.content).toContain('English (en-US)');
    // Structured output: the reply's schema, and the day "by Friday" is counted from.
    expect(chat.responseFormat?.type).toBe('json_schema');
    expect(chat.responseFormat?.json_schema?.schema).toMatchObject({ required: expect.arrayContaining(['actionItems', 'decisions', 'questions']) });
    expect(chat.messages[0]!.content).toContain('2026-06-03 (Wednesday)');
    const user = chat.messages[1]!.content;
    expect(user).toContain(`[0] 00:00 Speaker 1: ${lines[0]!.text}`);
    expect(user).toContain(`[13] 01:05 Speaker 2: ${lines[13]!.text}`);
    expect(user).toContain('[35] 02:55');

    expect(json.backend).toBe('openai-compatible');
    expect(json.method).toBe('llm');
    expect(json.chapters).toEqual([
      { start: 0, end: lines[12]!.start, title: 'Dinner', summary: answer.chapters[0]!.summary },
      { start: lines[12]!.start, end: lines[24]!.start, title: 'Night sky', summary: answer.chapters[1]!.summary },
      { start: lines[24]!.start, end: lines[35]!.end, title: 'The match', summary: answer.chapters[2]!.summary },
    ]);
    expect(json.keyPoints).toEqual([
      { text: 'Garlic and onion go in first.', start: lines[2]!.start },
      { text: 'The team won with a late penalty.', start: lines[30]!.start },
    ]);
    expect(json.speakers).toEqual([
      { speaker: 'Speaker 1', talkMs: 18 * 4_500, summary: answer.speakers[0]!.summary },
      { speaker: 'Speaker 2', talkMs: 18 * 4_500, summary: answer.speakers[1]!.summary },
    ]);
    expect(json.actionItems).toEqual([
      {
        id: 0,
        text: 'Find Saturn with binoculars.',
        owner: 'Speaker 2',
        ownerLineId: null,
        due: '2026-06-05',
        lineId: null,
        start: lines[13]!.start,
        done: false,
      },
    ]);
    expect(json.decisions).toEqual([{ text: 'The team keeps its coach.', lineId: null, start: lines[26]!.start }]);
    expect(json.questions).toEqual([]);
    expect(json.mindMap.text).toBe('Team meeting');
    expect(json.mindMap.children.map((c: MindMapNode) => c.children.map((p) => p.text))).toEqual([
      ['Garlic and onion go in first.'],
      ['Planets and how to find them.'],
      ['The team won with a late penalty.'],
    ]);
    const caps = (await (await fetch(`${llm.url}/v1/capabilities`, { headers: auth })).json()) as { summary: { backend: string } };
    expect(caps.summary.backend).toBe('openai-compatible');
  });

  it('asks for a summary, not minutes, for a recording', async () => {
    fake.reply = () => JSON.stringify(answer);
    expect((await ask('record')).status).toBe(200);
    expect(fake.chats.at(-1)!.messages[0]!.content).toContain('a summary of a recording');
  });

  it('answers 502 with a clear reason when the reply is not a summary', async () => {
    fake.reply = () => 'I am sorry, I cannot summarise this meeting.';
    const broken = await ask();
    expect(broken.status).toBe(502);
    expect(broken.json.error.code).toBe('upstream');
    expect(broken.json.error.message).toContain('did not return a summary');
    expect(broken.json.error.message).toContain('I am sorry');

    fake.failNext(SERVER_ERROR);
    const down = await ask();
    expect(down.status).toBe(502);
    expect(down.json.error.message).toContain(SERVER_ERROR.message);
  });
});
