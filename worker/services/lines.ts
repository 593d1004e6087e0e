import { type SQL, and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SubtitleLine } from '../../contracts/records';
import type { Db } from '../db/client';
import { lineSpeakers, segments } from '../db/schema';
import { chunks } from '../lib/batch';
import type { Voiceprint } from '../../contracts/voiceprints';

/**
 * A record's stored lines, the one way they are read and replaced. A line names its speaker by number
 * (`segments.speaker_no`, 0 for none); the names, and each speaker's voice pitch, are stored once per record in
 * `line_speakers`, as a transcript's rows are most of D1 (bench:storage). Reads give every line its speaker's
 * name and pitch back.
 */

// A line is read with its end (computed from the stored duration) and its speaker's name, not their numbers.
const { speakerNo: _, durationMs: __, ...lineColumns } = getTableColumns(segments);

/** The lines of each record, in order (by record, then place), each with its speaker's name and pitch. */
export function storedLines(db: Db, recordIds: number[]) {
  return db
    .select({ ...lineColumns, speaker: sql<string>`coalesce(${lineSpeakers.name}, '')`, pitchHz: lineSpeakers.pitchHz })
    .from(segments)
    .leftJoin(lineSpeakers, and(eq(lineSpeakers.recordId, segments.recordId), eq(lineSpeakers.no, segments.speakerNo)))
    .where(inArray(segments.recordId, recordIds))
    .orderBy(asc(segments.recordId), asc(segments.seq));
}
export type StoredLine = Awaited<ReturnType<typeof storedLines>>[number];

/** The stored line `line`, found by its key. */
export const lineWhere = (line: { recordId: number; seq: number }) => and(eq(segments.recordId, line.recordId), eq(segments.seq, line.seq));

/** A line as a whole transcript is written: its speaker by name, with the pitch recognition heard, if any. */
export interface LineToStore {
  startMs: number;
  endMs: number;
  text: string;
  translations: Record<string, string>;
  speaker: string;
  pitchHz?: number | null;
}

/** The middle (upper median) of a speaker's line pitches, as dubbing reads a speaker's register. */
function middle(pitches: number[]) {
  if (pitches.length === 0) return null;
  return [...pitches].sort((a, b) => a - b)[Math.floor(pitches.length / 2)]!;
}

/**
 * The speakers of `lines` numbered in order of first appearance, each with the middle of their lines' pitches and
 * their voiceprint from `voiceprints` (by name), if any; and each speaker's number by name.
 */
function numberedSpeakers(recordId: number, lines: readonly Pick<LineToStore, 'speaker' | 'pitchHz'>[], voiceprints: ReadonlyMap<string, Voiceprint>) {
  const numbers = new Map<string, number>();
  const pitches = new Map<string, number[]>();
  for (const l of lines) {
    if (!l.speaker) continue;
    if (!numbers.has(l.speaker)) numbers.set(l.speaker, numbers.size + 1);
    if (l.pitchHz) pitches.set(l.speaker, [...(pitches.get(l.speaker) ?? []), l.pitchHz]);
  }
  const speakers = [...numbers].map(([name, no]) => ({
    recordId,
    no,
    name,
    pitchHz: middle(pitches.get(name) ?? []),
    voiceprint: voiceprints.get(name) ?? null,
  }));
  return { numbers, speakers };
}

/**
 * Statements that replace record `recordId`'s transcript with `lines` (numbered in order from 0) and its
 * speakers with theirs, numbered in order of first appearance, each with their voiceprint from `voiceprints`
 * (by name), if any. Run them in one batch, so the record never shows half of a rewrite.
 */
export function replaceLines(
  db: Db,
  recordId: number,
  lines: readonly LineToStore[],
  voiceprints: ReadonlyMap<string, Voiceprint> = new Map(),
): BatchItem<'sqlite'>[] {
  const { numbers, speakers } = numberedSpeakers(recordId, lines, voiceprints);
  const rows = lines.map((l, seq) => ({
    recordId,
    seq,
    startMs: l.startMs,
    durationMs: l.endMs - l.startMs,
    text: l.text,
    translations: l.translations,
    speakerNo: numbers.get(l.speaker) ?? 0,
  }));
  return [
    db.delete(segments).where(eq(segments.recordId, recordId)),
    db.delete(lineSpeakers).where(eq(lineSpeakers.recordId, recordId)),
    ...chunks(speakers, 20).map((part) => db.insert(lineSpeakers).values(part)),
    ...chunks(rows, 12).map((part) => db.insert(segments).values(part)),
  ];
}

/**
 * Statements that give record `recordId`'s lines (by seq) new speakers, as `replaceLines` numbers them, leaving
 * each line's words, times, translations and id as they are (search, summaries' owners and shares point at
 * them). Run them in one batch.
 */
export function relabelLines(
  db: Db,
  recordId: number,
  lines: readonly { seq: number; speaker: string; pitchHz?: number | null }[],
  voiceprints: ReadonlyMap<string, Voiceprint> = new Map(),
): BatchItem<'sqlite'>[] {
  const { numbers, speakers } = numberedSpeakers(recordId, lines, voiceprints);
  const seqsOf = new Map<number, number[]>();
  for (const l of lines) {
    const no = numbers.get(l.speaker) ?? 0;
    seqsOf.set(no, [...(seqsOf.get(no) ?? []), l.seq]);
  }
  return [
    db.delete(lineSpeakers).where(eq(lineSpeakers.recordId, recordId)),
    ...chunks(speakers, 20).map((part) => db.insert(lineSpeakers).values(part)),
    // D1 binds at most 100 parameters a statement.
    ...[...seqsOf].flatMap(([no, seqs]) =>
      chunks(seqs, 90).map((part) =>
        db
          .update(segments)
          .set({ speakerNo: no })
          .where(and(eq(segments.recordId, recordId), inArray(segments.seq, part))),
      ),
    ),
  ];
}

