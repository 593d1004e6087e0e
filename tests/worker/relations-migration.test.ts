import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0013 (the schema declares its relations) on a database that already holds data: every valid row is
 * carried over with its id and its indexes, rows whose parent is gone are repaired or dropped, ids of deleted rows
 * are not handed out again, and afterwards deleting a record takes its rows along while money history stays.
 */
const db = env.MIGRATION_DB;
const RELATIONS = '0013_relations';

const count = async (sql: string, ...params: unknown[]) =>
  (await db
    .prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...params)
    .first<{ n: number }>())!.n;
const run = (sql: string, ...params: unknown[]) => db.prepare(sql).bind(...params);
const indexNames = async () =>
  (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name").all<{ name: string }>()).results.map(
    (r) => r.name,
  );

let indexesBefore: string[];

beforeAll(async () => {
  const index = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(RELATIONS));
  expect(index).toBeGreaterThan(0);
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, index));
  const pkg = (await db.prepare('SELECT min(id) AS id FROM packages').first<{ id: number }>())!.id;
  // Two users; the second has no default folder yet. Ids 900-999 name rows whose parent is gone.
  await db.batch([
    run("INSERT INTO users (id, name, created_at) VALUES (1, 'Ann', 0), (2, 'Bo', 0)"),
    run("INSERT INTO sessions (id, user_id, source, created_at, expires_at) VALUES ('s1', 1, 1, 0, 9), ('s-gone', 999, 1, 0, 9)"),
    run(
      "INSERT INTO folders (id, user_id, parent_id, name, ancestors, is_default, created_at) VALUES (10, 1, 0, 'Default', '0', 1, 0), (11, 1, 0, 'Work', '0', 0, 0), (12, 2, 0, 'Bo work', '0', 0, 0)",
    ),
    run(
      `INSERT INTO records (id, user_id, folder_id, name, type, status, created_at, updated_at) VALUES
       (100, 1, 11, 'kept', 'transcription', 'transcription_completed', 0, 0),
       (101, 1, 11, 'dubbed', 'dubbing', 'dub_complete', 0, 0),
       (102, 1, 910, 'folder gone', 'meeting', 'ended', 0, 0),
       (103, 2, 911, 'folder gone, no default', 'meeting', 'ended', 0, 0),
       (104, 999, 10, 'owner gone', 'meeting', 'ended', 0, 0),
       (150, 1, 10, 'deleted later', 'meeting', 'ended', 0, 0)`,
    ),
    run('DELETE FROM records WHERE id = 150'),
    run(
      "INSERT INTO segments (id, record_id, seq, start_ms, end_ms, text) VALUES (1, 100, 0, 0, 1000, 'one'), (2, 100, 1, 1000, 2000, 'two'), (3, 101, 0, 0, 900, 'dub'), (4, 920, 0, 0, 1, 'orphan')",
    ),
    run("INSERT INTO transcription_jobs (record_id, user_id, stage, locale, updated_at) VALUES (100, 1, 'done', 'en-US', 0), (920, 1, 'done', 'en-US', 0)"),
    run('INSERT INTO job_chunks (record_id, idx, start_ms, end_ms) VALUES (100, 0, 0, 8000), (920, 0, 0, 8000)'),
    run("INSERT INTO summaries (record_id, user_id, status, updated_at) VALUES (100, 1, 'done', 0)"),
    run("INSERT INTO meetings (record_id, mode, source_language) VALUES (102, 'interpret', 'zh-CN'), (920, 'interpret', 'zh-CN')"),
    run("INSERT INTO dub_projects (record_id, user_id, form, stage, updated_at) VALUES (101, 1, '{}', 'done', 0)"),
    run("INSERT INTO dub_lines (segment_id, record_id, text, voice, start_ms, end_ms, fit, tempo_permille) VALUES (3, 101, 'dub', 'v', 0, 900, 'fits', 1000)"),
    run("INSERT INTO dub_iterations (record_id, version, name, lines, created_at) VALUES (101, 1, 'v1', '[]', 0), (920, 1, 'gone', '[]', 0)"),
    run(
      `INSERT INTO uploads (id, user_id, name, size, chunk_size, part_count, object_name, upload_id, state, record_id, created_at) VALUES
       (1, 1, 'a.mp3', 10, 10, 1, 'o1', 'u1', 'submitted', 100, 0), (2, 1, 'b.mp3', 10, 10, 1, 'o2', 'u2', 'uploading', NULL, 0),
       (3, 1, 'c.mp3', 10, 10, 1, 'o3', 'u3', 'submitted', 920, 0)`,
    ),
    run("INSERT INTO upload_parts (upload_row_id, part_number, etag) VALUES (1, 1, 'e1'), (2, 1, 'e2'), (3, 1, 'e3'), (930, 1, 'gone')"),
    run("INSERT INTO vocab_folders (id, user_id, parent_id, name) VALUES (5, 1, 0, 'Terms')"),
    run(
      `INSERT INTO vocab_libraries (id, user_id, folder_id, type, name, language, created_at, updated_at) VALUES
       (7, 1, 5, 'hotword', 'in folder', 'zh-CN', 0, 0), (8, 1, 940, 'hotword', 'folder gone', 'zh-CN', 0, 0)`,
    ),
    run("INSERT INTO vocab_entries (library_id, text) VALUES (7, 'alpha'), (8, 'beta'), (950, 'orphan')"),
    run("INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (1, 'duration', 9, 60)"),
    run(
      "INSERT INTO cost_records (user_id, feature, work_ref, seconds, account_type, nonce, created_at) VALUES (1, 'transcription', 'transcription:100', 60, 'duration', 'n', 0)",
    ),
    run("INSERT INTO buy_records (user_id, package_id, channel, reference, amount_fen, created_at) VALUES (1, ?, 'pay', 'T1', 100, 0)", pkg),
    run(
      "INSERT INTO pay_orders (out_trade_no, user_id, package_id, amount_fen, pay_type, status, created_at, expires_at) VALUES ('T1', 1, ?, 100, 'wechat', 'paid', 0, 9)",
      pkg,
    ),
  ]);
  indexesBefore = await indexNames();
  // 0013 alone: later migrations reshape these tables and have their own tests.
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, index + 1));
});

