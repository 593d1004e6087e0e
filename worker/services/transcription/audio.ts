import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';
import { checkpointKey } from '../storage';

/**
 * A job's audio lives in R2 as one 16 kHz mono PCM16 WAV, so any piece is a byte range (2 bytes a sample)
 * that becomes a WAV by prefixing its own 44-byte header: recognising a piece never re-decodes the uploaded
 * file. A file job's WAV is written by the engine with its length in the header; a meeting's is written while
 * its length is unknown, so its header says "to the end of the file" (sizes 0xFFFFFFFF), which ffmpeg and
 * browsers read as a stream. The record detail player plays it when there is nothing else (a meeting, a record
 * from before the compressed player audio below).
 */

export const BYTES_PER_SECOND = ENGINE_SAMPLE_RATE * 2;

export const audioKey = (recordId: number) => `records/${recordId}/audio.wav`;
/**
 * The compressed audio a record keeps for its player (AAC in MP4, engine/backends/media/player-audio.ts),
 * made by the same extraction as the WAV. The WAV is the recogniser's working copy only: once the transcript
 * is stored it is removed, and work that needs PCM again (a retry) extracts it anew.
 */
export const playerAudioKey = (recordId: number) => `records/${recordId}/audio.m4a`;
/** Every audio object a record may hold in R2, for deleting the record. */
export const recordAudioKeys = (recordId: number) => [audioKey(recordId), checkpointKey(audioKey(recordId)), playerAudioKey(recordId)];

/**
 * Removes the record's WAV once nothing reads it (its lines are stored), when the player has its compressed
 * audio to play instead, or plays none (`playsVideo`: a dubbing project's editor plays its video, and a new
 * transcript of it extracts from that video again); a record from before that audio was made keeps its WAV,
 * the only thing it can play.
 */
export async function dropWorkingAudio(bucket: R2Bucket, recordId: number, playsVideo = false) {
  if (playsVideo || (await bucket.head(playerAudioKey(recordId)))) await bucket.delete([audioKey(recordId), checkpointKey(audioKey(recordId))]);
}
export const WAV_HEADER_BYTES = 44;
/** Data size meaning "until the end of the file" (RIFF size then reads 0xFFFFFFFF). */
const UNTIL_END = 0xffffffff - 36;

export function wavHeader(dataBytes: number): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) header.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  header.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  header.setUint32(16, 16, true); // PCM format chunk size
  header.setUint16(20, 1, true); // linear PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, ENGINE_SAMPLE_RATE, true);
  header.setUint32(28, BYTES_PER_SECOND, true);
  header.setUint16(32, 2, true); // block align
  header.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  header.setUint32(40, dataBytes, true);
  return new Uint8Array(header.buffer);
}

/** What a record's audio is extracted from: its upload while stored, else its player's compressed audio. */
export async function extractionSource(bucket: R2Bucket, recordId: number, mediaKey: string | null): Promise<string | null> {
  for (const key of [mediaKey, playerAudioKey(recordId)]) if (key && (await bucket.head(key))) return key;
  return null;
}

/** The header of a WAV written while its length is unknown. */
export const openWavHeader = () => wavHeader(UNTIL_END);

/** Seconds [start, end) of the stored audio as a WAV file in memory (pieces are a few MB). */
export async function wavPiece(bucket: R2Bucket, recordId: number, startMs: number, endMs: number): Promise<ArrayBuffer> {
  const offset = WAV_HEADER_BYTES + Math.floor((startMs / 1000) * ENGINE_SAMPLE_RATE) * 2;
  const length = Math.floor(((endMs - startMs) / 1000) * ENGINE_SAMPLE_RATE) * 2;
  const object = await bucket.get(audioKey(recordId), { range: { offset, length } });
  if (!object) throw new Error(`audio of record ${recordId} is missing`);
  const data = new Uint8Array(await object.arrayBuffer());
  const wav = new Uint8Array(44 + data.byteLength);
  wav.set(wavHeader(data.byteLength));
  wav.set(data, 44);
  return wav.buffer;
}
