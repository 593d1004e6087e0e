import { beforeAll, describe, expect, it } from 'vitest';
import { migrateRest, migrateUpTo, migrationDb } from './migration-db';

/**
 * Migration 0019 (a submitted upload drops its multipart id and the choices its record keeps; a job keeps only the vocabulary lists that hold
 * something) on a database holding data: `uploads` is rebuilt, yet an upload in progress keeps its id and its parts,
 * a submitted one keeps everything but its id and choices, ids deleted before are not handed out again, and the parts still go
 * with their upload.
 */
const db = migrationDb;
const CLEARED = '0019_upload_id_cleared';
const run = (sql: string) => db.prepare(sql);
const rows = async (sql: string) => (await db.prepare(sql).all()).results;

beforeAll(async () => {
  await migrateUpTo(CLEARED);
  await db.batch([
    run(
      "INSERT INTO records (id, user_id, folder_id, name, type, status, created_at, updated_at) VALUES (100, 1, 10, 'talk', 'transcription', 'transcription_completed', 0, 0)",
    ),
    run(
      `INSERT INTO uploads (id, user_id, name, size, chunk_size, part_count, object_name, upload_id, state, record_id, form, created_at, completed_at) VALUES
       (1, 1, 'talk.mp3', 10, 10, 1, 'uploads/1/a.mp3', 'multipart-a', 'submitted', 100, '{"showName":"talk"}', 5, 6),
       (2, 1, 'half.mp3', 30, 10, 3, 'uploads/1/b.mp3', 'multipart-b', 'uploading', NULL, NULL, 7, NULL),
       (3, 1, 'ready.mp3', 10, 10, 1, 'uploads/1/c.mp3', 'multipart-c', 'uploaded', NULL, NULL, 8, 9),
       (4, 1, 'gone.mp3', 10, 10, 1, 'uploads/1/d.mp3', 'multipart-d', 'uploading', NULL, NULL, 9, NULL)`,
    ),
    run("INSERT INTO upload_parts (upload_row_id, part_number, etag) VALUES (2, 1, 'e1'), (2, 2, 'e2')"),
    run('DELETE FROM uploads WHERE id = 4'),
    run(
      `INSERT INTO transcription_jobs (record_id, user_id, stage, locale, vocabulary, updated_at) VALUES
       (100, 1, 'done', 'en-US', '{"hotwords":[],"terms":[{"source":"a","target":"b"}],"sensitive":[]}', 0)`,
    ),
  ]);
  await migrateRest();
});

describe('migration 0019 on a database holding data', () => {
  it('clears the multipart id and the choices of submitted uploads only, keeping every other column', async () => {
    expect(await rows('SELECT id, name, object_name, upload_id, state, record_id, form, created_at, completed_at FROM uploads ORDER BY id')).toEqual([
      {
        id: 1,
        name: 'talk.mp3',
        object_name: 'uploads/1/a.mp3',
        upload_id: null,
        state: 'submitted',
        record_id: 100,
        form: null,
        created_at: 5,
        completed_at: 6,
      },
      {
        id: 2,
        name: 'half.mp3',
        object_name: 'uploads/1/b.mp3',
        upload_id: 'multipart-b',
        state: 'uploading',
        record_id: null,
        form: null,
        created_at: 7,
        completed_at: null,
      },
      {
        id: 3,
        name: 'ready.mp3',
        object_name: 'uploads/1/c.mp3',
        upload_id: 'multipart-c',
        state: 'uploaded',
        record_id: null,
        form: null,
        created_at: 8,
        completed_at: 9,
      },
    ]);
  });

  it('keeps the parts of an upload in progress, which still go with their upload', async () => {
    expect(await rows('SELECT upload_row_id, part_number, etag FROM upload_parts ORDER BY part_number')).toEqual([
      { upload_row_id: 2, part_number: 1, etag: 'e1' },
      { upload_row_id: 2, part_number: 2, etag: 'e2' },
    ]);
    await run('DELETE FROM uploads WHERE id = 2').run();
    expect(await rows('SELECT * FROM upload_parts')).toEqual([]);
  });

  it('never hands out the id of an upload deleted before, and lets any number of uploads hold no multipart id', async () => {
    await run(
      "INSERT INTO uploads (user_id, name, size, chunk_size, part_count, object_name, state, created_at) VALUES (1, 'new.mp3', 1, 1, 1, 'k', 'submitted', 10)",
    ).run();
    expect(await rows("SELECT id, upload_id FROM uploads WHERE name = 'new.mp3'")).toEqual([{ id: 5, upload_id: null }]);
  });

  it("drops a job's empty vocabulary lists", async () => {
    expect(await rows('SELECT vocabulary FROM transcription_jobs')).toEqual([{ vocabulary: '{"terms":[{"source":"a","target":"b"}]}' }]);
  });
});
