import { describe, expect, it } from 'vitest';
import type { SubtitleLine } from '../../contracts/records';
import { formatTimecode, parseTimecode } from '../../contracts/timecode';
import { activeLineIndex } from '../../web/lib/use-media-sync';
import {
  NEW_LINE_MS,
  addLineAfter,
  deleteLine,
  editText,
  endTyping,
  findHits,
  fromLines,
  mergeNeedsConfirmation,
  mergeSpeakers,
  mergeWithNext,
  redo,
  renameSpeaker,
  replaceAll,
  replaceHit,
  sameContent,
  setTime,
  speakerStats,
  toEditedLines,
  undo,
  withServerTranslations,
} from '../../web/features/record-detail/transcript-edit';
import type { EditResult, Transcript } from '../../web/features/record-detail/transcript-edit';

const MEDIA_MS = 20_000;

function line(id: number, start: number, end: number, text: string, speaker = 'Anna', translations: Record<string, string> = {}): SubtitleLine {
  return { id, seq: id - 1, start, end, text, speaker, translations };
}

/** Anna 0–4 s, Ben 5–9 s, Anna 10–14 s: gaps of one second between lines, media 20 s long. */
const sample = () =>
  fromLines([
    line(1, 0, 4000, 'Good morning.', 'Anna', { 'zh-CN': '早上好。' }),
    line(2, 5000, 9000, 'Hello Anna.', 'Ben', { 'zh-CN': '你好，安娜。' }),
    line(3, 10_000, 14_000, 'Let us begin.', 'Anna', { 'zh-CN': '我们开始吧。' }),
  ]);

function ok(result: EditResult): Transcript {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.transcript;
}

const refused = (result: EditResult) => (result.ok ? 'accepted' : result.error);
const times = (t: Transcript) => t.lines.map((l) => [l.start, l.end]);
const texts = (t: Transcript) => t.lines.map((l) => l.text);

describe('time format', () => {
  it('reads HH:MM:SS.mmm and MM:SS.mmm', () => {
    expect(parseTimecode('01:02:03.456')).toBe(3_723_456);
    expect(parseTimecode('02:03.456')).toBe(123_456);
    expect(parseTimecode(' 00:05.000 ')).toBe(5000);
  });

  it('accepts shortened or missing milliseconds', () => {
    expect(parseTimecode('00:05.5')).toBe(5500);
    expect(parseTimecode('00:05.25')).toBe(5250);
    expect(parseTimecode('00:05')).toBe(5000);
  });

  it.each(['', 'abc', '5', '00:5.000', '00:60.000', '60:00.000', '1:60:00.000', '00:05.1234', '-00:05.000', '00:05:'])('refuses %j', (text) => {
    expect(parseTimecode(text)).toBeNull();
  });

  it('prints MM:SS.mmm under an hour and HH:MM:SS.mmm from an hour on, or when asked', () => {
    expect(formatTimecode(123_456)).toBe('02:03.456');
    expect(formatTimecode(3_723_456)).toBe('01:02:03.456');
    expect(formatTimecode(5000, true)).toBe('00:00:05.000');
    expect(parseTimecode(formatTimecode(3_599_999))).toBe(3_599_999);
  });
});