/**
 * Statements that copy record `from`'s lines and speakers to the record whose id `to` gives. Drizzle inserts a
 * selection in the table's stored column order (without the computed id and end), so every column is named here in
 * that order; the lines' selection is passed as SQL, as Drizzle's own check would also ask for the id it leaves out.
 */
export function copyLines(db: Db, from: number, to: SQL<number>): BatchItem<'sqlite'>[] {
  const recordId = to.as('record_id');
  const { no, name, pitchHz, voiceprint } = lineSpeakers;
  return [
    db.insert(lineSpeakers).select(db.select({ recordId, no, name, pitchHz, voiceprint }).from(lineSpeakers).where(eq(lineSpeakers.recordId, from))),
    db.insert(segments).select(
      db
        .select({
          recordId,
          seq: segments.seq,
          startMs: segments.startMs,
          durationMs: segments.durationMs,
          text: segments.text,
          translations: segments.translations,
          speakerNo: segments.speakerNo,
        })
        .from(segments)
        .where(eq(segments.recordId, from))
        .getSQL(),
    ),
  ];
}

/**
 * The voiceprint each speaker of `lines` keeps when they replace record `recordId`'s transcript: an edit renames,
 * merges or moves speakers, so each new name takes the print of the stored speaker who said most of its lines
 * (lines matched by start time, which an edit of words or names leaves as it was).
 */
export async function keptVoiceprints(db: Db, recordId: number, lines: readonly LineToStore[]): Promise<Map<string, Voiceprint>> {
  const prints = await db.select({ no: lineSpeakers.no, voiceprint: lineSpeakers.voiceprint }).from(lineSpeakers).where(eq(lineSpeakers.recordId, recordId));
  const printOf = new Map(prints.flatMap((p) => (p.voiceprint ? [[p.no, p.voiceprint] as const] : [])));
  const kept = new Map<string, Voiceprint>();
  if (printOf.size === 0) return kept;
  const stored = await db.select({ startMs: segments.startMs, no: segments.speakerNo }).from(segments).where(eq(segments.recordId, recordId));
  const speakerAt = new Map(stored.map((l) => [l.startMs, l.no]));
  const said = new Map<string, Map<number, number>>();
  for (const l of lines) {
    const no = speakerAt.get(l.startMs);
    if (!l.speaker || no === undefined || !printOf.has(no)) continue;
    const tally = said.get(l.speaker) ?? new Map<number, number>();
    tally.set(no, (tally.get(no) ?? 0) + l.endMs - l.startMs);
    said.set(l.speaker, tally);
  }
  for (const [name, tally] of said) kept.set(name, printOf.get([...tally].sort((a, b) => b[1] - a[1])[0]![0])!);
  return kept;
}

/**
 * Statements that give the lines of speaker `from` the name `to`: the speaker is renamed, or, when `to` already
 * names another of the record's speakers, their lines join that speaker.
 */
export async function renameSpeaker(db: Db, recordId: number, from: string, to: string): Promise<BatchItem<'sqlite'>[]> {
  const speakers = await db.select().from(lineSpeakers).where(eq(lineSpeakers.recordId, recordId));
  const numberOf = (name: string) => (name === '' ? 0 : speakers.find((s) => s.name === name)?.no);
  const fromNo = numberOf(from);
  const toNo = numberOf(to);
  if (fromNo === undefined || fromNo === toNo) return [];
  const ofSpeaker = (no: number) => and(eq(segments.recordId, recordId), eq(segments.speakerNo, no));
  if (toNo !== undefined) {
    return [
      db.update(segments).set({ speakerNo: toNo }).where(ofSpeaker(fromNo)),
      db.delete(lineSpeakers).where(and(eq(lineSpeakers.recordId, recordId), eq(lineSpeakers.no, fromNo))),
    ];
  }
  if (fromNo > 0)
    return [
      db
        .update(lineSpeakers)
        .set({ name: to })
        .where(and(eq(lineSpeakers.recordId, recordId), eq(lineSpeakers.no, fromNo))),
    ];
  const no = Math.max(0, ...speakers.map((s) => s.no)) + 1;
  return [db.insert(lineSpeakers).values({ recordId, no, name: to }), db.update(segments).set({ speakerNo: no }).where(ofSpeaker(0))];
}

/** Lines with words and no translation into `language`: the ones a translation still has to reach. */
export const missingTranslation = <L extends Pick<SubtitleLine, 'text' | 'translations'>>(lines: readonly L[], language: string) =>
  lines.filter((l) => l.text.trim() !== '' && l.translations[language] === undefined);

/**
 * The lines as a reader gets them (record page, share page, exports): while the record's lines are translated
 * again (transcription/retranslate.ts), those still waiting say so (`translating`).
 */
export function markTranslating(record: { translationLanguage: string | null; retranslateAt: number | null }, lines: SubtitleLine[]): SubtitleLine[] {
  const language = record.translationLanguage;
  if (record.retranslateAt === null || !language) return lines;
  const waiting = new Set(missingTranslation(lines, language));
  return lines.map((l) => (waiting.has(l) ? { ...l, translating: true } : l));
}
