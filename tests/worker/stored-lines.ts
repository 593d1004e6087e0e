import { env } from 'cloudflare:workers';
import type { RecordDetail } from '../../contracts/records';
import type { EditedLine } from '../../contracts/transcription';

/** A record's lines as the database holds them, and as the record page sends them back. */

export const storedSpans = async (recordId: number) =>
  (
    await env.DB.prepare('SELECT start_ms AS start, end_ms AS end FROM segments WHERE record_id = ? ORDER BY seq')
      .bind(recordId)
      .all<{ start: number; end: number }>()
  ).results;

export const asEdited = (detail: RecordDetail): EditedLine[] =>
  detail.lines.map(({ start, end, text, speaker, translations }) => ({ start, end, text, speaker, translations }));
