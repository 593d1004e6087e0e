import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voice } from '../../contracts/dubbing-engine';
import { auth, postJson, startEngine, type RunningEngine } from './helpers';
import { FakeWorkersAi } from './fake-workers-ai';

/**
 * Dubbing voices from Workers AI's MeloTTS (production's speech service), spoken over Cloudflare's REST API
 * against a stand-in that keeps its contract: the voices come first for the languages MeloTTS speaks, a
 * line is spoken by it, and a refused token is a clear 502 rather than silence.
 */

const fake = new FakeWorkersAi('0123456789abcdef0123456789abcdef', 'cf-api-token');
let engine: RunningEngine;
let wrongToken: RunningEngine;

beforeAll(async () => {
  await fake.start();
  engine = await startEngine({ workersAiSpeech: { api: fake.api, accountId: fake.accountId, token: fake.token } });
  wrongToken = await startEngine({ workersAiSpeech: { api: fake.api, accountId: fake.accountId, token: 'revoked' } });
});
afterAll(async () => {
  await engine?.close();
  await wrongToken?.close();
  await fake.close();
});

const voices = async (base: string) => ((await (await fetch(`${base}/v1/tts/voices`, { headers: auth })).json()) as { voices: Voice[] }).voices;

describe('Workers AI speech', () => {
  it('lists MeloTTS first for the languages it speaks, and only espeak-ng where it does not', async () => {
    const all = await voices(engine.url);
    const spanish = all.filter((v) => v.language === 'es-ES');
    expect(spanish[0]).toMatchObject({ id: 'workers-ai:es', backend: 'workers-ai' });
    expect(spanish.some((v) => v.backend === 'espeak-ng')).toBe(true);
    expect(all.filter((v) => v.language === 'de-DE').every((v) => v.backend === 'espeak-ng')).toBe(true);
  });

  it('speaks a line through MeloTTS in the language asked for', async () => {
    const res = await fetch(`${engine.url}/v1/tts`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hola a todos, empecemos la reunión.', language: 'es-ES' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-voice')).toBe('workers-ai:es');
    const wav = Buffer.from(await res.arrayBuffer());
    // 24 kHz mono PCM16 after a 44-byte header: a sentence is well over a second of speech.
    expect((wav.length - 44) / 48_000).toBeGreaterThan(1);
    expect(fake.received.at(-1)).toEqual({ prompt: 'Hola a todos, empecemos la reunión.', lang: 'es' });
  });

  it('says why when Cloudflare refuses the token', async () => {
    const res = await postJson(wrongToken.url, '/v1/tts', { text: 'Good morning.', language: 'en-US' });
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.json)).toContain('Authentication error');
  });
});
