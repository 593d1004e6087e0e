/**
 * The engine's OpenAI-compatible backends (ENGINE_OPENAI_ASR_* and ENGINE_OPENAI_CHAT_*) with real ffmpeg and
 * Silero VAD, talking over HTTP to FakeOpenAI: a stand-in for the remote service, which this machine cannot
 * reach. Speech is made with espeak-ng from known Chinese and Japanese sentences.
 */
import { writeFileSync } from 'node:fs';
import type { StreamServerMessage } from '../../contracts/engine';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../engine/config';
import { ASK_REPLY_TOKENS, askMessages } from '../../contracts/ask-prompt';
import { ENGINE_PATHS } from '../../contracts/engine';
import { chatStreamTexts } from '../../contracts/server-events';
import { EMBEDDING_DIM } from '../../engine/backends/diarization/mfcc';
import { LLM_CONTEXT, translationMessages } from '../../contracts/engine-translate';
import { BATCH_MAX_LINES, translationBatches } from '../../contracts/translation-batches';
import { FakeOpenAI, SERVER_ERROR, parseWav, speechExtent, type ReceivedAudio, type ReceivedChat } from './fake-openai';
import { auth, file, post, postJson, sh, speak, startEngine, streamPcm, tempDir, type RunningEngine } from './helpers';

const ASR_MODEL = 'whisper-large-v3';
const CHAT_MODEL = 'qwen2.5-7b-instruct';
const RATE = 16_000;

const fake = new FakeOpenAI();
let engine: RunningEngine;
let tmp: ReturnType<typeof tempDir>;

beforeAll(async () => {
  tmp = tempDir();
  await fake.start();
  // Configured the way a deployment is: through the environment.
  const env = loadConfig({
    ENGINE_OPENAI_ASR_URL: fake.url,
    ENGINE_OPENAI_ASR_KEY: fake.key,
    ENGINE_OPENAI_ASR_MODEL: ASR_MODEL,
    ENGINE_OPENAI_CHAT_URL: `${fake.url}/`,
    ENGINE_OPENAI_CHAT_KEY: fake.key,
    ENGINE_OPENAI_CHAT_MODEL: CHAT_MODEL,
  });
  engine = await startEngine({ openaiAsr: env.openaiAsr, openaiChat: env.openaiChat });
});

afterAll(async () => {
  await engine?.close();
  await fake.close();
  tmp?.cleanup();
});

