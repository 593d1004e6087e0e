import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { Code } from '../../contracts/errors';
import type { ServerMessage } from '../../contracts/meeting';
import type { TimerName } from '../../durable-objects/meeting-meta';
import { MeetingFinals } from '../../durable-objects/meeting-finals';
import { RoomTimers } from '../../durable-objects/meeting-timers';
import { LiveTranslation } from '../../durable-objects/meeting-translation';
import { translationPairs, type LanguagePair } from '../../worker/services/languages';
import { grant, signUp } from './api';
import { inRoomStorage, roomState } from './room-parts';

/**
 * A meeting's live translation (durable-objects/meeting-translation.ts) with the real Apertium translator:
 * the languages it serves, the translator's pairs asked at most once a minute, the owner's cap on
 * viewers' picks, and committed lines translated as they are committed.
 */

/**
 * A Spanish-translating room of a new user on a duration plan, in a room's storage, with every message it
 * sends collected in `sent`.
 */
async function inTranslatingRoom(
  fn: (parts: { timers: RoomTimers<TimerName>; finals: MeetingFinals; translation: LiveTranslation; sent: ServerMessage[] }) => Promise<void>,
) {
  const { userId } = await signUp();
  await grant(userId, 'duration');
  await inRoomStorage(async (state) => {
    const room = roomState({ userId, targetLanguages: ['es-ES'], durationMs: 5000 });
    const sent: ServerMessage[] = [];
    const timers = new RoomTimers(
      state.storage,
      () => room.meta.timers,
      () => room.save(),
    );
    const finals = new MeetingFinals(state.storage.sql, env, room, timers, (msg) => void sent.push(msg));
    await fn({ timers, finals, translation: new LiveTranslation(env, room, finals, () => []), sent });
  });
}

describe('live translation', () => {
  it('asks the translator for its pairs at most once a minute, and again at once after it failed', async () => {
    await inRoomStorage(async (state) => {
      const room = roomState({ targetLanguages: ['ja-JP'] });
      const timers = new RoomTimers(
        state.storage,
        () => room.meta.timers,
        () => room.save(),
      );
      const finals = new MeetingFinals(state.storage.sql, env, room, timers, () => {});
      let asked = 0;
      let failing = false;
      let now = 1_000_000;
      const source = (): Promise<LanguagePair[]> => {
        asked++;
        return failing ? Promise.reject(new Error('translator down')) : translationPairs(env);
      };
      const picks: string[] = [];
      const translation = new LiveTranslation(
        env,
        room,
        finals,
        () => picks,
        source,
        () => now,
      );

      expect(await translation.targets()).toContain('es-ES');
      // Only English to Spanish is installed here: a language out of reach is asked for but not served.
      expect(await translation.wanted()).toEqual([]);
      picks.push('fr-FR', 'es-ES');
      expect(await translation.wanted()).toEqual(['es-ES']);
      expect(asked).toBe(1);
      now += 60_001;
      failing = true;
      // While the translator cannot be asked, nothing is offered, and the failure is not kept.
      expect(await translation.targets()).toEqual([]);
      expect(asked).toBe(2);
      failing = false;
      expect(await translation.targets()).toContain('es-ES');
      expect(asked).toBe(3);
    });
  });

  it("holds viewers' picks to the owner's cap and fills a new pick's screen with the recent lines", async () => {
    await inTranslatingRoom(async ({ finals, translation, sent }) => {
      // A duration plan reads 2 languages: the host's Spanish and one viewer's pick.
      expect(await translation.refusal('fr-FR', [])).toBeNull();
      expect(await translation.refusal('en-US', ['fr-FR'])).toBeNull();
      expect(await translation.refusal('es-ES', ['fr-FR'])).toBeNull();
      const full = await translation.refusal('ca-ES', ['fr-FR']);
      expect(full).toMatchObject({ code: Code.NO_SUCH_BENEFIT, key: 'meetingLanguagesFull', params: { count: 2, languages: 'es-ES, fr-FR' } });
      // The asker's own current pick does not count: they are switching from it.
      expect(await translation.refusal('ca-ES', [])).toBeNull();

      const line = await finals.add({ start: 0, end: 2, text: 'The house is red' }, true);
      // The line's commit has already sent it to the translator; the pick finds it on its way and does not ask twice.
      await translation.backfill('es-ES');
      await vi.waitFor(() => expect(sent.some((m) => m.type === 'translation' && m.language === 'es-ES')).toBe(true), { timeout: 30_000, interval: 50 });
      const spanish = sent.find((m) => m.type === 'translation' && m.language === 'es-ES');
      expect(spanish).toMatchObject({ seq: line.seq, text: expect.stringMatching(/casa/i) });
      expect(finals.lines.recent()[0]!.translations['es-ES']).toBe((spanish as { text: string }).text);
      // A language the translator cannot reach fills nothing.
      await translation.backfill('fr-FR');
      expect(sent.filter((m) => m.type === 'translation')).toHaveLength(1);
    });
  });

  it('translates a committed line at once, without waiting for the lines to be stored', async () => {
    await inTranslatingRoom(async ({ timers, finals, sent }) => {
      const translated = (seq: number) => sent.find((m) => m.type === 'translation' && m.seq === seq);

      // Two lines committed back to back: the second waits only for the first's call, never for the flush timer.
      const first = await finals.add({ start: 0, end: 2, text: 'The house is red' }, true);
      const second = await finals.add({ start: 2, end: 4, text: 'The car is blue' }, true);
      expect(timers.pending('flush')).toBe(true);
      await vi.waitFor(() => expect(translated(first.seq) && translated(second.seq)).toBeTruthy(), { timeout: 30_000, interval: 50 });
      expect(translated(first.seq)).toMatchObject({ language: 'es-ES', text: expect.stringMatching(/casa/i) });
      expect(translated(second.seq)).toMatchObject({ language: 'es-ES', text: expect.stringMatching(/coche|carro|auto/i) });
    });
  });
  it('translates the settled start of the line being heard as it grows by a few words, one call at a time', async () => {
    await inTranslatingRoom(async ({ translation, sent }) => {
      const early = () => sent.filter((m) => m.type === 'partialTranslation');

      translation.translateSettled(2000, 'The house is red');
      await vi.waitFor(() => expect(early()).toHaveLength(1), { timeout: 30_000, interval: 50 });
      expect(early()[0]).toMatchObject({ start: 2000, language: 'es-ES', words: 4, text: expect.stringMatching(/casa/i) });
      // One more settled word is not worth a call; three more are.
      translation.translateSettled(2000, 'The house is red and');
      translation.translateSettled(2000, 'The house is red and the car');
      await vi.waitFor(() => expect(early()).toHaveLength(2), { timeout: 30_000, interval: 50 });
      expect(early()[1]).toMatchObject({ start: 2000, words: 7, text: expect.stringMatching(/casa.*(coche|carro|auto)/i) });
      // A new line starts its own count.
      translation.translateSettled(6000, 'The car is blue');
      await vi.waitFor(() => expect(early()).toHaveLength(3), { timeout: 30_000, interval: 50 });
      expect(early()[2]).toMatchObject({ start: 6000, words: 4 });
    });
  });
});
