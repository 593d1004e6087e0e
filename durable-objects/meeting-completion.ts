import type { TranscriptSegment } from '../contracts/engine';
import { CHUNK_MAX_SECONDS } from '../contracts/jobs';
import { recognisePiece } from '../worker/services/transcription/piece';
import type { Gap } from './meeting-stream';

/**
 * Finishing a meeting's transcript once the meeting is over. Stretches of the meeting's audio the live
 * recogniser never delivered (it lagged past the end-of-meeting bound, or failed) are recognised from the
 * stored WAV the way a file job recognises its pieces, to be added to the room's lines (meeting-lines.ts,
 * which then puts them all in time order).
 */

/** A gap is recognised in pieces of at most a file job's piece. */
const PIECE_MS = CHUNK_MAX_SECONDS * 1000;

/** The lines said in a gap, times in seconds on the meeting's clock. */
export async function recogniseGap(env: Env, recordId: number, gap: Gap, language: string, hotwords: string[]): Promise<TranscriptSegment[]> {
  const out: TranscriptSegment[] = [];
  for (let from = gap.fromMs; from < gap.toMs; from += PIECE_MS) {
    const to = Math.min(gap.toMs, from + PIECE_MS);
    const segments = await recognisePiece(env, recordId, from, to, { language, embeddings: true, hotwords });
    out.push(...segments.filter((s) => s.text.trim()));
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
