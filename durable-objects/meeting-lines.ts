import { MEETING, type LiveLine } from '../contracts/meeting';
import { disjointSpans, type Span } from '../contracts/timeline';

/**
 * A meeting's lines (finals) in the room's SQLite: kept there first, so a crash loses none, then written to
 * D1 in batches, each change exactly once (a line counts as written only for the version D1 received).
 * Lines are keyed by the meeting's own sequence number; they stay in order, disjoint and inside the audio
 * (contracts/timeline.ts), so whatever the meeting recorded its editor accepts back unchanged.
 */

type FinalRow = {
  seq: number;
  start_ms: number;
  end_ms: number;
  text: string;
  speaker: string;
  translations: string;
};

const FLUSH_BATCH = 50;

const toLine = (r: FinalRow): LiveLine => ({
  seq: r.seq,
  start: r.start_ms,
  end: r.end_ms,
  text: r.text,
  speaker: r.speaker,
  translations: JSON.parse(r.translations) as Record<string, string>,
});

export class MeetingLines {
  constructor(private readonly sql: SqlStorage) {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS finals (
      seq INTEGER PRIMARY KEY, start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, text TEXT NOT NULL,
      speaker TEXT NOT NULL DEFAULT '', translations TEXT NOT NULL DEFAULT '{}',
      version INTEGER NOT NULL DEFAULT 1, flushed_version INTEGER NOT NULL DEFAULT 0)`);
  }

  /**
   * Stores a new line. A live line (`after` the one before it) starts no earlier than that one ends: where the
   * recogniser's spans overlap, the boundary moves to the middle. Every line ends inside `durationMs`.
   */
  add(line: LiveLine, durationMs: number, after: boolean): LiveLine {
    const previous = after ? this.sql.exec<FinalRow>('SELECT * FROM finals ORDER BY seq DESC LIMIT 1').toArray()[0] : undefined;
    const spans: Span[] = previous ? [{ start: previous.start_ms, end: previous.end_ms }, line] : [line];
    const settled = disjointSpans(spans, Math.round(durationMs));
    const mine = settled.at(-1)!;
    if (previous && settled[0]!.end !== previous.end_ms) {
      this.sql.exec('UPDATE finals SET end_ms = ?, version = version + 1 WHERE seq = ?', settled[0]!.end, previous.seq);
    }
    const stored = { ...line, start: mine.start, end: mine.end };
    this.sql.exec(
      'INSERT INTO finals (seq, start_ms, end_ms, text, speaker) VALUES (?, ?, ?, ?, ?)',
      stored.seq,
      stored.start,
      stored.end,
      stored.text,
      stored.speaker,
    );
    return stored;
  }

  /** Sets one translation of a line; false when there is no such line. */
  translate(seq: number, language: string, text: string) {
    // Read and write in one synchronous step, so translations into two languages never overwrite each other.
    const row = this.sql.exec<{ translations: string }>('SELECT translations FROM finals WHERE seq = ?', seq).toArray()[0];
    if (!row) return false;
    const translations = { ...(JSON.parse(row.translations) as Record<string, string>), [language]: text };
    this.sql.exec('UPDATE finals SET translations = ?, version = version + 1 WHERE seq = ?', JSON.stringify(translations), seq);
    return true;
  }

  /** The last lines, oldest first, as a viewer who joins late receives them. */
  recent(): LiveLine[] {
    return this.sql.exec<FinalRow>('SELECT * FROM finals ORDER BY seq DESC LIMIT ?', MEETING.recentLines).toArray().reverse().map(toLine);
  }

  /** Lines changed since D1 last received them. */
  unwritten() {
    return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM finals WHERE version > flushed_version').one().n;
  }

  /** Writes changed lines to D1, oldest first, with the record's duration; returns how many. */
  async flush(d1: D1Database, recordId: number, durationMs: number) {
    const rows = this.sql
      .exec<FinalRow & { version: number }>('SELECT * FROM finals WHERE version > flushed_version ORDER BY seq LIMIT ?', FLUSH_BATCH)
      .toArray();
    if (!rows.length) return 0;
    // A line names its speaker by number (worker/db/schema.ts, line_speakers): a name new to the record is
    // numbered first, in the same transaction. A line written before (same start and words) keeps its speaker:
    // the room never relabels a line, but the ended meeting's speakers job does, and a translation stored
    // after it must not bring the live label back. A seq that now holds another line takes that line's.
    const speakers = [...new Set(rows.map((r) => r.speaker).filter(Boolean))];
    await d1.batch([
      ...speakers.map((name) =>
        d1
          .prepare(
            `INSERT INTO line_speakers (record_id, no, name)
             SELECT ?1, coalesce((SELECT max(no) FROM line_speakers WHERE record_id = ?1), 0) + 1, ?2
             WHERE EXISTS (SELECT 1 FROM records WHERE id = ?1) AND NOT EXISTS (SELECT 1 FROM line_speakers WHERE record_id = ?1 AND name = ?2)`,
          )
          .bind(recordId, name),
      ),
      ...rows.map((r) =>
        d1
          .prepare(
            `INSERT INTO segments (record_id, seq, start_ms, duration_ms, text, translations, speaker_no)
             SELECT ?1, ?2, ?3, ?4 - ?3, ?5, ?6, coalesce((SELECT no FROM line_speakers WHERE record_id = ?1 AND name = ?7), 0)
             WHERE EXISTS (SELECT 1 FROM records WHERE id = ?1)
             ON CONFLICT (record_id, seq) DO UPDATE SET start_ms = excluded.start_ms, duration_ms = excluded.duration_ms,
               text = excluded.text, translations = excluded.translations,
               speaker_no = CASE WHEN start_ms = excluded.start_ms AND text = excluded.text THEN speaker_no ELSE excluded.speaker_no END`,
          )
          .bind(recordId, r.seq, r.start_ms, r.end_ms, r.text, r.translations, r.speaker),
      ),
      d1.prepare('UPDATE records SET duration_ms = ?2, updated_at = ?3 WHERE id = ?1').bind(recordId, Math.round(durationMs), Date.now()),
    ]);
    for (const r of rows) this.sql.exec('UPDATE finals SET flushed_version = ? WHERE seq = ?', r.version, r.seq);
    return rows.length;
  }

  /** Languages some line has a translation in. */
  translatedInto() {
    const out = new Set<string>();
    for (const row of this.sql.exec<{ translations: string }>("SELECT translations FROM finals WHERE translations != '{}'")) {
      for (const language of Object.keys(JSON.parse(row.translations) as object)) out.add(language);
    }
    return out;
  }

  /**
   * Numbers the room's lines in time order and makes their spans disjoint and inside `durationMs`; lines
   * that changed are marked for the next flush. Lines keep their seq where order already holds, so a
   * meeting whose lines were all live changes at most a few times.
   */
  settle(durationMs: number) {
    const rows = this.sql.exec<FinalRow>('SELECT seq, start_ms, end_ms, text, speaker, translations FROM finals ORDER BY start_ms, seq').toArray();
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    const spans = disjointSpans(
      rows.map((r) => ({ start: r.start_ms, end: r.end_ms })),
      durationMs,
    );
    const changed = rows.flatMap((r, i) => {
      const span = spans[i]!;
      const seq = seqs[i]!;
      return r.seq === seq && r.start_ms === span.start && r.end_ms === span.end
        ? []
        : [{ old: r.seq, row: { ...r, seq, start_ms: span.start, end_ms: span.end } }];
    });
    // The seqs that moved are exactly the ones their rows leave: free them all first, then write the rows anew.
    for (const c of changed) this.sql.exec('DELETE FROM finals WHERE seq = ?', c.old);
    for (const { row } of changed) {
      this.sql.exec(
        'INSERT INTO finals (seq, start_ms, end_ms, text, speaker, translations) VALUES (?, ?, ?, ?, ?, ?)',
        row.seq,
        row.start_ms,
        row.end_ms,
        row.text,
        row.speaker,
        row.translations,
      );
    }
  }

  /** The translation the minutes show: the meeting's first language, else the one most lines were read in. */
  mainTranslation(targetLanguages: readonly string[]): string | null {
    if (targetLanguages[0]) return targetLanguages[0];
    const counts = new Map<string, number>();
    for (const row of this.sql.exec<{ translations: string }>('SELECT translations FROM finals')) {
      for (const [language, text] of Object.entries(JSON.parse(row.translations) as Record<string, string>)) {
        if (text) counts.set(language, (counts.get(language) ?? 0) + 1);
      }
    }
    let best: string | null = null;
    for (const [language, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = language;
    return best;
  }
}
