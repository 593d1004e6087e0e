import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0014 (what pieces heard moves to R2, saved dubbing versions become rows) on a database holding data:
 * every version's lines are carried over in order, finished jobs lose their pieces but never their transcript,
 * a job still waiting for pieces keeps its progress, and one caught with pieces heard ends failed so its
 * retry can start it again.
 */
const db = env.MIGRATION_DB;
const PIECES = '0014_pieces_in_r2';
const run = (sql: string) => db.prepare(sql);
const rows = async (sql: string) => (await db.prepare(sql).all()).results;

const dubbedLines = [
  { seq: 4, start: 0, end: 900, text: 'Hello there', translation: 'Hola', speaker: 'Speaker 1' },
  { seq: 5, start: 1000, end: 2400, text: 'Bye', translation: 'Adiós', speaker: 'Speaker 2' },
];

beforeAll(async () => {
  const index = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(PIECES));
  expect(index).toBeGreaterThan(0);
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, index));
  const heard = JSON.stringify([{ start: 0, end: 1, text: 'hi', embedding: [0.1, 0.2], words: [{ word: 'hi', start: 0, end: 1 }] }]);
  await db.batch([
    run("INSERT INTO users (id, name, created_at) VALUES (1, 'Ann', 0)"),
    run("INSERT INTO folders (id, user_id, parent_id, name, ancestors, is_default, created_at) VALUES (10, 1, 0, 'Default', '0', 1, 0)"),
    run(
      `INSERT INTO records (id, user_id, folder_id, name, type, status, created_at, updated_at) VALUES
       (100, 1, 10, 'finished', 'transcription', 'transcription_completed', 0, 0),
       (101, 1, 10, 'dubbed', 'dubbing', 'dub_complete', 0, 0),
       (102, 1, 10, 'waiting for pieces', 'transcription', 'transcribing', 0, 0),
       (103, 1, 10, 'pieces heard', 'transcription', 'transcribing', 0, 0),
       (104, 1, 10, 'dubbing, assembling', 'dubbing', 'dub_start', 0, 0)`,
    ),
    run("INSERT INTO segments (record_id, seq, start_ms, end_ms, text) VALUES (100, 0, 0, 1000, 'kept line')"),
    run(
      `INSERT INTO transcription_jobs (record_id, user_id, stage, locale, chunk_count, updated_at) VALUES
       (100, 1, 'done', 'en-US', 2, 0), (102, 1, 'chunks', 'en-US', 2, 0), (103, 1, 'chunks', 'en-US', 2, 0), (104, 1, 'assemble', 'en-US', 1, 0)`,
    ),
    run(
      `INSERT INTO job_chunks (record_id, idx, start_ms, end_ms, result) VALUES
       (100, 0, 0, 8000, '${heard}'), (100, 1, 8000, 9000, '${heard}'),
       (102, 0, 0, 8000, NULL), (102, 1, 8000, 9000, NULL),
       (103, 0, 0, 8000, '${heard}'), (103, 1, 8000, 9000, NULL),
       (104, 0, 0, 8000, '${heard}')`,
    ),
    run("INSERT INTO dub_projects (record_id, user_id, form, stage, updated_at) VALUES (101, 1, '{}', 'done', 0), (104, 1, '{}', 'transcribing', 0)"),
    run(
      `INSERT INTO dub_iterations (id, record_id, version, name, lines, created_at) VALUES
       (1, 101, 1, 'v1', '${JSON.stringify(dubbedLines)}', 0), (2, 101, 2, 'empty', '[]', 0)`,
    ),
  ]);
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
});

describe('migration 0014 on a database holding data', () => {
  it("carries every saved version's lines over, in order, with their count", async () => {
    expect(await rows('SELECT id, line_count FROM dub_iterations ORDER BY id')).toEqual([
      { id: 1, line_count: 2 },
      { id: 2, line_count: 0 },
    ]);
    expect(await rows('SELECT iteration_id, seq, start_ms, end_ms, text, translation, speaker FROM dub_iteration_lines ORDER BY seq')).toEqual(
      dubbedLines.map((l, seq) => ({ iteration_id: 1, seq, start_ms: l.start, end_ms: l.end, text: l.text, translation: l.translation, speaker: l.speaker })),
    );
  });

  it("deletes a finished job's pieces and keeps its transcript", async () => {
    expect(await rows('SELECT record_id FROM job_chunks WHERE record_id = 100')).toEqual([]);
    expect(await rows('SELECT text FROM segments WHERE record_id = 100')).toEqual([{ text: 'kept line' }]);
    expect(await rows('SELECT status FROM records WHERE id = 100')).toEqual([{ status: 'transcription_completed' }]);
  });

  it('lets a job still waiting for every piece go on', async () => {
    expect(await rows('SELECT idx, done FROM job_chunks WHERE record_id = 102 ORDER BY idx')).toEqual([
      { idx: 0, done: 0 },
      { idx: 1, done: 0 },
    ]);
    expect(await rows('SELECT stage FROM transcription_jobs WHERE record_id = 102')).toEqual([{ stage: 'chunks' }]);
  });

  it('ends a job whose pieces heard something as failed, with a reason, for the retry action', async () => {
    const ended = await rows('SELECT id, status, error_reason FROM records WHERE id IN (103, 104) ORDER BY id');
    expect(ended.map((r) => r.status)).toEqual(['transcription_err', 'dub_err']);
    for (const r of ended) expect(r.error_reason).toMatch(/retry/i);
    expect(await rows("SELECT record_id FROM transcription_jobs WHERE stage = 'failed' ORDER BY record_id")).toEqual([{ record_id: 103 }, { record_id: 104 }]);
    expect(await rows('SELECT stage FROM dub_projects WHERE record_id = 104')).toEqual([{ stage: 'failed' }]);
    expect(await rows('SELECT record_id FROM job_chunks WHERE record_id IN (103, 104)')).toEqual([]);
  });

  it('then deletes a version with its lines', async () => {
    await run('DELETE FROM records WHERE id = 101').run();
    expect(await rows('SELECT iteration_id FROM dub_iteration_lines')).toEqual([]);
  });
});
