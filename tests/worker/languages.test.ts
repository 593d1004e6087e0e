import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { API } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import type { LanguageLists } from '../../contracts/engine-languages';
import { Code } from '../../contracts/errors';
import { database } from '../../worker/db/client';
import { ApiError } from '../../worker/lib/errors';
import { canTranslate, checkAddedLanguage, checkLanguages, checkTargetCount, targetsFrom, translationPairs } from '../../worker/services/languages';
import { call, grant, signUp } from './api';

/**
 * The one place language rules live (services/languages.ts), against the real engine's recognisers and
 * Apertium pairs: the refusals every submission path and the meeting room give.
 */

const db = database(env.DB);
// Spied before any list is made: the Worker logs each engine reason once per isolate.
const info = vi.spyOn(console, 'info');

/** The ApiError `run` throws (its code, key and params), or null when it passes. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { code: err.code, key: err.key, params: err.params };
  }
}

describe('language rules', () => {
  it("reads the translator's pairs once and answers from them", async () => {
    const pairs = await translationPairs(env);
    expect(targetsFrom(pairs, 'en-US')).toContain('es-ES');
    expect(targetsFrom(pairs, 'en-US')).not.toContain('ja-JP');
    expect(await canTranslate(env, 'en-US', 'es-ES')).toBe(true);
    expect(await canTranslate(env, 'en-US', 'en-US')).toBe(false);
    expect(await canTranslate(env, 'en-US', 'ja-JP')).toBe(false);
  });

  it('refuses a source the recogniser does not know, then the first unreachable target, with 400 codes', async () => {
    expect(await refusal(() => checkLanguages(env, 'en-US', 'file', ['es-ES']))).toBeNull();
    expect(await refusal(() => checkLanguages(env, 'en-US', 'live', []))).toBeNull();
    expect(await refusal(() => checkLanguages(env, 'xx-XX', 'live', ['es-ES']))).toEqual({
      code: Code.BAD_REQUEST,
      key: 'languageUnsupported',
      params: { language: 'xx-XX' },
    });
    expect(await refusal(() => checkLanguages(env, 'en-US', 'file', ['es-ES', 'ja-JP']))).toEqual({
      code: Code.BAD_REQUEST,
      key: 'translationUnsupported',
      params: { from: 'en-US', to: 'ja-JP' },
    });
    // Nothing recognised (a dubbing that imports its lines): only the translation is checked.
    expect(await refusal(() => checkLanguages(env, 'xx-XX', null, []))).toBeNull();
  });

  it("holds a meeting's languages to the owner's cap, at creation and when a viewer adds one", async () => {
    const { userId } = await signUp();
    await grant(userId, 'duration');
    // A duration account translates into 2 languages at once (spec §6).
    expect(await refusal(() => checkTargetCount(db, userId, ['es-ES', 'fr-FR']))).toBeNull();
    expect(await refusal(() => checkTargetCount(db, userId, ['es-ES', 'fr-FR', 'ca-ES']))).toEqual({
      code: Code.BAD_REQUEST,
      key: 'tooManyTargets',
      params: { count: 2 },
    });
    const inUse = new Set(['en-US', 'es-ES', 'fr-FR']);
    // The source and a language already read stay open; one more past the cap is refused with 92505003.
    expect(await refusal(() => checkAddedLanguage(db, userId, 'en-US', inUse, 'en-US'))).toBeNull();
    expect(await refusal(() => checkAddedLanguage(db, userId, 'en-US', inUse, 'fr-FR'))).toBeNull();
    expect(await refusal(() => checkAddedLanguage(db, userId, 'en-US', inUse, 'ca-ES'))).toEqual({
      code: Code.NO_SUCH_BENEFIT,
      key: 'meetingLanguagesFull',
      params: { count: 2, languages: 'es-ES, fr-FR' },
    });
    expect(await refusal(() => checkAddedLanguage(db, userId, 'en-US', new Set(['es-ES']), 'ca-ES'))).toBeNull();
    // SVIP raises the cap.
    await grant(userId, 'svip');
    expect(await refusal(() => checkAddedLanguage(db, userId, 'en-US', inUse, 'ca-ES'))).toBeNull();
  });
});

describe('why a language is missing', () => {
  const lists = async (use: keyof typeof API.languages, locale: string) =>
    (await call<LanguageLists>(`${API_BASE}${API.languages[use]}`, { headers: { 'accept-language': locale } })).body.data;

  it("names each language the deployment lacks in a user's terms, and logs the engine's own reason for the operator", async () => {
    // This engine recognises English with PocketSphinx only, and translates the Apertium pairs installed.
    const upload = await lists('upload', 'en-US');
    expect(upload.transcribeLanguage.map((l) => l.code)).toEqual(['en-US']);
    const chinese = upload.missing!.transcribeLanguage.find((l) => l.code === 'zh-CN')!;
    expect(chinese).toMatchObject({
      name: 'Chinese (Simplified)',
      reason: 'This service does not offer Chinese (Simplified) speech recognition yet.',
    });
    expect(JSON.stringify(upload)).not.toMatch(/README|no recogniser/);
    const logged = info.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; language: string; reason: string });
    expect(logged.find((l) => l.event === 'languageNotOffered' && l.language === 'zh-CN')?.reason).toMatch(/^no recogniser for zh-CN is installed/);
    expect(upload.missing!.transcribeLanguage.map((l) => l.code)).not.toContain('en-US');
    // Spanish is reached from English; Japanese by nothing here.
    expect(upload.missing!.translation.map((l) => l.code)).not.toContain('es-ES');
    expect(upload.missing!.translation.find((l) => l.code === 'ja-JP')!.reason).toBe('This service does not translate into Japanese yet.');

    const meeting = await lists('meeting', 'zh-CN');
    expect(meeting.missing!.transcribeLanguage.find((l) => l.code === 'zh-CN')).toMatchObject({
      name: '中文（简体）',
      reason: '本服务暂不支持中文（简体）实时字幕。',
    });
    const text = await lists('text', 'zh-TW');
    expect(text.missing!.transcribeLanguage).toEqual([]);
    expect(text.missing!.translation.find((l) => l.code === 'ko-KR')!.reason).toBe('本服務暫不支援翻譯成韓語。');
  });
});
