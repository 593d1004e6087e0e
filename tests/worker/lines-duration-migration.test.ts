import { beforeAll, describe, expect, it } from 'vitest';
import { migrateRest, migrateUpTo, migrationDb } from './migration-db';

/**
 * Migration 0020 (a line stores its duration, its end computed from it) on a database holding data: every line
 * keeps its times, words, translations and speaker, and stays WITHOUT ROWID.
 */
const db = migrationDb;
const BY_DURATION = '0020_lines_by_duration';
const rows = async (sql: string) => (await db.prepare(sql).all()).results;

const before = [
  { record_id: 100, seq: 0, start_ms: 0, end_ms: 900, text: 'hello', translations: '{"es-ES":"hola"}', speaker_no: 1 },
  { record_id: 100, seq: 1, start_ms: 3_599_000, end_ms: 3_640_500, text: 'a long line an hour in', translations: '', speaker_no: 0 },
];

beforeAll(async () => {
  await migrateUpTo(BY_DURATION);
  await db.batch([
    db.prepare(
      "INSERT INTO records (id, user_id, folder_id, name, type, status, created_at, updated_at) VALUES (100, 1, 10, 'talk', 'transcription', 'transcription_completed', 0, 0)",
    ),
    ...before.map((l) =>
      db
        .prepare('INSERT INTO segments (record_id, seq, start_ms, end_ms, text, translations, speaker_no) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .bind(l.record_id, l.seq, l.start_ms, l.end_ms, l.text, l.translations, l.speaker_no),
    ),
  ]);
  await migrateRest();
});

describe('migration 0020 on a database holding data', () => {
  it('keeps every line with its times, words, translations and speaker, storing its duration', async () => {
    expect(await rows('SELECT record_id, seq, start_ms, end_ms, text, translations, speaker_no FROM segments ORDER BY seq')).toEqual(before);
    expect(await rows('SELECT duration_ms FROM segments ORDER BY seq')).toEqual([{ duration_ms: 900 }, { duration_ms: 41_500 }]);
  });

  it('keeps the lines WITHOUT ROWID', async () => {
    const [table] = await rows("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'segments'");
    expect(String(table!.sql)).toMatch(/WITHOUT ROWID$/);
  });
});
