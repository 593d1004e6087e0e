import { ENGINE_SAMPLE_RATE } from '../../../contracts/engine';

/**
 * A job's audio lives in R2 as one 16 kHz mono PCM16 WAV, so any piece is a byte range (2 bytes a sample)
 * that becomes a WAV by prefixing its own 44-byte header: recognising a piece never re-decodes the uploaded
 * file. The stored WAV is written while its length is unknown, so its header says "to the end of the file"
 * (sizes 0xFFFFFFFF), which ffmpeg and browsers read as a stream; the record detail player plays it when the
 * browser cannot play the uploaded container.
 */

export const BYTES_PER_SECOND = ENGINE_SAMPLE_RATE * 2;
const PART_BYTES = 10 * 1024 * 1024;

export const audioKey = (recordId: number) => `records/${recordId}/audio.wav`;
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

/** The header of a WAV written while its length is unknown. */
export const openWavHeader = () => wavHeader(UNTIL_END);

/** Raw PCM (as the engine extracts it) with a WAV header for a stream of unknown length in front. */
export function withOpenWavHeader(pcm: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>({
    start: (controller) => controller.enqueue(openWavHeader()),
  });
  void pcm.pipeTo(writable);
  return readable;
}

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

/**
 * Writes a stream of unknown length to R2: R2 takes a stream only when its length is known, so it goes
 * up as a multipart upload of equal 10 MB parts (one plain put when it is smaller). Returns the byte count.
 */
export async function putStream(bucket: R2Bucket, key: string, stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let buffer = new Uint8Array(PART_BYTES);
  let filled = 0;
  let total = 0;
  let upload: R2MultipartUpload | undefined;
  const parts: R2UploadedPart[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      while (offset < value.byteLength) {
        const take = Math.min(PART_BYTES - filled, value.byteLength - offset);
        buffer.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        total += take;
        if (filled === PART_BYTES) {
          upload ??= await bucket.createMultipartUpload(key);
          parts.push(await upload.uploadPart(parts.length + 1, buffer));
          buffer = new Uint8Array(PART_BYTES);
          filled = 0;
        }
      }
    }
    if (!upload) {
      await bucket.put(key, buffer.subarray(0, filled));
      return total;
    }
    if (filled > 0) parts.push(await upload.uploadPart(parts.length + 1, buffer.subarray(0, filled)));
    await upload.complete(parts);
    return total;
  } catch (err) {
    await upload?.abort().catch(() => undefined);
    throw err;
  }
}
