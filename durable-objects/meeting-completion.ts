import type { TranscriptSegment } from '../contracts/engine';
import { disjointSpans } from '../contracts/timeline';
import { providers } from '../worker/services/providers';
import { wavPiece } from '../worker/services/transcription/audio';
import type { Gap } from './meeting-stream';

/**
 * Finishing a meeting's transcript once the meeting is over. Stretches of the meeting's audio the live
 * recogniser never delivered (it lagged past the end-of-meeting bound, or failed) are recognised from the
 * stored WAV the way a file job recognises its pieces; all of the room's lines are then put in time order,
 * disjoint and inside the audio (contracts/timeline.ts), so the record's editor takes them back unchanged.
 */

/** A gap is recognised in pieces of at most this much audio, the size of a file job's piece. */
const PIECE_MS = 120_000;

/** The lines said in a gap, times in seconds on the meeting's clock. */
export async function recogniseGap(env: Env, recordId: number, gap: Gap, language: string, hotwords: string[]): Promise<TranscriptSegment[]> {
  const out: TranscriptSegment[] = [];
  for (let from = gap.fromMs; from < gap.toMs; from += PIECE_MS) {
    const to = Math.min(gap.toMs, from + PIECE_MS);
    const result = await providers(env).transcribe.transcribe({
      audio: () => wavPiece(env.MEDIA, recordId, from, to),
      language,
      embeddings: true,
      hotwords,
    });
    for (const s of result.segments) {
      if (s.text.trim()) out.push({ ...s, start: s.start + from / 1000, end: s.end + from / 1000 });
    }
  }
  return out;
}

/** Adds a gap to a list kept in order, merging it with the gaps it touches. */
export function withGap(gaps: readonly Gap[], gap: Gap): Gap[] {
  const all = [...gaps, gap].sort((a, b) => a.fromMs - b.fromMs);
  const out: Gap[] = [];
  for (const g of all) {
    const last = out[out.length - 1];
    if (last && g.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, g.toMs);
    else out.push({ ...g });
  }
  return out;
}

type FinalRow = {
  seq: number;
  start_ms: number;
  end_ms: number;
  text: string;
  speaker: string;
  translations: string;
};

/**
 * Numbers the room's lines in time order and makes their spans disjoint and inside `durationMs`; lines
 * that changed are marked for the next flush. Lines keep their seq where order already holds, so a
 * meeting whose lines were all live changes at most a few times.
 */
export function settleFinals(sql: SqlStorage, durationMs: number) {
  const rows = sql.exec<FinalRow>('SELECT seq, start_ms, end_ms, text, speaker, translations FROM finals ORDER BY start_ms, seq').toArray();
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
  for (const c of changed) sql.exec('DELETE FROM finals WHERE seq = ?', c.old);
  for (const { row } of changed) {
    sql.exec(
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
export function mainTranslation(sql: SqlStorage, targetLanguages: readonly string[]): string | null {
  if (targetLanguages[0]) return targetLanguages[0];
  const counts = new Map<string, number>();
  for (const row of sql.exec<{ translations: string }>('SELECT translations FROM finals')) {
    for (const [language, text] of Object.entries(JSON.parse(row.translations) as Record<string, string>)) {
      if (text) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
  }
  let best: string | null = null;
  for (const [language, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = language;
  return best;
}
