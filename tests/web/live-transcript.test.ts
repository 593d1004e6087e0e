import { describe, expect, it } from 'vitest';
import type { LiveLine, MeetingSummary, ServerMessage } from '../../contracts/meeting';
import { initialLiveState, reduceLive } from '../../web/features/meeting/live-transcript';
import type { LiveState } from '../../web/features/meeting/live-transcript';

function meeting(overrides: Partial<MeetingSummary> = {}): MeetingSummary {
  return {
    id: 5,
    name: 'Weekly sync',
    status: 'in_progress',
    mode: 'interpret',
    sourceLanguage: 'en',
    targetLanguages: ['zh'],
    durationMs: 61_000,
    createdAt: Date.UTC(2026, 0, 15, 9, 0),
    ...overrides,
  };
}

function line(seq: number, text: string, translations: Record<string, string> = {}): LiveLine {
  return { seq, start: seq * 2000, end: seq * 2000 + 1500, text, speaker: 'Speaker 1', translations };
}

function welcome(lines: LiveLine[], summary = meeting()): ServerMessage {
  return { type: 'welcome', role: 'participant', meeting: summary, lines, languages: ['zh', 'fr'] };
}

const play = (messages: ServerMessage[], from: LiveState = initialLiveState) => messages.reduce(reduceLive, from);
const texts = (state: LiveState) => state.lines.map((l) => `${l.seq}:${l.text}`);