describe('migration 0013 on a database holding data', () => {
  it('carries every valid row over with its id', async () => {
    expect((await db.prepare('SELECT id FROM records ORDER BY id').all<{ id: number }>()).results.map((r) => r.id)).toEqual([100, 101, 102, 103]);
    expect((await db.prepare('SELECT id, text FROM segments ORDER BY id').all()).results).toEqual([
      { id: 1, text: 'one' },
      { id: 2, text: 'two' },
      { id: 3, text: 'dub' },
    ]);
    expect(await count('sessions')).toBe(1);
    expect(await count('transcription_jobs WHERE record_id = 100')).toBe(1);
    expect(await count('job_chunks WHERE record_id = 100')).toBe(1);
    expect(await count('summaries WHERE record_id = 100')).toBe(1);
    expect(await count('meetings WHERE record_id = 102')).toBe(1);
    expect(await count('dub_projects')).toBe(1);
    expect(await count('dub_lines')).toBe(1);
    expect(await count('dub_iterations WHERE record_id = 101')).toBe(1);
    expect((await db.prepare('SELECT id FROM uploads ORDER BY id').all<{ id: number }>()).results.map((r) => r.id)).toEqual([1, 2]);
    expect(await count('upload_parts')).toBe(2);
    expect((await db.prepare('SELECT text FROM vocab_entries ORDER BY text').all<{ text: string }>()).results.map((r) => r.text)).toEqual(['alpha', 'beta']);
    expect([await count('accounts'), await count('cost_records'), await count('buy_records'), await count('pay_orders')]).toEqual([1, 1, 1, 1]);
  });

  it('drops the rows whose parent is gone', async () => {
    expect(await count("sessions WHERE id = 's-gone'")).toBe(0);
    expect(await count('records WHERE id = 104')).toBe(0);
    for (const table of ['segments', 'transcription_jobs', 'job_chunks', 'meetings', 'dub_iterations', 'uploads']) {
      expect(await count(`${table} WHERE record_id = 920`), table).toBe(0);
    }
    expect(await count('upload_parts WHERE upload_row_id IN (3, 930)')).toBe(0);
  });

  it('moves a record whose folder is gone to the default folder, making one where missing', async () => {
    expect((await db.prepare('SELECT folder_id FROM records WHERE id = 102').first<{ folder_id: number }>())!.folder_id).toBe(10);
    const made = await db.prepare('SELECT id, name, parent_id, ancestors FROM folders WHERE user_id = 2 AND is_default = 1').first<{ id: number }>();
    expect(made).toMatchObject({ name: 'Default', parent_id: 0, ancestors: '0' });
    expect((await db.prepare('SELECT folder_id FROM records WHERE id = 103').first<{ folder_id: number }>())!.folder_id).toBe(made!.id);
  });

  it('moves a library whose folder is gone to the top level', async () => {
    expect((await db.prepare('SELECT id, folder_id FROM vocab_libraries ORDER BY id').all()).results).toEqual([
      { id: 7, folder_id: 5 },
      { id: 8, folder_id: null },
    ]);
  });

  it('keeps every index and adds the ones the relations look up by', async () => {
    expect(await indexNames()).toEqual([...indexesBefore, 'records_folder', 'uploads_record', 'vocab_libraries_in_folder'].sort());
  });

  it('never hands out the id of a row deleted before the migration', async () => {
    const row = await db
      .prepare(
        "INSERT INTO records (user_id, folder_id, name, type, status, created_at, updated_at) VALUES (1, 10, 'new', 'meeting', 'ended', 0, 0) RETURNING id",
      )
      .first<{ id: number }>();
    expect(row!.id).toBe(151);
  });

  it('then refuses a row whose parent does not exist', async () => {
    await expect(run("INSERT INTO segments (record_id, seq, start_ms, end_ms, text) VALUES (999, 0, 0, 1, 'x')").run()).rejects.toThrow(/FOREIGN KEY/);
    await expect(run("INSERT INTO vocab_entries (library_id, text) VALUES (999, 'x')").run()).rejects.toThrow(/FOREIGN KEY/);
  });

  it('then deletes a record with everything beside it in one statement, and keeps what it cost', async () => {
    await run('DELETE FROM records WHERE id IN (100, 101)').run();
    for (const table of ['segments', 'transcription_jobs', 'job_chunks', 'summaries', 'dub_projects', 'dub_lines', 'dub_iterations', 'uploads']) {
      expect(await count(`${table} WHERE record_id IN (100, 101)`), table).toBe(0);
    }
    expect(await count('upload_parts WHERE upload_row_id = 1')).toBe(0);
    expect(await count('uploads WHERE id = 2')).toBe(1);
    expect(await count("cost_records WHERE work_ref = 'transcription:100'")).toBe(1);
  });

  it('then refuses to delete a folder that still holds records, or a user with money history', async () => {
    await expect(run('DELETE FROM folders WHERE id = 10').run()).rejects.toThrow(/FOREIGN KEY/);
    await expect(run('DELETE FROM users WHERE id = 1').run()).rejects.toThrow(/FOREIGN KEY/);
    expect(await count('records WHERE folder_id = 10')).toBe(2);
  });

  it('then sends the libraries of a deleted vocabulary folder to the top level and deletes a library with its entries', async () => {
    await run('DELETE FROM vocab_folders WHERE id = 5').run();
    expect((await db.prepare('SELECT folder_id FROM vocab_libraries WHERE id = 7').first<{ folder_id: number | null }>())!.folder_id).toBeNull();
    await run('DELETE FROM vocab_libraries WHERE id = 7').run();
    expect(await count('vocab_entries WHERE library_id = 7')).toBe(0);
    expect(await count('vocab_entries')).toBe(1);
  });
});