describe('subtitle editing rules (spec §5)', () => {
  it('says which line a refusal is about, which neighbour, and the time to stay clear of', () => {
    expect(setTime(sample(), 1, 'start', '00:03.000', MEDIA_MS)).toEqual({ ok: false, error: 'overlapPrevious', line: 1, other: 0, at: 4000 });
    expect(setTime(sample(), 1, 'end', '00:10.500', MEDIA_MS)).toEqual({ ok: false, error: 'overlapNext', line: 1, other: 2, at: 10_000 });
    expect(setTime(sample(), 2, 'end', '00:21.000', MEDIA_MS)).toEqual({ ok: false, error: 'pastMedia', line: 2, at: MEDIA_MS });
    expect(setTime(sample(), 1, 'end', '00:04.999', MEDIA_MS)).toEqual({ ok: false, error: 'endBeforeStart', line: 1, at: 5000 });
    expect(setTime(sample(), 1, 'start', '00:09.500', MEDIA_MS)).toEqual({ ok: false, error: 'startAfterEnd', line: 1, at: 9000 });
    expect(setTime(sample(), 0, 'start', 'noon', MEDIA_MS)).toEqual({ ok: false, error: 'badTimeFormat', line: 0 });
  });

  it('changes a start or end time that keeps every rule', () => {
    const t = ok(setTime(sample(), 1, 'start', '00:04.500', MEDIA_MS));
    expect(times(ok(setTime(t, 1, 'end', '00:09.800', MEDIA_MS)))[1]).toEqual([4500, 9800]);
  });

  it('refuses an end before the start, and a start after the end', () => {
    expect(refused(setTime(sample(), 0, 'end', '00:00.000', MEDIA_MS))).toBe('accepted');
    expect(refused(setTime(sample(), 1, 'end', '00:04.999', MEDIA_MS))).toBe('endBeforeStart');
    expect(refused(setTime(sample(), 1, 'start', '00:09.001', MEDIA_MS))).toBe('startAfterEnd');
  });

  it('refuses a time that is not in the time format', () => {
    expect(refused(setTime(sample(), 1, 'start', '4.5 seconds', MEDIA_MS))).toBe('badTimeFormat');
    expect(refused(setTime(sample(), 1, 'end', '00:99.000', MEDIA_MS))).toBe('badTimeFormat');
  });

  it('refuses an overlap with the line before or after', () => {
    expect(refused(setTime(sample(), 1, 'start', '00:03.999', MEDIA_MS))).toBe('overlapPrevious');
    expect(refused(setTime(sample(), 1, 'end', '00:10.001', MEDIA_MS))).toBe('overlapNext');
    // Touching a neighbour is not overlapping it.
    expect(times(ok(setTime(sample(), 1, 'start', '00:04.000', MEDIA_MS)))[1]).toEqual([4000, 9000]);
  });

  it('refuses a line past the end of the media; unknown media length sets no limit', () => {
    expect(refused(setTime(sample(), 2, 'end', '00:20.001', MEDIA_MS))).toBe('pastMedia');
    expect(times(ok(setTime(sample(), 2, 'end', '00:20.000', MEDIA_MS)))[2]).toEqual([10_000, 20_000]);
    expect(times(ok(setTime(sample(), 2, 'end', '01:00.000', 0)))[2]).toEqual([10_000, 60_000]);
  });

  it('adds an empty line for the same speaker in the gap after a line', () => {
    const t = ok(addLineAfter(sample(), 1, MEDIA_MS));
    expect(t.lines).toHaveLength(4);
    expect(t.lines[2]).toMatchObject({ start: 9000, end: 10_000, text: '', speaker: 'Ben', translations: {} });
    const atEnd = ok(addLineAfter(sample(), 2, MEDIA_MS));
    expect(times(atEnd)[3]).toEqual([14_000, 14_000 + NEW_LINE_MS]);
    // Added lines get keys of their own, never a server id.
    const twice = ok(addLineAfter(atEnd, 3, MEDIA_MS));
    expect(new Set(twice.lines.map((l) => l.key)).size).toBe(5);
  });

  it('cannot add a line past the media length, nor where there is no gap', () => {
    const full = ok(setTime(sample(), 2, 'end', '00:20.000', MEDIA_MS));
    expect(refused(addLineAfter(full, 2, MEDIA_MS))).toBe('addPastMedia');
    const touching = ok(setTime(sample(), 0, 'end', '00:05.000', MEDIA_MS));
    expect(refused(addLineAfter(touching, 0, MEDIA_MS))).toBe('noRoomToAdd');
    // A new line near the end is cut at the media's end.
    const nearEnd = ok(setTime(sample(), 2, 'end', '00:19.500', MEDIA_MS));
    expect(times(ok(addLineAfter(nearEnd, 2, MEDIA_MS)))[3]).toEqual([19_500, 20_000]);
  });

  it('deletes lines but never the last remaining one', () => {
    let t = ok(deleteLine(sample(), 1));
    expect(texts(t)).toEqual(['Good morning.', 'Let us begin.']);
    t = ok(deleteLine(t, 0));
    expect(refused(deleteLine(t, 0))).toBe('lastLine');
  });

  it('merges a line with the next of the same speaker: their span, texts and translations joined', () => {
    const sameSpeaker = fromLines([line(1, 0, 2000, 'Good', 'Anna', { 'zh-CN': '早上' }), line(2, 2500, 4000, 'morning.', 'Anna', { 'zh-CN': '好。' })]);
    expect(mergeNeedsConfirmation(sameSpeaker, 0)).toBe(false);
    const merged = ok(mergeWithNext(sameSpeaker, 0));
    expect(merged.lines).toHaveLength(1);
    expect(merged.lines[0]).toMatchObject({ start: 0, end: 4000, text: 'Good morning.', speaker: 'Anna', translations: { 'zh-CN': '早上好。' } });
  });

  it('joins Chinese text without a space', () => {
    const chinese = fromLines([line(1, 0, 1000, '大家好，'), line(2, 1000, 2000, '我们开始吧。')]);
    expect(ok(mergeWithNext(chinese, 0)).lines[0]!.text).toBe('大家好，我们开始吧。');
  });

  it('flags a merge of different speakers and only merges once confirmed, keeping the first speaker', () => {
    expect(mergeNeedsConfirmation(sample(), 0)).toBe(true);
    expect(refused(mergeWithNext(sample(), 0))).toBe('speakersDiffer');
    const merged = ok(mergeWithNext(sample(), 0, { confirmed: true }));
    expect(merged.lines[0]).toMatchObject({ start: 0, end: 9000, text: 'Good morning. Hello Anna.', speaker: 'Anna' });
    expect(refused(mergeWithNext(sample(), 2))).toBe('noNextLine');
  });
});

