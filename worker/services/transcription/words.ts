import type { LineWords, RecordWords } from '../../../contracts/record-words';
import type { HeardLine } from './pieces';

/**
 * Word timings of an assembled transcript: one small JSON object in R2 per record (D1 keeps only lines, so
 * its size per audio-hour stays what it was), written when the lines are stored and read by the record page.
 * Deleting the record deletes it (services/records.ts).
 */

export const wordsKey = (recordId: number) => `records/${recordId}/words.json`;

/**
 * Stores the words of each stored line (`heard[seq]` became `stored[seq]`). A line whose text the sensitive
 * words list changed keeps no words: its words would carry what the mask hid.
 */
export async function storeWords(bucket: R2Bucket, recordId: number, heard: readonly HeardLine[], stored: readonly { text: string }[]) {
  const lines: LineWords[] = [];
  heard.forEach((line, seq) => {
    const text = stored[seq]?.text;
    if (!line.words?.length || text === undefined || text !== line.text) return;
    lines.push({
      seq,
      text,
      words: line.words.map((w) => ({ word: w.word, start: Math.round(w.start * 1000), end: Math.round(w.end * 1000) })),
    });
  });
  const body: RecordWords = { lines };
  await bucket.put(wordsKey(recordId), JSON.stringify(body), { httpMetadata: { contentType: 'application/json' } });
}

/** A record's words; a record without any (a meeting, an old record, a copy) has an empty list. */
export async function readWords(bucket: R2Bucket, recordId: number): Promise<RecordWords> {
  const object = await bucket.get(wordsKey(recordId));
  return object ? object.json<RecordWords>() : { lines: [] };
}
