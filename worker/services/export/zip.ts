/**
 * A zip archive written entry by entry as its reader pulls, so a Worker holds one entry at a time however many
 * files or bytes the archive carries. Files made in memory (transcripts, Word files) go in with their checksum
 * and sizes up front; a stream of known length (a video from R2) is stored as it passes, its CRC-32 taken
 * chunk by chunk with the runtime's native zlib and written after it in a data descriptor, so nothing is read
 * twice. ZIP64 records are written wherever a size, an offset or the entry count passes the 32-bit (16-bit)
 * fields, so archives past 4 GiB open in every unzip (APPNOTE 6.3.10, §4.3.9, §4.3.14, §4.5.3).
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { concatBytes } from '../../lib/bytes';

export interface ZipEntry {
  name: string;
  /** Bytes in memory, or a stream of exactly `size` bytes stored as they come. */
  data: Uint8Array | { size: number; stream: ReadableStream<Uint8Array> };
  /** False for data that is compressed already (a .docx is a zip itself); streams are always stored. */
  compress?: boolean;
}

/** `name.ext`, then `name(1).ext`, `name(2).ext`, …; compared without case, as Windows and macOS do. */
export function uniqueNamer(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}(${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The 32-bit fields' ceiling: a value this large or larger is written as 0xFFFFFFFF and given in ZIP64 form. */
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_NAMES = 0x0800;
const DESCRIPTOR_FOLLOWS = 0x0008;
const VERSION = { plain: 20, zip64: 45 };

/** Little-endian fields in order: [bytes, value] pairs; 8-byte values go in as BigInt-safe numbers (< 2^53). */
function fields(...parts: [1 | 2 | 4 | 8, number][]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, [size]) => sum + size, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [size, value] of parts) {
    if (size === 2) view.setUint16(at, value, true);
    else if (size === 4) view.setUint32(at, value, true);
    else if (size === 8) view.setBigUint64(at, BigInt(value), true);
    else view.setUint8(at, value);
    at += size;
  }
  return out;
}

const join = (...parts: Uint8Array[]) => concatBytes(parts);