describe('undo (spec §5: up to 5 steps)', () => {
  it('takes back the last five edits, then says there is nothing to undo', () => {
    let t = sample();
    for (let i = 1; i <= 6; i++) t = ok(editText(endTyping(t), 0, `edit ${i}`));
    expect(t.lines[0]!.text).toBe('edit 6');
    for (const expected of ['edit 5', 'edit 4', 'edit 3', 'edit 2', 'edit 1']) {
      t = ok(undo(t));
      expect(t.lines[0]!.text).toBe(expected);
    }
    expect(refused(undo(t))).toBe('nothingToUndo');
  });

  it('has nothing to undo before any edit', () => {
    expect(refused(undo(sample()))).toBe('nothingToUndo');
  });

  it('counts typing in one field as one step, and a new visit to the field as another', () => {
    let t = sample();
    for (const text of ['G', 'Go', 'Goo', 'Good']) t = ok(editText(t, 1, text));
    t = ok(editText(t, 1, 'Good!', 'zh-CN'));
    expect(t.lines[1]).toMatchObject({ text: 'Good', translations: { 'zh-CN': 'Good!' } });
    t = ok(undo(t));
    expect(t.lines[1]).toMatchObject({ text: 'Good', translations: { 'zh-CN': '你好，安娜。' } });
    t = ok(undo(t));
    expect(t.lines[1]!.text).toBe('Hello Anna.');

    t = ok(editText(t, 1, 'first visit'));
    t = ok(editText(endTyping(t), 1, 'second visit'));
    expect(ok(undo(t)).lines[1]!.text).toBe('first visit');
  });

  it('undoes every kind of edit, back to the very same lines', () => {
    const start = sample();
    const edits = [
      (t: Transcript) => setTime(t, 1, 'start', '00:04.500', MEDIA_MS),
      (t: Transcript) => addLineAfter(t, 2, MEDIA_MS),
      (t: Transcript) => deleteLine(t, 0),
      (t: Transcript) => mergeWithNext(t, 0, { confirmed: true }),
      (t: Transcript) => renameSpeaker(t, 'Ben', 'Benjamin'),
    ];
    let t = start;
    for (const edit of edits) t = ok(edit(t));
    for (let i = 0; i < edits.length; i++) t = ok(undo(t));
    expect(t.lines).toBe(start.lines);
  });

  it('makes no undo step for an edit that changes nothing', () => {
    const t = ok(setTime(sample(), 1, 'start', '00:05.000', MEDIA_MS));
    expect(refused(undo(t))).toBe('nothingToUndo');
  });
});

