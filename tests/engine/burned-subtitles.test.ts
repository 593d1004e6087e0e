/**
 * Burned-in dubbing subtitles as libass reads them: cues to the same timed-text rules as the exports, on
 * ASS's centisecond steps, and a default font size that follows the video.
 */
import { describe, expect, it } from 'vitest';
import { assDocument, autoFontSize, burnedCues } from '../../engine/backends/dubbing/subtitles';

const STYLE = { maxChars: 30, primaryColor: '#ffffff', outlineColor: '#000000' } as const;

/** Dialogue events as [start, end, rows], times in seconds. */
function dialogues(ass: string): [number, number, string[]][] {
  const seconds = (t: string) => {
    const [h, m, s] = t.split(':').map(Number) as [number, number, number];
    return Math.round((h * 3600 + m * 60 + s) * 100) / 100;
  };
  return [...ass.matchAll(/^Dialogue: 0,([^,]+),([^,]+),Default,,0,0,0,,(.*)$/gm)].map((m) => [seconds(m[1]!), seconds(m[2]!), m[3]!.split('\\N')]);
}

const fontSize = (ass: string) => Number(ass.match(/^Style: Default,[^,]+,(\d+),/m)![1]);

describe('burned-in dubbing subtitles', () => {
  it('cut lines into cues of at most the chosen characters, two rows, 5/6 s to 7 s, two frames apart', () => {
    const lines = [
      { start: 3, end: 4.5, text: 'Esta es una frase muy larga que no cabe de ninguna manera en el hueco tan corto que tiene.' },
      { start: 4.5, end: 4.7, text: 'Sí.' },
      { start: 4.6, end: 6, text: '' },
      { start: 6.3, end: 18, text: '这是一个很长的句子，它需要被分成几个字幕，每个字幕最多两行，每行最多十六个汉字，这样观众才能舒服地阅读。' },
    ];
    const events = dialogues(assDocument({ width: 640, height: 360 }, { ...STYLE, fontSize: 'auto' }, burnedCues(lines, STYLE.maxChars)));
    expect(events.length).toBeGreaterThan(5);
    events.forEach(([start, end, rows], i) => {
      expect(end - start, rows.join('/')).toBeGreaterThanOrEqual(0.83);
      expect(end - start).toBeLessThanOrEqual(7);
      if (i > 0) expect(start - events[i - 1]![1], rows.join('/')).toBeGreaterThanOrEqual(0.08);
      expect(rows.length).toBeLessThanOrEqual(2);
      expect([...rows.join('')].length).toBeLessThanOrEqual(STYLE.maxChars);
      for (const row of rows) expect([...row].length).toBeLessThanOrEqual(/[\u4E00-\u9FFF]/.test(row) ? 16 : 42);
    });
    // Every word shows, in order.
    const shown = events.flatMap(([, , rows]) => rows).join('');
    expect(shown.replace(/\s/g, '')).toBe(lines.map((l) => l.text.replace(/\s/g, '')).join(''));
    // The Spanish line is far too long for its 1.5 s: its first cue takes time from the pause before it.
    expect(events[0]![0]).toBeLessThan(3);
  });

  it('size the text by the video when the size is automatic, and scale a chosen size with its height', () => {
    expect(autoFontSize({ width: 640, height: 360 })).toBe(20);
    expect(autoFontSize({ width: 1280, height: 720 })).toBe(40);
    expect(autoFontSize({ width: 1920, height: 1080 })).toBe(59);
    // A portrait video: a full line still fits across.
    expect(autoFontSize({ width: 1080, height: 1920 })).toBe(42);
    const sized = (frame: { width: number; height: number }, size: 'auto' | number) => fontSize(assDocument(frame, { ...STYLE, fontSize: size }, []));
    expect(sized({ width: 1920, height: 1080 }, 'auto')).toBe(59);
    expect(sized({ width: 1920, height: 1080 }, 14)).toBe(21);
    expect(sized({ width: 1280, height: 720 }, 14)).toBe(14);
  });
});
