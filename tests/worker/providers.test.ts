import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapabilitiesResponse, StreamServerMessage } from '../../contracts/engine';
import { Code } from '../../contracts/errors';
import { createApi } from '../../worker/app';
import { languages } from '../../worker/routes/languages';
import { languageLists } from '../../worker/services/languages';
import { providers, ProviderError } from '../../worker/services/providers';
import type { SummarizeResponse } from '../../contracts/summary';
import { EngineClient, EngineUnavailable, engineStream, engineSummarize, engineTranscribe, engineTranslate } from '../../worker/services/providers/engine';
import type { SummarizeInput } from '../../worker/services/providers/types';
import { MODELS, workersAiStream, workersAiSummarize, workersAiTranscribe, workersAiTranslate, type AiLike } from '../../worker/services/providers/workers-ai';

/** A capabilities document as the engine on a Debian machine answers it (en-US via PocketSphinx, OpenCC, Apertium en⇄es). */
const capabilities: CapabilitiesResponse = {
  engine: { version: '0.1.0', cores: 2 },
  media: { available: true, backend: 'ffmpeg 5.1', formats: ['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv'], reason: null },
  vad: { available: true, backend: 'silero-v5 (sherpa-onnx)', reason: null },
  asr: {
    batch: [
      { code: 'zh-CN', available: false, backend: null, reason: 'no recogniser for zh-CN is installed' },
      { code: 'en-US', available: true, backend: 'pocketsphinx', reason: null },
    ],
    stream: [
      { code: 'zh-CN', available: false, backend: null, reason: 'no recogniser for zh-CN is installed' },
      { code: 'en-US', available: true, backend: 'pocketsphinx', reason: null },
    ],
  },
  diarization: { available: true, backend: 'mfcc-agglomerative', reason: null },
  translation: {
    pairs: [
      { from: 'zh-CN', to: 'zh-TW', backend: 'opencc' },
      { from: 'zh-TW', to: 'zh-CN', backend: 'opencc' },
      { from: 'en-US', to: 'es-ES', backend: 'apertium' },
      { from: 'es-ES', to: 'en-US', backend: 'apertium' },
    ],
    unavailable: [],
  },
  summary: { backend: 'extractive' },
  models: [],
};

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch standing in for the engine: records calls and answers from a table keyed by path. */
function engineFetch(routes: Record<string, (init?: RequestInit) => Response>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const path = new URL(url).pathname;
    const route = routes[path];
    return route ? route(init) : Response.json({ error: { code: 'not_found', message: `no route ${path}` } }, { status: 404 });
  };
  return { fetch, calls };
}

/** A short meeting as the summary job sends it. */
const summaryInput: SummarizeInput = {
  language: 'en-US',
  title: 'Budget call',
  kind: 'meeting',
  lines: [
    { start: 0, end: 4_000, speaker: 'Speaker 1', text: 'The budget for next quarter is almost final.' },
    { start: 4_000, end: 9_000, speaker: 'Speaker 2', text: 'Travel is limited to two trips per person.' },
    { start: 9_000, end: 12_000, speaker: 'Speaker 1', text: 'Lin books the venue for the launch this week.' },
  ],
};

let engineUrl = 0;
/** A distinct engine URL per client, so the capabilities cache never leaks between tests. */
const client = (fetch: ReturnType<typeof engineFetch>['fetch']) => new EngineClient({ baseUrl: `http://engine-${++engineUrl}.test`, secret: 's3cret', fetch });

