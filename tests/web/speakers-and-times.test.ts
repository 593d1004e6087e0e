import { describe, expect, it } from 'vitest';
import { SPEAKER_PALETTE, defaultSpeakerNumber, speakerColors, speakerLabel } from '../../contracts/speaker-labels';
import { formatClock } from '../../contracts/timecode';
import { textPieces, wordsByLine } from '../../web/features/record-detail/word-times';
import type { DraftLine } from '../../web/features/record-detail/transcript-edit';

/** How speakers and times read on every page with a transcript, and where a click in a line's text plays from. */

describe('speaker names and colours', () => {
  it('shows the default names of any interface language in the reader’s, and keeps names someone typed', () => {
    expect(speakerLabel('Speaker 3', 'zh-CN')).toBe('说话人3');
    expect(speakerLabel('說話人12', 'en-US')).toBe('Speaker 12');
    expect(speakerLabel('说话人1', 'zh-TW')).toBe('說話人1');
    for (const custom of ['Anna Li', 'Speaker One', 'Speaker 1 (host)', '说话人', '王经理']) {
      expect(speakerLabel(custom, 'zh-CN')).toBe(custom);
      expect(defaultSpeakerNumber(custom)).toBeNull();
    }
  });

  it('gives every speaker of a transcript its own colour, speaker n the same one in any language', () => {
    const colors = speakerColors(['Speaker 2', 'Anna', 'Speaker 1', 'Anna', 'Ben']);
    expect(colors.size).toBe(4);
    expect(new Set(colors.values()).size).toBe(4);
    expect(colors.get('Speaker 1')).toBe(SPEAKER_PALETTE[0]);
    expect(colors.get('Speaker 2')).toBe(SPEAKER_PALETTE[1]);
    // Named speakers take the colours nobody holds, in the order they first speak.
    expect(colors.get('Anna')).toBe(SPEAKER_PALETTE[2]);
    expect(colors.get('Ben')).toBe(SPEAKER_PALETTE[3]);
    expect(speakerColors(['说话人2']).get('说话人2')).toBe(colors.get('Speaker 2'));
    // More speakers than colours: the palette comes round again rather than leaving anyone grey.
    const many = speakerColors(Array.from({ length: 12 }, (_, i) => `Guest ${i}`));
    expect([...many.values()].every((c) => (SPEAKER_PALETTE as readonly string[]).includes(c))).toBe(true);
  });
});

describe('clock times', () => {
  it('reads mm:ss, h:mm:ss from an hour on, whole seconds rounded down', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(59_999)).toBe('00:59');
    expect(formatClock(65_400)).toBe('01:05');
    expect(formatClock(3_599_999)).toBe('59:59');
    expect(formatClock(3_600_000)).toBe('1:00:00');
    expect(formatClock(36_125_000)).toBe('10:02:05');
  });
});

describe('word times', () => {
  const draft = (key: number, start: number, end: number, text: string): DraftLine => ({ key, start, end, text, speaker: '', translations: {} });

  it('times each heard word from the recogniser and the rest by its place in the line', () => {
    const words = [
      { word: 'hello', start: 1200, end: 1500 },
      { word: 'world', start: 2600, end: 3000 },
    ];
    expect(textPieces('Hello, world!', { start: 1000, end: 3000, words })).toEqual([
      { text: 'Hello', ms: 1200 },
      { text: ', ', ms: null },
      { text: 'world', ms: 2600 },
      { text: '!', ms: null },
    ]);
    // Without words (or words that no longer spell the text) each word or CJK character is timed by its place.
    expect(textPieces('大家好', { start: 0, end: 3000 }).map((p) => [p.text, p.ms])).toEqual([
      ['大', 0],
      ['家', 1000],
      ['好', 2000],
    ]);
    expect(textPieces('Hi there', { start: 0, end: 800, words: [{ word: 'bye', start: 0, end: 1 }] }).map((p) => p.ms)).toEqual([0, null, 300]);
  });

  it('marks search hits across word edges, the current one apart', () => {
    const pieces = textPieces('one two', { start: 0, end: 700 }, [{ start: 2, end: 5 }], { start: 2, end: 5 });
    expect(pieces).toEqual([
      { text: 'on', ms: 0 },
      { text: 'e', ms: 0, mark: 'current' },
      { text: ' ', ms: null, mark: 'current' },
      { text: 't', ms: 400, mark: 'current' },
      { text: 'wo', ms: 400 },
    ]);
  });

  it('keeps words with the line that still says what was heard, wherever it moved', () => {
    const heard = {
      lines: [
        { seq: 0, text: 'First.', words: [{ word: 'First', start: 100, end: 400 }] },
        { seq: 1, text: 'Second.', words: [{ word: 'Second', start: 2100, end: 2500 }] },
      ],
    };
    // A line was added before the second one, and the first was edited.
    const lines = [draft(1, 0, 1000, 'First, edited.'), draft(-1, 1000, 2000, ''), draft(2, 2000, 3000, 'Second.')];
    const found = wordsByLine(lines, heard);
    expect(found.has(1)).toBe(false);
    expect(found.get(2)).toEqual(heard.lines[1]!.words);
    expect(wordsByLine(lines, undefined).size).toBe(0);
  });
});
