import { describe, expect, inject, it } from 'vitest';
import { DISCUSSION_LINES } from '../fixtures/meeting-script';
import type { RecordDetail } from '../../contracts/records';
import { signUp } from './api';
import { transcribe } from './jobs';
import { addLines, createRecord, defaultFolderId, download } from './seed';

/**
 * Subtitle exports of recorded speech against the timed-text rules of the big streaming services (Netflix's
 * English and Chinese timed-text style guides): a two-voice espeak-ng discussion goes through the real
 * pipeline (upload, engine recognition, speakers, Apertium translation), then every cue of its SRT and
 * WebVTT exports, monolingual and bilingual, is measured, and so is a copy of it stored the way older records
 * were, each line running 200 ms into the next. The share of cues breaking each rule is printed.
 */

const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** The rules as the style guides state them. */
const LINE_CHARS = 42;
const LINES_PER_LANGUAGE = 2;
const MIN_MS = 5000 / 6;
const MAX_MS = 7000;
/** Two frames at 24 fps, the lowest common frame rate: two frames or more at any rate a video is likely to have. */
const GAP_MS = 2000 / 24;
const CHARS_PER_SECOND = 20;

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

const time = (h: string, m: string, s: string, ms: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);

function parse(text: string, format: 'srt' | 'vtt'): Cue[] {
  const body = format === 'vtt' ? text.replace(/^WEBVTT\n\n/, '') : text;
  return body
    .trim()
    .split('\n\n')
    .map((block) => {
      const rows = block.split('\n');
      if (format === 'srt') rows.shift();
      const [timing, ...lines] = rows;
      const m = timing!.match(/^(\d{2}):(\d{2}):(\d{2})[,.](\d{3}) --> (\d{2}):(\d{2}):(\d{2})[,.](\d{3})$/);
      expect(m, timing).not.toBeNull();
      // A WebVTT voice span names the speaker without taking room on screen.
      return { start: time(m![1]!, m![2]!, m![3]!, m![4]!), end: time(m![5]!, m![6]!, m![7]!, m![8]!), lines: lines.map((l) => l.replace(/^<v [^>]*>/, '')) };
    });
}

const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9áéíóúñü]+/g, '');
const chars = (lines: string[]) => [...lines.join(' ')].length;

/**
 * The cue's lines per language: a bilingual cue shows the source lines, then the translation's; the split
 * is where the first part is found in the source transcript and the rest in the translation.
 */
function languages(cue: Cue, source: string, translation: string | null): string[][] {
  if (translation === null) return [cue.lines];
  const found = (lines: string[], text: string) => text.includes(squeeze(lines.join(' ').replace(/^Speaker \d+: /, '')));
  for (let split = cue.lines.length; split >= 0; split--) {
    const [own, other] = [cue.lines.slice(0, split), cue.lines.slice(split)];
    if (found(own, source) && found(other, translation)) return [own, other];
  }
  throw new Error(`cue not from the transcript: ${cue.lines.join(' / ')}`);
}

/** Share of cues breaking each rule, in percent. */
function measure(cues: Cue[], source: string, translation: string | null) {
  const share = (broken: (cue: Cue, i: number) => boolean) => Math.round((1000 * cues.filter(broken).length) / cues.length) / 10;
  const parts = cues.map((cue) => languages(cue, source, translation));
  return {
    cues: cues.length,
    overlap: share((cue, i) => i + 1 < cues.length && cue.end > cues[i + 1]!.start),
    gapUnder2Frames: share((cue, i) => i + 1 < cues.length && cues[i + 1]!.start - cue.end < GAP_MS),
    linesOver2: share((_, i) => parts[i]!.some((lines) => lines.length > LINES_PER_LANGUAGE)),
    lineOver42: share((cue) => cue.lines.some((line) => [...line].length > LINE_CHARS)),
    durationOut: share((cue) => cue.end - cue.start < MIN_MS || cue.end - cue.start > MAX_MS),
    over20cps: share((cue, i) => parts[i]!.some((lines) => chars(lines) / ((cue.end - cue.start) / 1000) > CHARS_PER_SECOND)),
  };
}

describe('subtitle exports of recorded speech', () => {
  it('keep the timed-text rules in SRT and WebVTT, monolingual and bilingual', { timeout: 420_000 }, async () => {
    const { token, userId } = await signUp();
    // A minute of speech: recognition on a busy machine may take a few.
    const form = { translationLanguage: 'es-ES', speaker: '1', maxSpeakers: 2 };
    const { id, detail } = await transcribe(token, userId, 'Launch plan.mp3', decode(inject('discussionMp3')), form, 360_000);
    expect(detail.record.status).toBe('translation_completed');
    const lines: RecordDetail['lines'] = detail.lines;
    const source = squeeze(lines.map((l) => l.text).join(' '));
    const translation = squeeze(lines.map((l) => l.translations['es-ES'] ?? '').join(' '));
    // The recording holds turns longer than two subtitle lines and than a cue may last.
    expect(Math.max(...lines.map((l) => l.end - l.start))).toBeGreaterThan(MAX_MS);
    expect(DISCUSSION_LINES.some((l) => l.length > 2 * LINE_CHARS)).toBe(true);

    // The same lines as a record stored before lines were kept disjoint: each runs into the next.
    const old = await createRecord(userId, await defaultFolderId(token), { translationLanguage: 'es-ES', durationMs: detail.record.duration * 1000 });
    await addLines(
      old.id,
      lines.map((l, i) => ({ ...l, end: i + 1 < lines.length ? lines[i + 1]!.start + 200 : l.end })),
    );

    const results: Record<string, ReturnType<typeof measure>> = {};
    for (const [record, label] of [
      [id, ''],
      [old.id, ' (overlapping lines)'],
    ] as const) {
      for (const format of ['srt', 'vtt'] as const) {
        for (const content of ['source', 'bilingual'] as const) {
          const res = await download(`/prod-api/speech/audio/transcribe/export?ids=${record}&format=${format}&content=${content}&speaker=1`, token);
          expect(res.status).toBe(200);
          const text = await res.text();
          const cues = parse(text, format);
          const bilingual = content === 'bilingual' ? translation : null;
          results[`${format} ${content}${label}`] = measure(cues, source, bilingual);

          // No word is lost: the cues hold the whole transcript, in order.
          const shown = cues.map((cue) => languages(cue, source, bilingual));
          const sourceShown = squeeze(shown.map(([own]) => own!.join(' ').replace(/(^|\s)Speaker \d+: /g, ' ')).join(' '));
          expect.soft(sourceShown).toBe(source);
          if (bilingual) expect.soft(squeeze(shown.map(([, other]) => (other ?? []).join(' ')).join(' '))).toBe(translation);
          // The speaker's name on the first cue of each turn (SRT), in a voice span on every cue (WebVTT).
          const turns = lines.filter((l, i) => l.speaker !== lines[i - 1]?.speaker).length;
          if (format === 'srt') expect.soft(text.match(/^Speaker \d+: /gm)?.length).toBe(turns);
          else expect.soft(text.match(/^<v Speaker \d+>/gm)?.length).toBe(cues.length);
        }
      }
    }
    for (const [name, result] of Object.entries(results)) console.log(`share of cues breaking each rule (%), ${name}: ${JSON.stringify(result)}`);
    for (const result of Object.values(results)) {
      expect(result).toMatchObject({ overlap: 0, gapUnder2Frames: 0, linesOver2: 0, lineOver42: 0, durationOut: 0 });
    }
  });
});
