import { beforeAll, describe, expect, it } from 'vitest';
import { LINE_ID_RECORD_STRIDE } from '../../worker/db/line-id';
import { migrateRest, migrateUpTo, migrationDb } from './migration-db';

/**
 * Migration 0018 (lines keyed by record and place WITHOUT ROWID, speakers named once per record) on a database
 * holding data: every line keeps its time, words, translations and speaker, each record's lines stay in order,
 * each speaker keeps the middle of their lines' pitches, what was dubbed follows its line to the line's new id,
 * and the lines are stored once, with no index beside them.
 */
const db = migrationDb;
const BY_KEY = '0018_segments_by_key';
const run = (sql: string) => db.prepare(sql);
const rows = async (sql: string) => (await db.prepare(sql).all()).results;

const before = [
  { id: 7, record_id: 100, seq: 0, start_ms: 0, end_ms: 900, text: 'hello', translations: '{"es-ES":"hola"}', speaker: 'Speaker 1', pitch_hz: 120 },
  { id: 8, record_id: 101, seq: 0, start_ms: 0, end_ms: 800, text: 'dubbed one', translations: '', speaker: 'Ann', pitch_hz: null },
  { id: 9, record_id: 100, seq: 1, start_ms: 1000, end_ms: 2500, text: 'edited by hand', translations: '', speaker: 'Speaker 2', pitch_hz: 210 },
  { id: 12, record_id: 101, seq: 1, start_ms: 900, end_ms: 1700, text: 'dubbed two', translations: '', speaker: 'Bo', pitch_hz: 95 },
  { id: 13, record_id: 100, seq: 2, start_ms: 2500, end_ms: 3000, text: 'no one', translations: '', speaker: '', pitch_hz: null },
  { id: 14, record_id: 100, seq: 3, start_ms: 3000, end_ms: 4000, text: 'again', translations: '', speaker: 'Speaker 1', pitch_hz: 100 },
  { id: 15, record_id: 100, seq: 4, start_ms: 4000, end_ms: 5000, text: 'and again', translations: '', speaker: 'Speaker 1', pitch_hz: 300 },
];
const LINES = `SELECT s.id, s.record_id, s.seq, s.start_ms, s.end_ms, s.text, s.translations, coalesce(k.name, '') AS speaker
  FROM segments s LEFT JOIN line_speakers k ON k.record_id = s.record_id AND k.no = s.speaker_no ORDER BY s.record_id, s.seq`;
const newId = (recordId: number, seq: number) => recordId * LINE_ID_RECORD_STRIDE + seq;

beforeAll(async () => {
  await migrateUpTo(BY_KEY);
  await db.batch([
    run(
      `INSERT INTO records (id, user_id, folder_id, name, type, status, created_at, updated_at) VALUES
       (100, 1, 10, 'translated', 'transcription', 'translation_completed', 0, 0), (101, 1, 10, 'dubbed', 'dubbing', 'dub_complete', 0, 0)`,
    ),
    ...before.map((l) =>
      db
        .prepare('INSERT INTO segments (id, record_id, seq, start_ms, end_ms, text, translations, speaker, pitch_hz) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .bind(l.id, l.record_id, l.seq, l.start_ms, l.end_ms, l.text, l.translations, l.speaker, l.pitch_hz),
    ),
    // Line 8 was dubbed; line 3's row outlived a transcript edit that removed its line.
    run(
      `INSERT INTO dub_lines (segment_id, record_id, text, voice, start_ms, end_ms, fit, tempo_permille) VALUES
       (8, 101, 'uno', 'v1', 0, 800, 'fits', 1000), (12, 101, 'dos', 'v2', 900, 1700, 'faster', 1200), (3, 101, 'gone', 'v1', 0, 1, 'fits', 1000)`,
    ),
  ]);
  await migrateRest();
});

describe('migration 0018 on a database holding data', () => {
  it('keeps every line with its words, times, translations and speaker, in order, under its new id', async () => {
    expect(await rows(LINES)).toEqual(
      [...before].sort((a, b) => a.record_id - b.record_id || a.seq - b.seq).map(({ pitch_hz: _, ...l }) => ({ ...l, id: newId(l.record_id, l.seq) })),
    );
  });

  it("names each record's speakers once, in order of appearance, with the middle of their lines' pitches", async () => {
    expect(await rows('SELECT record_id, no, name, pitch_hz FROM line_speakers ORDER BY record_id, no')).toEqual([
      { record_id: 100, no: 1, name: 'Speaker 1', pitch_hz: 120 },
      { record_id: 100, no: 2, name: 'Speaker 2', pitch_hz: 210 },
      { record_id: 101, no: 1, name: 'Ann', pitch_hz: null },
      { record_id: 101, no: 2, name: 'Bo', pitch_hz: 95 },
    ]);
  });

  it("moves what was dubbed to its line's new id and drops what named a line that is gone", async () => {
    expect(await rows('SELECT segment_id, text, voice, tempo_permille FROM dub_lines ORDER BY segment_id')).toEqual([
      { segment_id: newId(101, 0), text: 'uno', voice: 'v1', tempo_permille: 1000 },
      { segment_id: newId(101, 1), text: 'dos', voice: 'v2', tempo_permille: 1200 },
    ]);
  });

  it('stores lines and speakers once: WITHOUT ROWID, with no index beside the key', async () => {
    for (const name of ['segments', 'line_speakers']) {
      const [table] = await rows(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${name}'`);
      expect(String(table!.sql)).toMatch(/WITHOUT ROWID/);
      expect(await rows(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '${name}'`)).toEqual([]);
    }
  });

  it('refuses a second line at the same place and still deletes lines with their record', async () => {
    await expect(run("INSERT INTO segments (record_id, seq, start_ms, duration_ms, text) VALUES (100, 1, 0, 1, 'twin')").run()).rejects.toThrow(
      /UNIQUE|PRIMARY/,
    );
    await run('DELETE FROM records WHERE id = 100').run();
    expect(await rows('SELECT record_id FROM segments WHERE record_id = 100')).toEqual([]);
    expect(await rows('SELECT record_id FROM line_speakers WHERE record_id = 100')).toEqual([]);
    expect(await rows('SELECT seq FROM segments WHERE record_id = 101 ORDER BY seq')).toEqual([{ seq: 0 }, { seq: 1 }]);
  });
});
