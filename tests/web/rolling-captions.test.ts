import { describe, expect, it } from 'vitest';
import type { LiveLine } from '../../contracts/meeting';
import { captionLines } from '../../contracts/subtitle-cues';
import { liveCaptions } from '../../web/features/meeting/rolling-captions';

const line = (seq: number, text: string, translations: Record<string, string> = {}, speaker = 'Speaker 1'): LiveLine => ({
  seq,
  start: seq * 3000,
  end: seq * 3000 + 3000,
  text,
  speaker,
  translations,
});

const LONG = 'we have been looking at the numbers for the third quarter and the results are better than we expected';
const rows = (blocks: ReturnType<typeof liveCaptions>, kind: 'source' | 'translation') => blocks.flatMap((b) => b[kind].map((r) => r.text));

describe('live captions', () => {
  it('wraps at 42 Latin or 16 Chinese characters a line', () => {
    const latin = captionLines(LONG);
    expect(latin.length).toBeGreaterThan(2);
    for (const row of latin) expect(row.length).toBeLessThanOrEqual(42);
    expect(latin.join(' ')).toBe(LONG);
    const chinese = captionLines('我们一直在看第三季度的数字，结果比我们预期的要好得多，所以下一季度我们会继续投入。');
    for (const row of chinese) expect([...row].length).toBeLessThanOrEqual(16);
    expect(chinese.length).toBeGreaterThan(2);
  });

  it('shows the translation of the settled words under the line being spoken, in bilingual and translation-only views', () => {
    const partial = { text: 'the house is red and the', stable: 'the house is red', translations: { 'es-ES': 'la casa es roja' } };
    const both = liveCaptions([line(0, 'Good morning.', { 'es-ES': 'Buenos días.' })], partial, 'es-ES', 'roll-up');
    expect(both.at(-1)).toMatchObject({ seq: null, translation: [{ text: 'la casa es roja' }] });
    expect(rows(both, 'translation')).toEqual(['Buenos días.', 'la casa es roja']);
    const only = liveCaptions([], partial, 'es-ES', 'roll-up', 'translation');
    expect(rows(only, 'source')).toEqual([]);
    expect(rows(only, 'translation')).toEqual(['la casa es roja']);
    // Pop-on shows committed cues only.
    expect(liveCaptions([], partial, 'es-ES', 'pop-on')).toEqual([]);
  });

  it('rolls up: never more than two lines per language, the newest words at the bottom, the line being spoken included', () => {
    const lines = [
      line(0, 'Good morning everyone.', { 'es-ES': 'Buenos días a todos.' }),
      line(1, LONG, { 'es-ES': 'Hemos estado mirando los números del tercer trimestre.' }),
    ];
    const blocks = liveCaptions(lines, { text: 'so next quarter we will', stable: 'so next' }, 'es-ES', 'roll-up');
    const source = rows(blocks, 'source');
    expect(source).toHaveLength(2);
    expect(source.at(-1)).toBe('so next quarter we will');
    expect(blocks.at(-1)!.source[0]!.unsettled).toBe(true);
    // The long line's last row sits above the words being spoken.
    expect(source[0]).toBe(captionLines(LONG).at(-1));
    // Translations stay with their originals: only the long line's, as its original is on screen.
    const translation = rows(blocks, 'translation');
    expect(translation.length).toBeLessThanOrEqual(2);
    expect(translation.join(' ')).toContain('tercer trimestre');
    expect(translation.join(' ')).not.toContain('Buenos');
  });

  it('pops on: the newest committed line alone, its last two lines with its translation', () => {
    const lines = [
      line(0, 'Good morning everyone.'),
      line(1, '大家好，我们开始今天的会议吧。', { 'en-US': "Hello everyone, let's start today's meeting." }, 'Speaker 2'),
    ];
    const blocks = liveCaptions(lines, { text: 'this is not shown' }, 'en-US', 'pop-on');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.seq).toBe(1);
    expect(blocks[0]!.source.length).toBeLessThanOrEqual(2);
    expect(blocks[0]!.source[0]!.speaker).toBe('Speaker 2');
    expect(rows(blocks, 'translation').join(' ')).toBe("Hello everyone, let's start today's meeting.");
  });

  it("starts a new line with the speaker's label when the speaker changes, not within a turn", () => {
    const lines = [line(0, 'First point.', {}, 'Speaker 1'), line(1, 'Second point.', {}, 'Speaker 1'), line(2, 'I disagree.', {}, 'Speaker 2')];
    const blocks = liveCaptions(lines, null, null, 'roll-up');
    expect(blocks.map((b) => b.source.map((r) => r.speaker))).toEqual([[null], ['Speaker 2']]);
  });
});