/** A 16 kHz mono WAV of the sentences with silence around and between them, and each one's true speech span. */
function recording(name: string, sentences: string[], voice: string) {
  const gap = new Int16Array(1.2 * RATE);
  const parts: Int16Array[] = [new Int16Array(RATE)];
  let at = RATE;
  const spans = sentences.map((text, i) => {
    const pcm = parseWav(file(speak(join(tmp.dir, `${name}${i}.wav`), text, voice)));
    const extent = speechExtent(pcm)!;
    parts.push(pcm, gap);
    const span = { start: at / RATE + extent.start, end: at / RATE + extent.end };
    at += pcm.length + gap.length;
    return span;
  });
  const all = new Int16Array(at);
  let offset = 0;
  for (const p of parts) {
    all.set(p, offset);
    offset += p.length;
  }
  const raw = join(tmp.dir, `${name}.s16le`);
  writeFileSync(raw, all);
  const path = join(tmp.dir, `${name}.wav`);
  sh('ffmpeg', ['-v', 'error', '-y', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', raw, path]);
  return { path, spans, seconds: all.length / RATE };
}

/** The fake model "recognises" an utterance as the sentence whose spoken length is closest to what it received. */
function recogniser(sentences: string[], spans: { start: number; end: number }[]) {
  return (audio: ReceivedAudio) => {
    const heard = audio.speech ? audio.speech.end - audio.speech.start : 0;
    const distance = (i: number) => Math.abs(spans[i]!.end - spans[i]!.start - heard);
    return sentences[sentences.map((_, i) => i).sort((a, b) => distance(a) - distance(b))[0]!]!;
  };
}

const transcribe = (path: string, language: string) => post(engine.url, `/v1/asr/transcribe?language=${language}`, file(path));
const bearer = () => `Bearer ${fake.key}`;

describe('capabilities with OpenAI-compatible endpoints configured', () => {
  it('offers batch recognition of every language through the transcription endpoint, English staying on PocketSphinx', async () => {
    const res = await fetch(`${engine.url}/v1/capabilities`, { headers: auth });
    const caps = (await res.json()) as any;
    const batch = (code: string) => caps.asr.batch.find((l: any) => l.code === code);
    for (const code of ['zh-CN', 'zh-TW', 'ja-JP', 'ko-KR']) {
      expect(batch(code)).toEqual({ code, available: true, backend: 'openai-compatible', reason: null });
    }
    expect(batch('en-US').backend).toBe('pocketsphinx');
    // Live recognition hears the VAD's utterances through the same endpoint.
    expect(caps.asr.stream.find((l: any) => l.code === 'zh-CN')).toEqual({ code: 'zh-CN', available: true, backend: 'openai-compatible', reason: null });
  });

  it('offers every translation pair, the chat model taking those no local translator serves', async () => {
    const res = await fetch(`${engine.url}/v1/capabilities`, { headers: auth });
    const { translation } = (await res.json()) as any;
    const pair = (from: string, to: string) => translation.pairs.find((p: any) => p.from === from && p.to === to)?.backend;
    expect(pair('zh-CN', 'en-US')).toBe('openai-compatible');
    expect(pair('en-US', 'ja-JP')).toBe('openai-compatible');
    expect(pair('zh-CN', 'zh-TW')).toBe('opencc');
    expect(pair('en-US', 'es-ES')).toBe('apertium');
    expect(translation.unavailable).toEqual([]);
  });
});

describe('batch recognition through an OpenAI-compatible /audio/transcriptions endpoint', () => {
  const ZH = ['你好。', '今天我们讨论下个季度的预算。', '会议记录明天上午发给所有参加会议的同事请大家注意查收。'];
  let zh: ReturnType<typeof recording>;
  let ja: ReturnType<typeof recording>;

  beforeAll(() => {
    zh = recording('zh', ZH, 'cmn');
    ja = recording('ja', ['こんにちは、きょうはいいてんきですね。'], 'ja');
  });

  it('sends one WAV per VAD utterance, widened for the recogniser, and returns the upstream text on the voice’s times, words on the recording clock', async () => {
    fake.hear = recogniser(ZH, zh.spans);
    const before = fake.audio.length;
    const { status, json } = await transcribe(zh.path, 'zh-CN');
    expect(status).toBe(200);
    expect(json).toMatchObject({ language: 'zh-CN', backend: 'openai-compatible' });
    expect(json.duration).toBeCloseTo(zh.seconds, 1);
    expect(json.segments.map((s: any) => s.text)).toEqual(ZH);

    json.segments.forEach((seg: any, i: number) => {
      const truth = zh.spans[i]!;
      // The line is timed by the voice the VAD found, not the padding the recogniser heard around it, so
      // neighbouring lines never share time.
      expect(Math.abs(seg.start - truth.start)).toBeLessThan(0.3);
      expect(Math.abs(seg.end - truth.end)).toBeLessThan(0.5);
      // Word times from the upstream (relative to the small WAV) moved onto the recording's clock, inside their line.
      expect(seg.words.map((w: any) => w.word).join('')).toBe(ZH[i]!.replace(/。/g, ''));
      expect(seg.words[0].start).toBeCloseTo(Math.max(truth.start, seg.start), 1);
      expect(seg.words.at(-1).end).toBeCloseTo(Math.min(truth.end, seg.end), 1);
      for (const w of seg.words) {
        expect(w.start).toBeGreaterThanOrEqual(seg.start);
        expect(w.end).toBeLessThanOrEqual(seg.end);
      }
    });

    const received = fake.audio.slice(before);
    expect(received).toHaveLength(ZH.length);
    for (const a of received) {
      expect(a).toMatchObject({ authorization: bearer(), model: ASR_MODEL, language: 'zh', responseFormat: 'verbose_json', granularities: ['word'] });
    }
    // Each WAV is one segment's audio with 0.25 s more on each side (as far as the recording goes).
    const lengths = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100).sort((a, b) => a - b);
    const padded = json.segments.map((s: any) => Math.min(s.end + 0.25, json.duration) - Math.max(s.start - 0.25, 0));
    for (const [i, seconds] of lengths(received.map((a) => a.seconds)).entries()) expect(seconds).toBeCloseTo(lengths(padded)[i]!, 1);
  });

  it('tells the upstream the language as an ISO-639-1 code (ja-JP → ja)', async () => {
    fake.hear = (a) => (a.language === 'ja' ? 'こんにちは、今日はいい天気ですね。' : 'wrong language');
    const before = fake.audio.length;
    const { status, json } = await transcribe(ja.path, 'ja-JP');
    expect(status).toBe(200);
    expect(fake.audio.slice(before).map((a) => a.language)).toEqual(['ja']);
    expect(json.segments).toHaveLength(1);
    expect(json.segments[0].text).toBe('こんにちは、今日はいい天気ですね。');
    expect(json.segments[0].words.map((w: any) => w.word).join('')).toBe('こんにちは今日はいい天気ですね');
  });

  it('reports a refused key as an upstream error, not as an empty transcript', async () => {
    fake.hear = recogniser(ZH, zh.spans);
    const key = fake.key;
    fake.key = 'sk-rotated-key';
    try {
      const { status, json } = await transcribe(zh.path, 'zh-CN');
      expect(status).toBe(502);
      expect(json.error.code).toBe('upstream');
      expect(json.error.message).toMatch(/401/);
      expect(json.error.message).toMatch(/Incorrect API key/);
      expect(json.segments).toBeUndefined();
    } finally {
      fake.key = key;
    }
  });

  it('reports a failing upstream (500) as an upstream error', async () => {
    fake.failNext(SERVER_ERROR);
    const { status, json } = await transcribe(ja.path, 'ja-JP');
    expect(status).toBe(502);
    expect(json.error.code).toBe('upstream');
    expect(json.error.message).toMatch(/500/);
  });

  it('reports an upstream that drops the connection as an upstream error', async () => {
    fake.failNext('drop');
    const { status, json } = await transcribe(ja.path, 'ja-JP');
    expect(status).toBe(502);
    expect(json.error.code).toBe('upstream');
  });

  it('keeps serving after upstream failures', async () => {
    fake.hear = recogniser(ZH, zh.spans);
    const { status, json } = await transcribe(zh.path, 'zh-CN');
    expect(status).toBe(200);
    expect(json.segments.map((s: any) => s.text)).toEqual(ZH);
  });
});

describe('contextual translation through an OpenAI-compatible /chat/completions endpoint', () => {
  const GLOSSARY = [{ source: '听译', target: 'Tingyi' }];
  const zh = (n: number) => `第${n}项：听译的预算。`;
  const en = (n: number, term: string) => `Item ${n}: the ${term} budget.`;

  /** The fake model: translates the numbered sentences, using a glossary term only if the prompt imposes it. */
  const model = (chat: ReceivedChat) => {
    const system = chat.messages.find((m) => m.role === 'system')!.content;
    const user = chat.messages.find((m) => m.role === 'user')!.content;
    const term = system.includes('"听译" => "Tingyi"') ? 'Tingyi' : 'listening translation';
    const sentences = user.split('Sentences:')[1]!.trim().split('\n');
    return JSON.stringify({
      translations: sentences.map((line) => en(Number(/^\d+\. 第(\d+)项/.exec(line)![1]), term)),
    });
  };

  it('translates in batches sized as the Worker sizes them, with the shared prompt, glossary terms and the preceding sentences as context, in order', async () => {
    fake.reply = model;
    // More lines than one batch may hold: two calls, not one per 20 lines.
    const count = BATCH_MAX_LINES + 5;
    const texts = Array.from({ length: count }, (_, i) => zh(i + 1));
    const before = fake.chats.length;
    const { status, json } = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts, glossary: GLOSSARY });
    expect(status).toBe(200);
    expect(json.backend).toBe('openai-compatible');
    expect(json.texts).toEqual(texts.map((_, i) => en(i + 1, 'Tingyi')));

    const chats = fake.chats.slice(before);
    const batches = translationBatches(texts, (t) => t);
    expect(batches.map((b) => b.length)).toEqual([BATCH_MAX_LINES, 5]);
    expect(chats).toHaveLength(batches.length);
    chats.forEach((chat, b) => {
      const start = batches.slice(0, b).reduce((n, x) => n + x.length, 0);
      const batch = batches[b]!;
      const context = texts.slice(Math.max(0, start - LLM_CONTEXT), start);
      expect(chat).toMatchObject({ authorization: bearer(), model: CHAT_MODEL });
      expect(chat.messages).toEqual(translationMessages('zh-CN', 'en-US', batch, context, GLOSSARY));
      expect(chat.messages[0]!.content).toContain('Chinese (Simplified) (zh-CN) into English (en-US)');
      expect(chat.messages[0]!.content).toContain('- "听译" => "Tingyi"');
      const user = chat.messages[1]!.content;
      if (b === 0) expect(user).not.toContain('Context');
      else expect(user).toContain(`Context (already translated, do not translate again):\n${context.join('\n')}\n`);
      expect(user).toContain(`1. ${texts[start]}`);
      expect(user).toContain(`${batch.length}. ${batch.at(-1)}`);
    });
  });

  it('does not impose a term when no glossary is given', async () => {
    fake.reply = model;
    const { json } = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1)] });
    expect(json.texts).toEqual([en(1, 'listening translation')]);
    expect(fake.chats.at(-1)!.messages[0]!.content).not.toContain('=>');
  });

  it('answers 502 when the model returns the wrong number of translations, never the input', async () => {
    fake.reply = () => '```json\n{"translations": ["Item 1: the Tingyi budget."]}\n```';
    const { status, json } = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1), zh(2)], glossary: GLOSSARY });
    expect(status).toBe(502);
    expect(json.error.code).toBe('upstream');
    expect(json.error.message).toMatch(/2 translations/);
    expect(json.texts).toBeUndefined();
  });

  it('answers 502 when the model does not answer in the asked format', async () => {
    fake.reply = () => 'Item 1: the Tingyi budget.';
    const { status, json } = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1)] });
    expect(status).toBe(502);
    expect(json.error.code).toBe('upstream');
  });

  it('reports a refused key and a failing upstream as upstream errors', async () => {
    fake.reply = model;
    const key = fake.key;
    fake.key = 'sk-rotated-key';
    try {
      const refused = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1)] });
      expect(refused.status).toBe(502);
      expect(refused.json.error.code).toBe('upstream');
      expect(refused.json.error.message).toMatch(/401/);
      expect(refused.json.error.message).toMatch(/Incorrect API key/);
    } finally {
      fake.key = key;
    }
    fake.failNext(SERVER_ERROR);
    const failed = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1)] });
    expect(failed.status).toBe(502);
    expect(failed.json.error.message).toMatch(/500/);
  });

  it('reports an upstream that drops the connection as an upstream error', async () => {
    fake.failNext('drop');
    const { status, json } = await postJson(engine.url, '/v1/translate', { from: 'zh-CN', to: 'en-US', texts: [zh(1)] });
    expect(status).toBe(502);
    expect(json.error.code).toBe('upstream');
  });
});