describe('live transcript', () => {
  it('starts empty', () => {
    expect(initialLiveState).toMatchObject({ meeting: null, role: null, status: null, lines: [], partial: null });
    expect(initialLiveState.viewers).toEqual({ participants: 0, projections: 0 });
  });

  it('takes the meeting, role, languages and recent lines from the welcome, sorted and once per seq', () => {
    const state = play([welcome([line(2, 'two'), line(0, 'zero'), line(1, 'one'), line(2, 'two again')])]);
    expect(state).toMatchObject({ role: 'participant', status: 'in_progress', durationMs: 61_000, languages: ['zh', 'fr'] });
    expect(state.meeting?.name).toBe('Weekly sync');
    expect(texts(state)).toEqual(['0:zero', '1:one', '2:two again']);
  });

  it('updates the partial line in place, and the final replaces it', () => {
    const heard = play([
      welcome([line(0, 'Hello.')]),
      { type: 'partial', text: 'Let us', start: 2000, end: 2600 },
      { type: 'partial', text: 'Let us begin', start: 2000, end: 3100 },
    ]);
    expect(heard.partial).toEqual({ text: 'Let us begin', start: 2000, end: 3100 });
    expect(texts(heard)).toEqual(['0:Hello.']);

    const finished = reduceLive(heard, { type: 'final', line: line(1, 'Let us begin.') });
    expect(finished.partial).toBeNull();
    expect(texts(finished)).toEqual(['0:Hello.', '1:Let us begin.']);
  });

  it("puts the translation of a line's settled words under it while it is heard, until its final", () => {
    const heard = play([
      welcome([line(0, 'Hello.')]),
      { type: 'partial', text: 'the house is red and', stable: 'the house is red', start: 2000, end: 3100 },
      { type: 'partialTranslation', start: 2000, language: 'es-ES', text: 'la casa es roja', words: 4 },
      // A late translation of the line before has nothing to stand under.
      { type: 'partialTranslation', start: 0, language: 'es-ES', text: 'hola', words: 1 },
      { type: 'partial', text: 'the house is red and the', stable: 'the house is red and', start: 2000, end: 3400 },
    ]);
    expect(heard.partial).toMatchObject({ start: 2000, stable: 'the house is red and', translations: { 'es-ES': 'la casa es roja' } });
    // The next line starts without a translation.
    const next = reduceLive(reduceLive(heard, { type: 'final', line: line(1, 'the house is red and the car') }), {
      type: 'partial',
      text: 'blue',
      start: 6000,
      end: 6400,
    });
    expect(next.partial).toEqual({ text: 'blue', start: 6000, end: 6400 });
  });

  it('replaces a resent final rather than showing it twice, and files a late one in order', () => {
    const state = play([
      welcome([]),
      { type: 'final', line: line(0, 'first') },
      { type: 'final', line: line(2, 'third') },
      { type: 'final', line: line(1, 'second') },
      { type: 'final', line: line(2, 'third, corrected') },
    ]);
    expect(texts(state)).toEqual(['0:first', '1:second', '2:third, corrected']);
  });

  it('puts each translation under its line, per language', () => {
    const state = play([
      welcome([line(0, 'Good morning.'), line(1, 'Shall we start?')]),
      { type: 'translation', seq: 1, language: 'zh', text: '我们开始吧？' },
      { type: 'translation', seq: 1, language: 'fr', text: 'On commence ?' },
    ]);
    expect(state.lines[1]!.translations).toEqual({ zh: '我们开始吧？', fr: 'On commence ?' });
    expect(state.lines[0]!.translations).toEqual({});
  });

  it('ignores a translation of a line it never had', () => {
    const before = play([welcome([line(0, 'Hi.')])]);
    expect(reduceLive(before, { type: 'translation', seq: 9, language: 'zh', text: '嗨' })).toBe(before);
  });

  it('follows the meeting state, keeping why it paused until it runs again', () => {
    const paused = play([welcome([]), { type: 'state', status: 'paused', durationMs: 62_500, reason: { code: 92505001, msg: 'Daily limit reached' } }]);
    expect(paused).toMatchObject({ status: 'paused', durationMs: 62_500, problem: { code: 92505001, msg: 'Daily limit reached' } });
    expect(paused.meeting).toMatchObject({ status: 'paused', durationMs: 62_500 });

    const resumed = reduceLive(paused, { type: 'state', status: 'in_progress', durationMs: 62_500 });
    expect(resumed).toMatchObject({ status: 'in_progress', problem: null });
  });

  it('shows an error the room reports, and the viewer counts', () => {
    const state = play([welcome([]), { type: 'error', code: 403, msg: 'Only the host can do that' }, { type: 'viewers', participants: 3, projections: 1 }]);
    expect(state.problem).toEqual({ code: 403, msg: 'Only the host can do that' });
    expect(state.viewers).toEqual({ participants: 3, projections: 1 });
  });

  it('keeps older lines when a reconnect welcomes it with only the recent ones', () => {
    const before = play([welcome([line(0, 'a'), line(1, 'b'), line(2, 'c')]), { type: 'partial', text: 'd…', start: 6000, end: 6500 }]);
    const after = reduceLive(before, welcome([line(2, 'c'), line(3, 'd'), line(4, 'e')]));
    expect(texts(after)).toEqual(['0:a', '1:b', '2:c', '3:d', '4:e']);
    // The partial belonged to the lost connection; the room says again what it is hearing now.
    expect(after.partial).toBeNull();
  });

  it("never mixes another meeting's lines in", () => {
    const before = play([welcome([line(0, 'old meeting')])]);
    const after = reduceLive(before, welcome([line(0, 'new meeting')], meeting({ id: 6 })));
    expect(texts(after)).toEqual(['0:new meeting']);
  });

  it('keeps how far subtitles run behind until the room says they caught up, or the meeting stops running', () => {
    const lagging = play([welcome([]), { type: 'lag', seconds: 7 }]);
    expect(lagging.lagSeconds).toBe(7);
    expect(play([{ type: 'lag', seconds: 0 }], lagging).lagSeconds).toBe(0);
    expect(play([{ type: 'state', status: 'in_progress', durationMs: 9000 }], lagging).lagSeconds).toBe(7);
    expect(play([{ type: 'state', status: 'paused', durationMs: 9000 }], lagging).lagSeconds).toBe(0);
  });
});