describe('speakers', () => {
  it('lists named speakers in order of appearance with their line counts', () => {
    expect(speakerStats(sample().lines)).toEqual([
      { name: 'Anna', lines: 2 },
      { name: 'Ben', lines: 1 },
    ]);
    expect(speakerStats(fromLines([line(1, 0, 1000, 'x', '')]).lines)).toEqual([]);
  });

  it('renames a speaker on every line, to a trimmed, non-empty, unused name', () => {
    const t = ok(renameSpeaker(sample(), 'Anna', '  Anna Li '));
    expect(t.lines.map((l) => l.speaker)).toEqual(['Anna Li', 'Ben', 'Anna Li']);
    expect(refused(renameSpeaker(sample(), 'Anna', '   '))).toBe('emptySpeaker');
    expect(refused(renameSpeaker(sample(), 'Anna', 'Ben'))).toBe('speakerExists');
  });

  it('merges one speaker into another', () => {
    const t = ok(mergeSpeakers(sample(), 'Ben', 'Anna'));
    expect(t.lines.map((l) => l.speaker)).toEqual(['Anna', 'Anna', 'Anna']);
    expect(speakerStats(t.lines)).toEqual([{ name: 'Anna', lines: 3 }]);
    expect(refused(mergeSpeakers(sample(), 'Ben', 'Carol'))).toBe('unknownSpeaker');
  });
});

describe('saving and playback', () => {
  it('saves every line in order with its times, text, speaker and translations', () => {
    const t = ok(editText(sample(), 0, 'Good evening.'));
    expect(toEditedLines(t.lines)).toEqual([
      { start: 0, end: 4000, text: 'Good evening.', speaker: 'Anna', translations: { 'zh-CN': '早上好。' } },
      { start: 5000, end: 9000, text: 'Hello Anna.', speaker: 'Ben', translations: { 'zh-CN': '你好，安娜。' } },
      { start: 10_000, end: 14_000, text: 'Let us begin.', speaker: 'Anna', translations: { 'zh-CN': '我们开始吧。' } },
    ]);
  });

  it('recognises the server echoing a save, whatever ids it gave the lines', () => {
    const t = ok(editText(sample(), 0, 'Good evening.'));
    const echoed: SubtitleLine[] = t.lines.map(({ start, end, text, speaker, translations }, i) => ({
      id: 100 + i,
      seq: i,
      start,
      end,
      text,
      speaker,
      translations,
    }));
    expect(sameContent(t.lines, echoed)).toBe(true);
    expect(sameContent(t.lines, [...echoed.slice(0, 2), { ...echoed[2]!, translations: { 'zh-CN': '开始。' } }])).toBe(false);
    expect(sameContent(t.lines, echoed.slice(1))).toBe(false);
    expect(sameContent(sample().lines, echoed)).toBe(false);
  });

  it('takes the server’s new translations into unsaved edits, but never over a translation typed here', () => {
    // Saved: line 1 re-worded. Unsaved since: line 3's words and line 2's translation.
    const saved = ok(editText(sample(), 0, 'Good evening.')).lines;
    const edited = ok(editText(ok(editText({ ...sample(), lines: saved, past: [] }, 2, 'Let us start.')), 1, '嗨，安娜。', 'zh-CN'));
    // The server dropped line 1's old translation, then translated it and line 2 again.
    const server = (translations: Record<string, string>[]): SubtitleLine[] =>
      saved.map(({ key, start, end, text, speaker }, i) => ({ id: key, seq: i, start, end, text, speaker, translations: translations[i]! }));
    const dropped = server([{}, { 'zh-CN': '你好，安娜。' }, { 'zh-CN': '我们开始吧。' }]);
    const first = withServerTranslations(edited, saved, dropped);
    expect(first.transcript.lines.map((l) => l.translations)).toEqual([{}, { 'zh-CN': '嗨，安娜。' }, { 'zh-CN': '我们开始吧。' }]);
    expect(first.transcript.lines[2]!.text).toBe('Let us start.');
    // What counts as saved is the server's: no conflict, and a save sends no old translation back, nor does an undo.
    expect(sameContent(first.saved, dropped)).toBe(true);
    expect(ok(undo(first.transcript)).lines[0]!.translations).toEqual({});

    const retranslated = server([{ 'zh-CN': '晚上好。' }, { 'zh-CN': '你好啊，安娜。' }, { 'zh-CN': '我们开始吧。' }]);
    const second = withServerTranslations(first.transcript, first.saved, retranslated);
    expect(second.transcript.lines.map((l) => l.translations['zh-CN'])).toEqual(['晚上好。', '嗨，安娜。', '我们开始吧。']);
    // Another tab's words are not taken in: the page asks which to keep.
    const reworded = [{ ...retranslated[0]!, text: 'Evening.' }, ...retranslated.slice(1)];
    expect(withServerTranslations(second.transcript, second.saved, reworded).transcript).toBe(second.transcript);
  });

  it('finds the line playing at a moment, and none between lines', () => {
    const { lines } = sample();
    expect(activeLineIndex(lines, 0)).toBe(0);
    expect(activeLineIndex(lines, 3999)).toBe(0);
    expect(activeLineIndex(lines, 4500)).toBe(-1);
    expect(activeLineIndex(lines, 5000)).toBe(1);
    expect(activeLineIndex(lines, 13_999)).toBe(2);
    expect(activeLineIndex(lines, 14_000)).toBe(-1);
    expect(activeLineIndex([], 1000)).toBe(-1);
  });
});

