import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINE_ID_RECORD_STRIDE } from '../../worker/db/line-id';

/**
 * Migration 0018 (lines keyed by record and place, WITHOUT ROWID) on a database holding data: every line keeps its
 * time, words, translations, speaker and pitch, each record's lines stay in order, what was dubbed follows its
 * line to the line's new id, and the table is stored once, with no index beside it.
 */
const db = env.MIGRATION_DB;
const BY_KEY = '0018_segments_by_key';
const run = (sql: string) => db.prepare(sql);
const rows = async (sql: string) => (await db.prepare(sql).all()).results;

const before = [
  { id: 7, record_id: 100, seq: 0, start_ms: 0, end_ms: 900, text: 'hello', translations: '{"es-ES":"hola"}', speaker: 'Speaker 1', pitch_hz: 120 },
  { id: 8, record_id: 101, seq: 0, start_ms: 0, end_ms: 800, text: 'dubbed one', translations: '', speaker: 'Ann', pitch_hz: null },
  { id: 9, record_id: 100, seq: 1, start_ms: 1000, end_ms: 2500, text: 'edited by hand', translations: '', speaker: 'Speaker 2', pitch_hz: 210 },
  { id: 12, record_id: 101, seq: 1, start_ms: 900, end_ms: 1700, text: 'dubbed two', translations: '', speaker: 'Bo', pitch_hz: 95 },
];
const after = (recordId: number, seq: number) => recordId * LINE_ID_RECORD_STRIDE + seq;

beforeAll(async () => {
  const index = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(BY_KEY));
  expect(index).toBeGreaterThan(0);
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, index));
  await db.batch([
    run("INSERT INTO users (id, name, created_at) VALUES (1, 'Ann', 0)"),
    run("INSERT INTO folders (id, user_id, parent_id, name, ancestors, is_default, created_at) VALUES (10, 1, 0, 'Default', '0', 1, 0)"),
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
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
});

describe('migration 0018 on a database holding data', () => {
  it('keeps every line with its words, times, translations, speaker and pitch, in order, under its new id', async () => {
    expect(await rows('SELECT id, record_id, seq, start_ms, end_ms, text, translations, speaker, pitch_hz FROM segments ORDER BY record_id, seq')).toEqual(
      [...before].sort((a, b) => a.record_id - b.record_id || a.seq - b.seq).map((l) => ({ ...l, id: after(l.record_id, l.seq) })),
    );
  });

  it("moves what was dubbed to its line's new id and drops what named a line that is gone", async () => {
    expect(await rows('SELECT segment_id, text, voice, tempo_permille FROM dub_lines ORDER BY segment_id')).toEqual([
      { segment_id: after(101, 0), text: 'uno', voice: 'v1', tempo_permille: 1000 },
      { segment_id: after(101, 1), text: 'dos', voice: 'v2', tempo_permille: 1200 },
    ]);
  });

  it('stores the lines once: WITHOUT ROWID, with no index beside the key', async () => {
    const [table] = await rows("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'segments'");
    expect(String(table!.sql)).toMatch(/WITHOUT ROWID/);
    expect(await rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'segments'")).toEqual([]);
  });

  it('refuses a second line at the same place and still deletes lines with their record', async () => {
    await expect(run("INSERT INTO segments (record_id, seq, start_ms, end_ms, text) VALUES (100, 1, 0, 1, 'twin')").run()).rejects.toThrow(/UNIQUE|PRIMARY/);
    await run('DELETE FROM records WHERE id = 100').run();
    expect(await rows('SELECT record_id FROM segments WHERE record_id = 100')).toEqual([]);
    expect(await rows('SELECT seq FROM segments WHERE record_id = 101 ORDER BY seq')).toEqual([{ seq: 0 }, { seq: 1 }]);
  });
});