describe('FakeOpenAI holds requests to the real service contract', () => {
  it('refuses a missing key and a body that is not multipart, in OpenAI error shape', async () => {
    const anonymous = await fetch(`${fake.url}/audio/transcriptions`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as any).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringMatching(/API key/) });
    const json = await fetch(`${fake.url}/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: bearer(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it('refuses audio that is not 16 kHz mono PCM16 WAV and a language that is not ISO-639-1', async () => {
    const tone = (name: string, args: string[]) => {
      const out = join(tmp.dir, name);
      sh('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', ...args, out]);
      return out;
    };
    const stereo = tone('stereo.wav', ['-ac', '2', '-ar', '44100']);
    const mono = tone('mono.wav', ['-ac', '1', '-ar', String(RATE), '-c:a', 'pcm_s16le']);
    const form = (language: string, path: string) => {
      const f = new FormData();
      f.append('file', new Blob([file(path)], { type: 'audio/wav' }), 'a.wav');
      f.append('model', ASR_MODEL);
      f.append('response_format', 'verbose_json');
      f.append('language', language);
      return f;
    };
    const call = (body: FormData) => fetch(`${fake.url}/audio/transcriptions`, { method: 'POST', headers: { authorization: bearer() }, body });
    const wrongAudio = await call(form('zh', stereo));
    expect(wrongAudio.status).toBe(400);
    expect(((await wrongAudio.json()) as any).error.param).toBe('file');
    expect((await call(form('zh', mono))).status).toBe(200);
    const wrongLanguage = await call(form('zh-CN', mono));
    expect(wrongLanguage.status).toBe(400);
    expect(((await wrongLanguage.json()) as any).error.code).toBe('invalid_language_format');
  });
});

type Message<T extends StreamServerMessage['type']> = Extract<StreamServerMessage, { type: T }>;
const only = <T extends StreamServerMessage['type']>(messages: StreamServerMessage[], type: T) => messages.filter((m): m is Message<T> => m.type === type);

/** Streams a WAV's PCM to the live endpoint; every message back. */
const streamLive = (path: string, query: string) => streamPcm(engine.url, file(path).subarray(44), query);

describe('live recognition through an OpenAI-compatible /audio/transcriptions endpoint', () => {
  const ZH = ['大家好，欢迎参加今天的会议。', '今天我们讨论下个季度的预算和招聘计划，请大家先看一下材料。'];
  let zh: ReturnType<typeof recording>;

  beforeAll(() => {
    zh = recording('live-zh', ZH, 'cmn');
  });

  it('gives each utterance the Chinese final the recogniser hears, partials from the growing utterance, and the speaker embedding', async () => {
    fake.hear = recogniser(ZH, zh.spans);
    const before = fake.audio.length;
    const messages = await streamLive(zh.path, 'language=zh-CN&embeddings=true');
    expect(messages[0]).toMatchObject({ type: 'ready', backend: 'openai-compatible', language: 'zh-CN' });
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);
    const finals = only(messages, 'final');
    expect(finals.map((f) => f.text)).toEqual(ZH);
    finals.forEach((f, i) => {
      expect(Math.abs(f.start - zh.spans[i]!.start)).toBeLessThan(0.8);
      expect(Math.abs(f.end - zh.spans[i]!.end)).toBeLessThan(0.8);
      expect(f.embedding?.length).toBeGreaterThan(0);
      // Word times on the stream's clock, inside the utterance.
      expect(f.words?.[0]?.start).toBeGreaterThanOrEqual(f.start);
    });
    // The long second sentence (about 6 s) is re-heard as it grows: partials come before its final.
    const partials = only(messages, 'partial').filter((m) => m.utterance === finals[1]!.utterance);
    expect(partials.length).toBeGreaterThan(0);
    expect(messages.indexOf(partials[0]!)).toBeLessThan(messages.indexOf(finals[1]!));
    for (const p of partials) expect(p.end).toBeLessThanOrEqual(finals[1]!.end + 0.01);
    // Every request carried the language as ISO 639-1, and progress reached the end of the audio.
    for (const a of fake.audio.slice(before)) expect(a.language).toBe('zh');
    const heard = only(messages, 'heard');
    expect(heard.at(-1)!.end).toBeGreaterThan(zh.spans.at(-1)!.end);
    expect(messages.at(-1)).toEqual({ type: 'closed' });
  });

  it('only cuts utterances when the caller recognises them itself (recognise=false)', async () => {
    const before = fake.audio.length;
    const messages = await streamLive(zh.path, 'language=zh-CN&embeddings=true&recognise=false');
    expect(messages[0]).toMatchObject({ type: 'ready', backend: 'vad' });
    expect(fake.audio.length).toBe(before);
    const utterances = only(messages, 'utterance');
    expect(utterances).toHaveLength(ZH.length);
    utterances.forEach((u, i) => {
      expect(Math.abs(u.start - zh.spans[i]!.start)).toBeLessThan(0.8);
      expect(u.embedding?.length).toBeGreaterThan(0);
    });
    const speech = only(messages, 'speech').filter((m) => m.utterance === utterances[1]!.utterance);
    expect(speech.length).toBeGreaterThanOrEqual(3);
    expect(messages.some((m) => m.type === 'partial' || m.type === 'final')).toBe(false);
  });

  it('tells the live caller when the recogniser fails, instead of going quiet', async () => {
    fake.hear = recogniser(ZH, zh.spans);
    const key = fake.key;
    fake.key = 'sk-rotated-key';
    try {
      const messages = await streamLive(zh.path, 'language=zh-CN');
      const error = messages.find((m) => m.type === 'error');
      expect(error).toMatchObject({ type: 'error', code: 'upstream', message: expect.stringMatching(/401/) });
      expect(messages.some((m) => m.type === 'final')).toBe(false);
    } finally {
      fake.key = key;
    }
  });
});

describe('speaker embeddings for the lines another recogniser wrote', () => {
  it('measures the voice of each given span as file recognition does for its own segments', async () => {
    const zh = recording('spans', ['你好，我是第一位发言人。', '我是第二位。'], 'cmn');
    const segments = zh.spans.map(({ start, end }) => ({ start, end }));
    const { status, json } = await post(engine.url, `/v1/diarize/embeddings?segments=${encodeURIComponent(JSON.stringify(segments))}`, file(zh.path));
    expect(status).toBe(200);
    expect(json.embeddings).toHaveLength(2);
    expect(json.pitch).toHaveLength(2);
    // The kind of embedding the engine's own recognition gives a segment, and the voice's pitch.
    for (const e of json.embeddings) expect(e).toHaveLength(EMBEDDING_DIM);
    expect(json.embeddings[0]).not.toEqual(json.embeddings[1]);
    for (const p of json.pitch) expect(p).toBeGreaterThan(60);
  });
});

describe('answers to questions about records through an OpenAI-compatible /chat/completions endpoint', () => {
  const lines = [
    { record: 'Budget review', speaker: 'Lee', at: 4, text: 'We agreed to cut the travel budget by half.' },
    { record: 'Budget review', speaker: 'Ann', at: 12, text: '差旅预算减半，从下个月开始。' },
  ];
  const messages = askMessages({ question: 'What about the travel budget?', lines, language: 'en-US' });
  const askEngine = () =>
    fetch(`${engine.url}${ENGINE_PATHS.ask}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ messages }) });

  it('sends the Worker’s prompt with stream: true and gives the answer back in pieces as the model writes it', async () => {
    const full = 'They agreed to halve the travel budget from next month [1][2].';
    fake.reply = () => full;
    const release = fake.holdStream();
    const res = await askEngine();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // The Worker reads the engine's events as it reads Workers AI's (worker/services/search/answer-model.ts).
    const pieces = chatStreamTexts(res.body!)[Symbol.asyncIterator]();
    const first = await pieces.next();
    // The first piece arrives while the model still holds the rest of its answer.
    expect(first.value).toBe(full.slice(0, fake.streamPieceChars));
    release();
    const received = [first.value as string];
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) received.push(next.value);
    expect(received.join('')).toBe(full);
    expect(received.length).toBe(Math.ceil(full.length / fake.streamPieceChars));

    const chat = fake.chats.at(-1)!;
    expect(chat).toMatchObject({ model: CHAT_MODEL, stream: true, maxTokens: ASK_REPLY_TOKENS, authorization: `Bearer ${fake.key}` });
    // The prompt as the Worker made it: instructions in the system message, the retrieved lines only as data.
    expect(chat.messages).toEqual(messages);
    expect(chat.messages[1]!.content).toContain(JSON.stringify(lines[1]!.text));
  });

  it('answers a refusal of the model with its reason before any of the answer, so the Worker quotes instead', async () => {
    fake.failNext(SERVER_ERROR);
    const res = await askEngine();
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'upstream',
      message: expect.stringContaining('500'),
    });
  });
});