describe('engine provider', () => {
  it('transcribes by posting the audio to the engine with the options in the query, with the secret', async () => {
    const segments = [{ start: 0.2, end: 2.5, text: 'hello world', words: [{ word: 'hello', start: 0.2, end: 0.6 }] }];
    const f = engineFetch({
      '/v1/asr/transcribe': () => Response.json({ language: 'en-US', backend: 'pocketsphinx', duration: 3, segments, processingSeconds: 0.4 }),
    });
    const audio = new Uint8Array([82, 73, 70, 70]).buffer;
    const result = await engineTranscribe(client(f.fetch)).transcribe({ audio: async () => audio, language: 'en-US', embeddings: true });
    expect(result).toEqual({ language: 'en-US', duration: 3, segments });
    expect(f.calls[0]!.init!.method).toBe('POST');
    expect(new URL(f.calls[0]!.url).search).toBe('?language=en-US&embeddings=true');
    expect((f.calls[0]!.init!.headers as Record<string, string>).authorization).toBe('Bearer s3cret');
    expect(f.calls[0]!.init!.body).toBe(audio);
  });

  it('asks for progress when told to listen, hands each report on as it arrives and returns the result', async () => {
    const segments = [{ start: 0.2, end: 2.5, text: 'hello world' }];
    const lines = [
      { type: 'progress', decoded: 1.5 },
      { type: 'progress', decoded: 2.5 },
      { type: 'result', result: { language: 'en-US', backend: 'pocketsphinx', duration: 3, segments, processingSeconds: 0.4 } },
    ];
    // Lines cut anywhere by the network still read whole.
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    const streamed = (body: string) =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < body.length; i += 17) controller.enqueue(new TextEncoder().encode(body.slice(i, i + 17)));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'application/x-ndjson' } },
      );
    const f = engineFetch({ '/v1/asr/transcribe': () => streamed(text) });
    const heard: number[] = [];
    const stored = async () => ({ url: 'https://r2.test/audio.wav', start: 60, end: 63 });
    const result = await engineTranscribe(client(f.fetch)).transcribe({
      audio: async () => new ArrayBuffer(0),
      stored,
      language: 'en-US',
      onProgress: (s) => heard.push(s),
    });
    expect(result).toEqual({ language: 'en-US', duration: 3, segments });
    expect(heard).toEqual([1.5, 2.5]);
    expect(JSON.parse(String(f.calls[0]!.init!.body))).toMatchObject({ url: 'https://r2.test/audio.wav', start: 60, end: 63, progress: true });

    // A failure after the answer began comes as its last line: the engine's refusal, as an ordinary answer would be.
    const failing = engineFetch({
      '/v1/asr/transcribe': () =>
        streamed(
          `${JSON.stringify({ type: 'progress', decoded: 1 })}\n${JSON.stringify({ type: 'error', error: { status: 422, code: 'unreadable_media', message: 'cut short' } })}\n`,
        ),
    });
    const err = await engineTranscribe(client(failing.fetch))
      .transcribe({ audio: async () => new ArrayBuffer(0), stored, language: 'en-US', onProgress: () => undefined })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 422, code: 'unreadable_media', message: 'cut short' });
  });

  it("passes the engine's 429 and reason on as a ProviderError", async () => {
    const f = engineFetch({
      '/v1/asr/transcribe': () =>
        Response.json({ error: { code: 'busy', message: 'all decoders are busy' } }, { status: 429, headers: { 'retry-after': '3' } }),
    });
    const err = await engineTranscribe(client(f.fetch))
      .transcribe({ audio: async () => new ArrayBuffer(0), language: 'en-US' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(429);
    expect((err as ProviderError).code).toBe('busy');
    expect((err as ProviderError).message).toBe('all decoders are busy');
  });

  it('reports an unreachable engine, or a gateway answering for it, as "try again" (503) with the cause for the log', async () => {
    const broken = new EngineClient({
      baseUrl: 'http://down.test',
      secret: 's',
      fetch: async () => {
        throw new TypeError('connection refused');
      },
    });
    const err = await engineTranslate(broken)
      .translate('zh-CN', 'zh-TW', ['软件'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect(err).toMatchObject({ status: 503, code: Code.UNAVAILABLE, key: 'engineUnavailable' });
    expect((err as Error).message).toBe('engine unreachable at http://down.test: TypeError: connection refused');

    const gateway = client(async () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const stream = await engineStream(gateway)
      .open('en-US')
      .catch((e: unknown) => e);
    expect(stream).toMatchObject({ status: 503, key: 'engineUnavailable' });

    // The engine's own 502 (an upstream model failed) keeps its reason: it is not an absent engine.
    const upstream = client(async () => Response.json({ error: { code: 'upstream', message: 'apertium en-es: crashed' } }, { status: 502 }));
    const refused = await engineTranslate(upstream)
      .translate('en-US', 'es-ES', ['hello'])
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).message).toBe('apertium en-es: crashed');
  });

  it('translates through the engine and lists languages from its capabilities (cached)', async () => {
    const f = engineFetch({
      '/v1/translate': (init) => {
        const body = JSON.parse(String(init!.body)) as { texts: string[]; glossary?: unknown };
        expect(body.glossary).toEqual([{ source: '听译', target: 'Tingyi' }]);
        return Response.json({ backend: 'opencc', texts: body.texts.map(() => '軟體') });
      },
      '/v1/capabilities': () => Response.json(capabilities),
    });
    const c = client(f.fetch);
    expect(await engineTranslate(c).translate('zh-CN', 'zh-TW', ['软件'], [{ source: '听译', target: 'Tingyi' }])).toEqual(['軟體']);
    expect(await engineTranscribe(c).languages()).toEqual(['en-US']);
    expect(await engineStream(c).languages()).toEqual(['en-US']);
    expect((await engineTranslate(c).pairs())[0]).toEqual({ from: 'zh-CN', to: 'zh-TW' });
    expect(f.calls.filter((x) => x.url.endsWith('/v1/capabilities'))).toHaveLength(1);
  });

  it('summarizes by posting the lines to the engine, keeping the summary without its backend name', async () => {
    const answer: SummarizeResponse = {
      backend: 'extractive',
      method: 'extractive',
      language: 'en-US',
      chapters: [{ start: 0, end: 12_000, title: 'Budget', summary: 'The budget for next quarter is almost final.' }],
      speakers: [{ speaker: 'Speaker 1', talkMs: 7_000, summary: 'The budget for next quarter is almost final.' }],
      keyPoints: [{ text: 'Travel is limited to two trips per person.', start: 4_000 }],
      mindMap: { text: 'Budget call', children: [{ text: 'Budget', start: 0, children: [] }] },
      actionItems: [
        { id: 0, text: 'Send the budget to finance.', owner: 'Speaker 1', ownerLineId: 7, due: '2026-06-05', lineId: 8, start: 4_000, done: false },
      ],
      decisions: [{ text: 'Travel is limited.', lineId: 8, start: 4_000 }],
      questions: [],
    };
    const f = engineFetch({
      '/v1/summarize': (init) => {
        expect(JSON.parse(String(init!.body))).toEqual(summaryInput);
        return Response.json(answer);
      },
    });
    const { backend, ...summary } = answer;
    expect(backend).toBe('extractive');
    expect(await engineSummarize(client(f.fetch)).summarize(summaryInput)).toEqual(summary);
    expect(f.calls[0]!.init!.method).toBe('POST');
  });

  it('opens the live stream as a WebSocket upgrade and relays engine messages', async () => {
    const pair = new WebSocketPair();
    const [clientEnd, engineEnd] = [pair[0], pair[1]];
    engineEnd.accept();
    const received: unknown[] = [];
    engineEnd.addEventListener('message', (e) => received.push(e.data));
    const f = engineFetch({ '/v1/asr/stream': () => new Response(null, { status: 101, webSocket: clientEnd }) });
    const live = await engineStream(client(f.fetch)).open('en-US');
    expect(f.calls[0]!.url).toMatch(/\/v1\/asr\/stream\?language=en-US$/);
    expect((f.calls[0]!.init!.headers as Record<string, string>).upgrade).toBe('websocket');
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    live.send(new Int16Array([1, 2, 3]));
    live.end();
    engineEnd.send(JSON.stringify({ type: 'partial', utterance: 1, text: 'hello', start: 0.1, end: 0.5 }));
    engineEnd.send(JSON.stringify({ type: 'final', utterance: 1, text: 'hello world', start: 0.1, end: 1.2 }));
    await vi.waitFor(() => expect(messages).toHaveLength(2));
    expect(messages[1]).toMatchObject({ type: 'final', text: 'hello world' });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    // Binary frames arrive as Blob under the current compatibility date (standard binaryType).
    const first = received[0];
    const bytes = first instanceof Blob ? await first.arrayBuffer() : (first as ArrayBuffer);
    expect(Array.from(new Int16Array(bytes))).toEqual([1, 2, 3]);
    expect(received[1]).toBe('{"type":"end"}');
  });

  it('asks the engine for speaker embeddings when told to, and passes them on with each final', async () => {
    const pair = new WebSocketPair();
    const [clientEnd, engineEnd] = [pair[0], pair[1]];
    engineEnd.accept();
    const f = engineFetch({ '/v1/asr/stream': () => new Response(null, { status: 101, webSocket: clientEnd }) });
    const live = await engineStream(client(f.fetch)).open('en-US', { embeddings: true });
    expect(new URL(f.calls[0]!.url).search).toBe('?language=en-US&embeddings=true');
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    engineEnd.send(JSON.stringify({ type: 'final', utterance: 1, text: 'hello', start: 0.1, end: 1.2, embedding: [-12.5, 3.25, 8] }));
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toMatchObject({ type: 'final', embedding: [-12.5, 3.25, 8] });
  });

  it('surfaces a refused upgrade with the engine reason', async () => {
    const f = engineFetch({
      '/v1/asr/stream': () =>
        Response.json({ error: { code: 'unsupported_language', message: 'live recognition of zh-CN is not installed' } }, { status: 422 }),
    });
    const err = await engineStream(client(f.fetch))
      .open('zh-CN')
      .catch((e: unknown) => e);
    expect((err as ProviderError).status).toBe(422);
    expect((err as ProviderError).message).toMatch(/zh-CN/);
  });
});

/** An `Ai` binding answering with recorded, documented output shapes; records what it was asked. */
function fakeAi(answer: (model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>) => unknown) {
  const calls: { model: string; inputs: Record<string, unknown>; options?: Record<string, unknown> }[] = [];
  const ai: AiLike = {
    async run(model, inputs, options) {
      calls.push({ model, inputs, ...(options ? { options } : {}) });
      return answer(model, inputs, options);
    },
  };
  return { ai, calls };
}

describe('Workers AI provider', () => {
  it('transcribes with whisper-large-v3-turbo: base64 audio in, segments and words out', async () => {
    // Output as documented for @cf/openai/whisper-large-v3-turbo.
    const recorded = {
      transcription_info: { language: 'en', language_probability: 0.99, duration: 4.2, duration_after_vad: 3.9 },
      text: ' Hello world. How are you?',
      word_count: 5,
      segments: [
        {
          start: 0.0,
          end: 1.5,
          text: ' Hello world.',
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 0.8,
          no_speech_prob: 0.01,
          words: [
            { word: ' Hello', start: 0.0, end: 0.6 },
            { word: ' world.', start: 0.6, end: 1.5 },
          ],
        },
        { start: 2.0, end: 3.9, text: ' How are you?', temperature: 0, avg_logprob: -0.3, compression_ratio: 0.9, no_speech_prob: 0.02 },
      ],
      vtt: 'WEBVTT\n\n00:00.000 --> 00:01.500\nHello world.\n',
    };
    const { ai, calls } = fakeAi(() => recorded);
    const audio = new TextEncoder().encode('RIFF....WAVE').buffer as ArrayBuffer;
    const result = await workersAiTranscribe(ai).transcribe({ audio: async () => audio, language: 'en-US' });
    expect(calls[0]!.model).toBe(MODELS.transcribe);
    expect(calls[0]!.inputs.audio).toBe(btoa('RIFF....WAVE'));
    expect(calls[0]!.inputs.language).toBe('en');
    expect(result).toEqual({
      language: 'en-US',
      duration: 4.2,
      segments: [
        {
          start: 0,
          end: 1.5,
          text: 'Hello world.',
          words: [
            { word: 'Hello', start: 0, end: 0.6 },
            { word: 'world.', start: 0.6, end: 1.5 },
          ],
        },
        { start: 2, end: 3.9, text: 'How are you?' },
      ],
    });
  });

  it('falls back to the whole text when whisper returns no segments', async () => {
    const { ai } = fakeAi(() => ({ text: '你好世界', transcription_info: { duration: 2 } }));
    const r = await workersAiTranscribe(ai).transcribe({ audio: async () => new ArrayBuffer(4), language: 'zh-CN' });
    expect(r.segments).toEqual([{ start: 0, end: 2, text: '你好世界' }]);
  });

  it('maps Deepgram nova-3 live results onto partials and one final per utterance', async () => {
    const pair = new WebSocketPair();
    const [clientEnd, deepgram] = [pair[0], pair[1]];
    deepgram.accept();
    const sent: unknown[] = [];
    deepgram.addEventListener('message', (e) => sent.push(e.data));
    const { ai, calls } = fakeAi(() => new Response(null, { status: 101, webSocket: clientEnd }));
    const live = await workersAiStream(ai).open('en-US');
    expect(calls[0]!.model).toBe(MODELS.stream);
    expect(calls[0]!.options).toEqual({ websocket: true });
    expect(calls[0]!.inputs).toMatchObject({ encoding: 'linear16', sample_rate: '16000', interim_results: 'true', language: 'en-US' });
    expect(calls[0]!.inputs.diarize).toBeUndefined();
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    const results = (over: Record<string, unknown>, transcript: string, words: { word: string; start: number; end: number }[]) =>
      JSON.stringify({
        type: 'Results',
        channel_index: [0, 1],
        duration: 1.0,
        start: 0.0,
        is_final: false,
        speech_final: false,
        channel: { alternatives: [{ transcript, confidence: 0.98, words: words.map((w) => ({ ...w, confidence: 0.9, punctuated_word: w.word })) }] },
        metadata: { request_id: 'r1', model_info: { name: 'general-nova-3' } },
        ...over,
      });
    deepgram.send(results({ start: 0, duration: 0.8 }, 'hello', [{ word: 'hello', start: 0.1, end: 0.5 }]));
    deepgram.send(
      results({ start: 0, duration: 1.2, is_final: true }, 'hello world', [
        { word: 'hello', start: 0.1, end: 0.5 },
        { word: 'world', start: 0.6, end: 1.1 },
      ]),
    );
    deepgram.send(results({ start: 1.2, duration: 0.8 }, 'how are', [{ word: 'how', start: 1.3, end: 1.5 }]));
    deepgram.send(results({ start: 1.2, duration: 1.0, is_final: true, speech_final: true }, 'how are you', [{ word: 'you', start: 1.9, end: 2.1 }]));
    deepgram.send(JSON.stringify({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: 2.1 }));
    await vi.waitFor(() => expect(messages.filter((m) => m.type === 'final')).toHaveLength(1));
    expect(messages.map((m) => m.type)).toEqual(['partial', 'heard', 'partial', 'final', 'heard']);
    expect(messages[1]).toEqual({ type: 'heard', end: 1.2 });
    expect(messages[2]).toMatchObject({ type: 'partial', text: 'hello world how are', start: 0 });
    expect(messages[3]).toMatchObject({ type: 'final', utterance: 1, text: 'hello world how are you', start: 0, end: 2.2 });
    expect(messages[3]).not.toHaveProperty('speaker');
    expect(messages[4]).toEqual({ type: 'heard', end: 2.2 });
    live.send(new Uint8Array(320));
    live.end();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toBe('{"type":"CloseStream"}');
  });

  it('asks nova-3 to diarize when told to, and labels each final with the speaker of most of its words', async () => {
    const pair = new WebSocketPair();
    const [clientEnd, deepgram] = [pair[0], pair[1]];
    deepgram.accept();
    const { ai, calls } = fakeAi(() => new Response(null, { status: 101, webSocket: clientEnd }));
    const live = await workersAiStream(ai).open('en-US', { embeddings: true });
    expect(calls[0]!.inputs).toMatchObject({ diarize: 'true', interim_results: 'true' });
    const messages: StreamServerMessage[] = [];
    live.onMessage((m) => messages.push(m));
    // Live diarization as documented: `speaker` (from 0) on each word, no speaker_confidence.
    const results = (start: number, duration: number, words: [string, number, number, number][]) =>
      JSON.stringify({
        type: 'Results',
        channel_index: [0, 1],
        duration,
        start,
        is_final: true,
        speech_final: true,
        channel: {
          alternatives: [
            {
              transcript: words.map((w) => w[0]).join(' '),
              confidence: 0.97,
              words: words.map(([word, s, e, speaker]) => ({ word, start: s, end: e, confidence: 0.9, punctuated_word: word, speaker })),
            },
          ],
        },
        metadata: { request_id: 'r2', model_info: { name: 'general-nova-3' } },
      });
    // The first word is misattributed to the other speaker; the rest of the utterance decides.
    deepgram.send(
      results(0, 1.6, [
        ['so', 0.1, 0.3, 1],
        ['the', 0.3, 0.5, 0],
        ['budget', 0.5, 0.9, 0],
        ['is', 0.9, 1.1, 0],
        ['final', 1.1, 1.5, 0],
      ]),
    );
    deepgram.send(
      results(2.0, 1.2, [
        ['good', 2.1, 2.4, 1],
        ['thanks', 2.5, 3.0, 1],
      ]),
    );
    deepgram.send(
      results(3.5, 1.0, [
        ['travel', 3.6, 4.0, 0],
        ['costs', 4.0, 4.4, 0],
      ]),
    );
    await vi.waitFor(() => expect(messages.filter((m) => m.type === 'final')).toHaveLength(3));
    expect(messages.filter((m) => m.type !== 'heard').map((m) => (m.type === 'final' ? [m.text, m.speaker] : m.type))).toEqual([
      ['so the budget is final', '1'],
      ['good thanks', '2'],
      ['travel costs', '1'],
    ]);
  });

  it('translates with qwen3: numbered sentences with context and glossary, chat-completion output parsed', async () => {
    const { ai, calls } = fakeAi(() => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: MODELS.translate,
      choices: [
        { index: 0, message: { role: 'assistant', content: '<think>\n\n</think>\n\n{"translations": ["你好，Tingyi。", "再见。"]}' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 80, completion_tokens: 20, total_tokens: 100 },
    }));
    const out = await workersAiTranslate(ai).translate('en-US', 'zh-CN', ['Hello, Tingyi.', 'Goodbye.'], [{ source: 'Tingyi', target: 'Tingyi' }]);
    expect(out).toEqual(['你好，Tingyi。', '再见。']);
    const messages = calls[0]!.inputs.messages as { role: string; content: string }[];
    expect(calls[0]!.model).toBe(MODELS.translate);
    expect(messages[0]!.content).toMatch(/"Tingyi" => "Tingyi"/);
    expect(messages[1]!.content).toMatch(/1\. Hello, Tingyi\.\n2\. Goodbye\./);
  });

  it('reads the older { response } output and rejects a reply with the wrong number of lines', async () => {
    const good = fakeAi(() => ({ response: '{"translations": ["Hola."]}' }));
    expect(await workersAiTranslate(good.ai).translate('en-US', 'es-ES', ['Hello.'])).toEqual(['Hola.']);
    const bad = fakeAi(() => ({ response: 'Hola.' }));
    await expect(workersAiTranslate(bad.ai).translate('en-US', 'es-ES', ['Hello.'])).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('Workers AI summaries', () => {
  /** A qwen3 chat completion as Workers AI answers it, with the empty reasoning block /no_think leaves. */
  const completion = (content: string) => ({
    id: 'chatcmpl-2',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: MODELS.summarize,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 300, completion_tokens: 120, total_tokens: 420 },
  });

  it('writes minutes with qwen3: the shared prompt out, lines by index back, times from the transcript', async () => {
    const reply = {
      chapters: [
        { line: 0, title: 'Budget and travel', summary: 'The budget is almost final; travel is capped.' },
        { line: 2, title: 'Launch venue', summary: 'Lin books the venue.' },
      ],
      speakers: [
        { speaker: 'Speaker 1', summary: 'Reported the budget and the venue booking.' },
        { speaker: 'Speaker 2', summary: 'Set the travel limit.' },
      ],
      keyPoints: [
        { line: 1, text: 'Two trips per person.' },
        { line: 2, text: 'Lin books the venue this week.' },
      ],
    };
    const { ai, calls } = fakeAi(() => completion(`<think>\n\n</think>\n\n\`\`\`json\n${JSON.stringify(reply)}\n\`\`\``));
    const summary = await workersAiSummarize(ai).summarize(summaryInput);
    expect(calls[0]!.model).toBe(MODELS.summarize);
    const messages = calls[0]!.inputs.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toMatch(/minutes of a meeting/);
    expect(messages[1]!.content).toMatch(/\[2\] 00:09 Speaker 1: Lin books the venue/);
    expect(messages[1]!.content.endsWith('/no_think')).toBe(true);
    expect(summary).toMatchObject({
      method: 'llm',
      language: 'en-US',
      chapters: [
        { start: 0, end: 9_000, title: 'Budget and travel' },
        { start: 9_000, end: 12_000, title: 'Launch venue' },
      ],
      speakers: [
        { speaker: 'Speaker 1', talkMs: 7_000, summary: 'Reported the budget and the venue booking.' },
        { speaker: 'Speaker 2', talkMs: 5_000, summary: 'Set the travel limit.' },
      ],
      keyPoints: [
        { text: 'Two trips per person.', start: 4_000 },
        { text: 'Lin books the venue this week.', start: 9_000 },
      ],
    });
    expect(summary.mindMap.text).toBe('Budget call');
    expect(summary.mindMap.children.map((c) => c.text)).toEqual(['Budget and travel', 'Launch venue']);
  });

  it('reads the older { response } output and rejects a reply that is not a summary with a 502', async () => {
    const older = fakeAi(() => ({ response: JSON.stringify({ chapters: [{ line: 0, title: 'Budget', summary: '' }], speakers: [], keyPoints: [] }) }));
    expect((await workersAiSummarize(older.ai).summarize(summaryInput)).chapters).toHaveLength(1);
    const prose = fakeAi(() => completion('The meeting was about the budget.'));
    const failure = await workersAiSummarize(prose.ai)
      .summarize(summaryInput)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).status).toBe(502);
  });
});

describe('provider selection', () => {
  const base = {
    ENGINE_URL: 'http://engine.test',
    ENGINE_SECRET: 's',
    ASR_PROVIDER: 'engine',
    STREAM_PROVIDER: 'engine',
    TRANSLATE_PROVIDER: 'engine',
    SUMMARY_PROVIDER: 'engine',
  };

  it('picks per capability from configuration', () => {
    const { ai } = fakeAi(() => ({}));
    const p = providers({ ...base, TRANSLATE_PROVIDER: 'workers-ai', AI: ai });
    expect([p.transcribe.name, p.stream.name, p.translate.name, p.summarize.name]).toEqual(['engine', 'engine', 'workers-ai', 'engine']);
    expect(providers({ ...base, SUMMARY_PROVIDER: 'workers-ai', AI: ai }).summarize.name).toBe('workers-ai');
  });

  it("offers Nova-3's live languages, Chinese included, or Whisper's when it is the live model", async () => {
    const { ai } = fakeAi(() => ({}));
    const nova = await providers({ ...base, STREAM_PROVIDER: 'workers-ai', AI: ai }).stream.languages();
    expect(nova).toEqual(expect.arrayContaining(['zh-CN', 'zh-TW', 'yue', 'en-US', 'ja-JP', 'ko-KR']));
    const whisper = await providers({ ...base, STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'whisper', AI: ai }).stream.languages();
    expect(whisper).toEqual(expect.arrayContaining(['zh-CN', 'zh-TW', 'en-US']));
    expect(() => providers({ ...base, STREAM_PROVIDER: 'workers-ai', WORKERS_AI_LIVE_MODEL: 'nova-2', AI: ai })).toThrow(/"nova-3" or "whisper"/);
  });

  it('refuses workers-ai without the AI binding, and unknown names', () => {
    expect(() => providers({ ...base, ASR_PROVIDER: 'workers-ai' })).toThrow(/AI binding/);
    expect(() => providers({ ...base, STREAM_PROVIDER: 'openai' })).toThrow(/"engine" or "workers-ai"/);
    expect(() => providers({ ...base, SUMMARY_PROVIDER: 'workers-ai' })).toThrow(/SUMMARY_PROVIDER=workers-ai but the AI binding/);
  });
});

describe('reaching the engine: ENGINE_URL, or the engine Container (placement: engine-placement.test.ts)', () => {
  const base = { ENGINE_SECRET: 's', ASR_PROVIDER: 'engine', STREAM_PROVIDER: 'engine', TRANSLATE_PROVIDER: 'engine', SUMMARY_PROVIDER: 'engine' };

  /**
   * The Container binding as the platform documents a Durable Object namespace (idFromName, get, stub.fetch);
   * each instance answers like an engine and records which instance served which call.
   */
  function fakeContainers() {
    const served: { instance: string; url: string; auth: string | null }[] = [];
    const binding = {
      idFromName: (name: string) => ({ name }) as unknown as DurableObjectId,
      get: (id: DurableObjectId) =>
        ({
          fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
            const request = new Request(input, init);
            served.push({ instance: (id as unknown as { name: string }).name, url: request.url, auth: request.headers.get('authorization') });
            return Response.json(capabilities);
          },
        }) as unknown as DurableObjectStub,
    };
    return { binding, served };
  }

  it('calls the engine at ENGINE_URL when it is set, whatever bindings there are', async () => {
    const { binding, served } = fakeContainers();
    const calls: string[] = [];
    const fetchAt = async (input: string) => {
      calls.push(input);
      return Response.json(capabilities);
    };
    await providers(
      { ...base, ENGINE_URL: 'http://engine-url.test', ENGINE: binding, ENGINE_POOL: env.ENGINE_POOL, ENGINE_MAX_INSTANCES: '4' },
      { fetch: fetchAt },
    ).engine.capabilities();
    expect(calls).toEqual(['http://engine-url.test/v1/capabilities']);
    expect(served).toEqual([]);
  });

  it('answers "try again" (503) when ENGINE_URL is empty and no Container binding is declared', async () => {
    const err = await providers({ ...base, ENGINE_URL: '' })
      .engine.capabilities()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineUnavailable);
    expect(err).toMatchObject({ status: 503, key: 'engineUnavailable' });
    expect((err as Error).message).toContain('ENGINE_URL is empty and the ENGINE Container binding (with ENGINE_POOL) is not declared');
  });
});

