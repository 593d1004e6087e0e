import { concatBytes } from '../worker/lib/bytes';
import { audioKey, openWavHeader, wavHeader, WAV_HEADER_BYTES } from '../worker/services/transcription/audio';

/**
 * The meeting's audio, kept as the record's 16 kHz WAV (`records/ID/audio.wav`, which the end of the meeting
 * reads back for what the live recogniser missed, and the player plays until the hourly cron has made the
 * compressed player audio from it and removed it: worker/services/transcription/retention.ts). Frames are held in the room's SQLite as they arrive (a second at a
 * time), so an evicted room loses at most that second, and go to R2 as a multipart upload of equal 5 MiB
 * parts (R2's minimum; every part but the last the same size) with the WAV header, written for a stream
 * of unknown length, in front of the first.
 */

export interface RecordingState {
  uploadId: string | null;
  parts: R2UploadedPart[];
}

const PART_BYTES = 5 * 1024 * 1024;
/** Frames are written to SQLite once this much (1 s of audio) has gathered. */
const ROW_BYTES = 32_000;

export class MeetingRecorder {
  private gathered: Uint8Array[] = [];
  private gatheredBytes = 0;
  private storedBytes: number;
  /** Part uploads run one after another, in order. */
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: SqlStorage,
    private readonly bucket: R2Bucket,
    private readonly recordId: number,
    private readonly state: RecordingState,
    private readonly save: () => Promise<void>,
  ) {
    sql.exec('CREATE TABLE IF NOT EXISTS audio (idx INTEGER PRIMARY KEY AUTOINCREMENT, data BLOB NOT NULL)');
    this.storedBytes = sql.exec<{ n: number | null }>('SELECT sum(length(data)) AS n FROM audio').one().n ?? 0;
  }

  add(frame: ArrayBuffer) {
    this.gathered.push(new Uint8Array(frame));
    this.gatheredBytes += frame.byteLength;
    if (this.gatheredBytes < ROW_BYTES) return;
    this.storeGathered();
    if (this.storedBytes >= this.nextPartDataBytes()) {
      this.work = this.work
        .then(() => this.uploadPart())
        .catch((err) => console.error('meeting audio part failed; kept for the next try', this.recordId, String(err)));
    }
  }

  /** Writes what is left and completes the file. Safe to call again after a failure: nothing is uploaded twice. */
  async finish() {
    this.storeGathered();
    await this.work;
    await this.uploadPart();
    const key = audioKey(this.recordId);
    const rest = this.take(this.storedBytes);
    if (!this.state.uploadId) {
      if (rest.byteLength) await this.bucket.put(key, concatBytes([wavHeader(rest.byteLength), rest]));
    } else {
      const upload = this.bucket.resumeMultipartUpload(key, this.state.uploadId);
      if (rest.byteLength) this.state.parts.push(await upload.uploadPart(this.state.parts.length + 1, rest));
      await upload.complete(this.state.parts);
    }
    this.sql.exec('DELETE FROM audio');
    this.storedBytes = 0;
    this.state.uploadId = null;
    this.state.parts = [];
    await this.save();
  }

  private storeGathered() {
    if (!this.gatheredBytes) return;
    const row = concatBytes(this.gathered);
    this.sql.exec('INSERT INTO audio (data) VALUES (?)', row);
    this.storedBytes += row.byteLength;
    this.gathered = [];
    this.gatheredBytes = 0;
  }

  /** The first part carries the WAV header, so it holds that much less audio. */
  private nextPartDataBytes() {
    return this.state.parts.length === 0 ? PART_BYTES - WAV_HEADER_BYTES : PART_BYTES;
  }

  private async uploadPart() {
    const need = this.nextPartDataBytes();
    if (this.storedBytes < need) return;
    const key = audioKey(this.recordId);
    if (!this.state.uploadId) {
      this.state.uploadId = (await this.bucket.createMultipartUpload(key, { httpMetadata: { contentType: 'audio/wav' } })).uploadId;
      await this.save();
    }
    const upload = this.bucket.resumeMultipartUpload(key, this.state.uploadId);
    const first = this.state.parts.length === 0;
    const data = this.peek(need);
    const part = await upload.uploadPart(this.state.parts.length + 1, first ? concatBytes([openWavHeader(), data]) : data);
    this.state.parts.push(part);
    await this.save();
    this.take(need);
    // More may have gathered meanwhile.
    await this.uploadPart();
  }

  /** The oldest `bytes` of stored audio, left in place. */
  private peek(bytes: number): Uint8Array {
    const out = new Uint8Array(bytes);
    let filled = 0;
    for (const row of this.sql.exec<{ data: ArrayBuffer }>('SELECT data FROM audio ORDER BY idx')) {
      const chunk = new Uint8Array(row.data).subarray(0, bytes - filled);
      out.set(chunk, filled);
      filled += chunk.byteLength;
      if (filled === bytes) break;
    }
    return out.subarray(0, filled);
  }

  /** Removes and returns the oldest `bytes` of stored audio; a row split at the cut keeps its tail. */
  private take(bytes: number): Uint8Array {
    const out = this.peek(bytes);
    let left = out.byteLength;
    for (const row of this.sql.exec<{ idx: number; data: ArrayBuffer }>('SELECT idx, data FROM audio ORDER BY idx').toArray()) {
      if (left === 0) break;
      if (row.data.byteLength <= left) {
        this.sql.exec('DELETE FROM audio WHERE idx = ?', row.idx);
        left -= row.data.byteLength;
      } else {
        this.sql.exec('UPDATE audio SET data = ? WHERE idx = ?', new Uint8Array(row.data).slice(left), row.idx);
        left = 0;
      }
    }
    this.storedBytes -= out.byteLength;
    return out;
  }
}