describe('find and replace', () => {
  it('finds every occurrence in the fields asked for, ignoring case, in reading order', () => {
    const t = sample();
    expect(findHits(t.lines, 'AN', [undefined])).toEqual([{ line: 1, start: 6, end: 8 }]);
    expect(findHits(t.lines, 'n', [undefined]).map((h) => [h.line, h.start])).toEqual([
      [0, 8],
      [0, 10],
      [1, 7],
      [1, 8],
      [2, 11],
    ]);
    expect(findHits(t.lines, '好', [undefined, 'zh-CN'])).toEqual([
      { line: 0, language: 'zh-CN', start: 2, end: 3 },
      { line: 1, language: 'zh-CN', start: 1, end: 2 },
    ]);
    expect(findHits(t.lines, '', [undefined])).toEqual([]);
  });

  it('replaces one hit or all hits as one undo step each, and redoes what was undone until a new edit', () => {
    const t = sample();
    const [first] = findHits(t.lines, 'good', [undefined]);
    const one = ok(replaceHit(t, first!, 'Bright'));
    expect(one.lines[0]!.text).toBe('Bright morning.');
    const all = ok(replaceAll(one, 'n', 'N', [undefined]));
    expect(all.lines.map((l) => l.text)).toEqual(['Bright morNiNg.', 'Hello ANNa.', 'Let us begiN.']);
    expect(replaceAll(all, 'zzz', 'y', [undefined])).toMatchObject({ ok: false, error: 'nothingToReplace' });

    const back = ok(undo(all));
    expect(back.lines).toBe(one.lines);
    const forward = ok(redo(back));
    expect(forward.lines).toBe(all.lines);
    expect(redo(forward)).toMatchObject({ ok: false, error: 'nothingToRedo' });
    // A new edit after an undo drops what could have been redone.
    const edited = ok(editText(ok(undo(forward)), 2, 'Go.'));
    expect(redo(edited)).toMatchObject({ ok: false, error: 'nothingToRedo' });
  });
});