describe('language calls', () => {
  const available = {
    transcribe: ['en-US'],
    stream: ['en-US'],
    translation: capabilities.translation.pairs.map(({ from, to }) => ({ from, to })),
  };

  it('derives transcription and translation lists from what is available, named in the locale', () => {
    const upload = languageLists('upload', available, 'zh-CN');
    expect(upload).toMatchObject({
      transcribeLanguage: [{ code: 'en-US', name: '英语' }],
      translation: [{ code: 'es-ES', name: '西班牙语' }],
    });
    // Every other language is named as missing, with why.
    expect(upload.missing!.transcribeLanguage.map((l) => l.code)).not.toContain('en-US');
    expect(upload.missing!.transcribeLanguage.find((l) => l.code === 'ja-JP')!.reason).toBe('本服务暂不支持日语语音识别。');
    expect(upload.missing!.translation.map((l) => l.code)).not.toContain('es-ES');
    expect(languageLists('text', available, 'en-US')).toMatchObject({
      transcribeLanguage: ['zh-CN', 'zh-TW', 'en-US', 'es-ES'].map((code) => ({ code, name: expect.any(String) })),
      translation: ['zh-CN', 'zh-TW', 'en-US', 'es-ES'].map((code) => ({ code, name: expect.any(String) })),
      missing: { transcribeLanguage: [] },
    });
  });

  afterEach(() => vi.restoreAllMocks());

  it('serves the four spec paths as envelopes built from the engine capabilities', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      expect(url).toBe('http://engine-languages.test/v1/capabilities');
      return Response.json(capabilities);
    });
    const app = createApi().route('/', languages);
    const testEnv = { ...env, ENGINE_URL: 'http://engine-languages.test', ASR_PROVIDER: 'engine', STREAM_PROVIDER: 'engine', TRANSLATE_PROVIDER: 'engine' };
    for (const path of ['/speech/audio/selectLanguage', '/speech/video/transcribe/getLanguage', '/audio/LanguageInternation', '/textTrans/lang/languageList']) {
      const res = await app.request(`http://tingyi.test/prod-api${path}`, { headers: { 'accept-language': 'en-US' } }, testEnv);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { code: number; data: { transcribeLanguage: { code: string }[]; translation: { code: string }[] } };
      expect(body.code).toBe(200);
      const codes = body.data.transcribeLanguage.map((l) => l.code);
      if (path.includes('languageList')) expect(codes).toEqual(['zh-CN', 'zh-TW', 'en-US', 'es-ES']);
      else expect(codes).toEqual(['en-US']);
      expect(codes).not.toContain('ja-JP');
    }
    expect(spy).toHaveBeenCalled();
  });
});