/** MS-DOS time and date fields (local time as the zip format knows no zone; UTC here). */
function dosTime(date: Date): [number, number] {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((Math.max(1980, date.getUTCFullYear()) - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return [time, day];
}

interface Written {
  name: Uint8Array;
  /** Extra fields both headers carry (the Unicode path of a non-ASCII name). */
  extra: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The ZIP64 extended-information extra field holding those of `values` that did not fit their 32-bit field. */
function zip64Extra(values: number[]): Uint8Array {
  const big = values.filter((v) => v >= MAX32);
  return big.length ? fields([2, 0x0001], [2, big.length * 8], ...big.map((v): [8, number] => [8, v])) : new Uint8Array(0);
}

const fit32 = (value: number) => Math.min(value, MAX32);

/**
 * Names are UTF-8 with the language-encoding flag; a non-ASCII one is also given in an Info-ZIP Unicode Path
 * field (APPNOTE 4.6.9), which tools that ignore the flag read, and which keeps Info-ZIP's `unzip` from reading
 * a name two ways when only one header has other extra fields.
 */
function unicodePath(name: Uint8Array): Uint8Array {
  if (name.every((byte) => byte < 0x80)) return new Uint8Array(0);
  return join(fields([2, 0x7075], [2, 5 + name.byteLength], [1, 1], [4, crc32(name)]), name);
}

function localHeader(entry: Omit<Written, 'offset'>, when: [number, number], zip64: boolean) {
  // A ZIP64 local header carries both sizes in its extra field and 0xFFFFFFFF in the fixed ones (§4.5.3).
  const extra = join(zip64 ? fields([2, 0x0001], [2, 16], [8, entry.size], [8, entry.compressed]) : new Uint8Array(0), entry.extra);
  const sizes: [4, number][] = zip64
    ? [
        [4, MAX32],
        [4, MAX32],
      ]
    : [
        [4, entry.compressed],
        [4, entry.size],
      ];
  return join(
    fields(
      [4, 0x04034b50],
      [2, zip64 ? VERSION.zip64 : VERSION.plain],
      [2, entry.flags],
      [2, entry.method],
      [2, when[0]],
      [2, when[1]],
      [4, entry.flags & DESCRIPTOR_FOLLOWS ? 0 : entry.crc],
      ...sizes,
      [2, entry.name.byteLength],
      [2, extra.byteLength],
    ),
    entry.name,
    extra,
  );
}

function centralHeader(entry: Written, when: [number, number]) {
  const zip64 = zip64Extra([entry.size, entry.compressed, entry.offset]);
  const extra = join(zip64, entry.extra);
  const version = zip64.byteLength ? VERSION.zip64 : VERSION.plain;
  return join(
    fields(
      [4, 0x02014b50],
      [2, version],
      [2, version],
      [2, entry.flags],
      [2, entry.method],
      [2, when[0]],
      [2, when[1]],
      [4, entry.crc],
      [4, fit32(entry.compressed)],
      [4, fit32(entry.size)],
      [2, entry.name.byteLength],
      [2, extra.byteLength],
      [2, 0],
      [2, 0],
      [2, 0],
      [4, 0],
      [4, fit32(entry.offset)],
    ),
    entry.name,
    extra,
  );
}

function endRecords(count: number, directoryOffset: number, directorySize: number) {
  const zip64 = count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  const end = fields(
    [4, 0x06054b50],
    [2, 0],
    [2, 0],
    [2, Math.min(count, MAX16)],
    [2, Math.min(count, MAX16)],
    [4, fit32(directorySize)],
    [4, fit32(directoryOffset)],
    [2, 0],
  );
  if (!zip64) return end;
  const record = fields(
    [4, 0x06064b50],
    [8, 44],
    [2, VERSION.zip64],
    [2, VERSION.zip64],
    [4, 0],
    [4, 0],
    [8, count],
    [8, count],
    [8, directorySize],
    [8, directoryOffset],
  );
  const locator = fields([4, 0x07064b50], [4, 0], [8, directoryOffset + directorySize], [4, 1]);
  return join(record, locator, end);
}

async function* archive(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, date: Date): AsyncGenerator<Uint8Array> {
  const when = dosTime(date);
  const unique = uniqueNamer();
  const central: Uint8Array[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = new TextEncoder().encode(unique(entry.name));
    const extra = unicodePath(name);
    if (entry.data instanceof Uint8Array) {
      const body = entry.compress ? deflateRawSync(entry.data) : entry.data;
      const written = {
        name,
        extra,
        flags: UTF8_NAMES,
        method: entry.compress ? 8 : 0,
        crc: crc32(entry.data),
        compressed: body.byteLength,
        size: entry.data.byteLength,
        offset,
      };
      const header = localHeader(written, when, false);
      yield header;
      yield body;
      offset += header.byteLength + body.byteLength;
      central.push(centralHeader(written, when));
    } else {
      const { size, stream } = entry.data;
      const zip64 = size >= MAX32;
      const header = localHeader({ name, extra, flags: UTF8_NAMES | DESCRIPTOR_FOLLOWS, method: 0, crc: 0, compressed: size, size }, when, zip64);
      yield header;
      let crc = 0;
      let passed = 0;
      const reader = stream.getReader();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          crc = crc32(chunk.value, crc);
          passed += chunk.value.byteLength;
          yield chunk.value;
        }
      } finally {
        reader.releaseLock();
      }
      // The header promised `size` bytes; an archive that disagrees with itself must fail, not download.
      if (passed !== size) throw new Error(`zip entry ${entry.name}: ${passed} bytes arrived, ${size} expected`);
      const width = zip64 ? 8 : 4;
      const descriptor = fields([4, 0x08074b50], [4, crc], [width, size], [width, size]);
      yield descriptor;
      central.push(centralHeader({ name, extra, flags: UTF8_NAMES | DESCRIPTOR_FOLLOWS, method: 0, crc, compressed: size, size, offset }, when));
      offset += header.byteLength + size + descriptor.byteLength;
    }
    count++;
  }
  let directorySize = 0;
  for (const record of central) {
    yield record;
    directorySize += record.byteLength;
  }
  yield endRecords(count, offset, directorySize);
}

/**
 * The archive of `entries` (taken one at a time, when the reader wants more bytes) as a stream; `date` is
 * every entry's modification time. An entry that fails ends the stream with its error.
 */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>, date = new Date()): ReadableStream<Uint8Array> {
  const chunks = archive(entries, date);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
