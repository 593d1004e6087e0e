import type { EmbeddingsResponse, TranscriptSegment } from '../../../contracts/engine';
import { ENGINE_PATHS } from '../../../contracts/engine';
import { providers } from '../providers';
import type { TranscribeInput } from '../providers/types';
import { engineS3Target, presignGet } from '../storage';
import { audioKey, wavPiece } from './audio';

/**
 * Recognising one stretch of a record's stored audio, as a file job does for each of its pieces and a meeting
 * does for the audio its live recogniser never delivered: the lines come back on the whole audio's clock.
 * Speaker embeddings come from the engine whichever recogniser wrote the lines, so every line can be labelled.
 */

/** The lines said in `[startMs, endMs)` of the record's audio, times (words' included) in seconds from its start. */
export async function recognisePiece(
  env: Env,
  recordId: number,
  startMs: number,
  endMs: number,
  options: Omit<TranscribeInput, 'audio'>,
): Promise<TranscriptSegment[]> {
  const p = providers(env);
  let audio: Promise<ArrayBuffer> | undefined;
  const piece = () => (audio ??= wavPiece(env.MEDIA, recordId, startMs, endMs));
  const result = await p.transcribe.transcribe({
    audio: piece,
    stored: async () => ({ url: await presignGet(await engineS3Target(env), audioKey(recordId)), start: startMs / 1000, end: endMs / 1000 }),
    ...options,
  });
  let segments = result.segments;
  // A recogniser without voices (Workers AI, an OpenAI-compatible one): the engine measures the voice of each line.
  if (options.embeddings && segments.some((s) => !s.embedding)) {
    const spans = segments.map(({ start, end }) => ({ start, end }));
    const voices = await p.engine.postMedia<EmbeddingsResponse>(ENGINE_PATHS.embeddings, await piece(), { segments: JSON.stringify(spans) });
    segments = segments.map((s, i) => ({ ...s, embedding: voices.embeddings[i]!, ...(voices.pitch[i] ? { pitch: voices.pitch[i]! } : {}) }));
  }
  const offset = startMs / 1000;
  return segments.map((s) => ({
    ...s,
    start: s.start + offset,
    end: s.end + offset,
    ...(s.words ? { words: s.words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })) } : {}),
  }));
}
