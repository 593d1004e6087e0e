import type { TranscriptSegment } from '../../../contracts/engine';
import { providers } from '../providers';
import type { TranscribeInput } from '../providers/types';
import { engineS3Target, presignGet } from '../storage';
import { audioKey, wavPiece } from './audio';

/**
 * Recognising one stretch of a record's stored audio, as a file job does for each of its pieces and a meeting
 * does for the audio its live recogniser never delivered: the lines come back on the whole audio's clock.
 */

/** The lines said in `[startMs, endMs)` of the record's audio, times (words' included) in seconds from its start. */
export async function recognisePiece(
  env: Env,
  recordId: number,
  startMs: number,
  endMs: number,
  options: Omit<TranscribeInput, 'audio'>,
): Promise<TranscriptSegment[]> {
  const result = await providers(env).transcribe.transcribe({
    audio: () => wavPiece(env.MEDIA, recordId, startMs, endMs),
    stored: async () => ({ url: await presignGet(await engineS3Target(env), audioKey(recordId)), start: startMs / 1000, end: endMs / 1000 }),
    ...options,
  });
  const offset = startMs / 1000;
  return result.segments.map((s) => ({
    ...s,
    start: s.start + offset,
    end: s.end + offset,
    ...(s.words ? { words: s.words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })) } : {}),
  }));
}
