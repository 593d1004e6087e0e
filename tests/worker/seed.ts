import { env, exports } from 'cloudflare:workers';
import { RECORD_TYPES, STATUSES_BY_TYPE } from '../../contracts/record-vocabulary';
import type { FolderNode } from '../../contracts/records';
import type { RecordStatus, RecordType } from '../../contracts/record-vocabulary';
import { database } from '../../worker/db/client';
import { records } from '../../worker/db/schema';
import { runBatch } from '../../worker/lib/batch';
import { replaceLines } from '../../worker/services/lines';
import { get } from './api';

/**
 * Test data for the records workspace. `seedRecords` writes many records in one INSERT…SELECT over a
 * recursive CTE (thousands in well under a second) and returns the same rows computed in JS by the same
 * formulas, so list tests compare the API with an expectation that does not come from the database.
 */
export const db = database(env.DB);
export const DAY = 86_400_000;
/** Creation times of seeded records start here and come in pairs, so sorting by time needs its id tie-break. */
export const SEED_BASE = Date.UTC(2025, 0, 1);

export interface Seeded {
  id: number;
  i: number;
  name: string;
  type: RecordType;
  status: RecordStatus;
  durationMs: number;
  createdAt: number;
  updatedAt: number;
  favourite: boolean;
  folderId: number;
  shareToken: string | null;
  shareExpiresAt: number | null;
  /** Text of the record's one subtitle line, null when it has none. */
  transcript: string | null;
}

/** Each formula once in JS and once in SQL, side by side, so they cannot drift apart unnoticed. */
function formulas(userId: number, folderIds: number[], now: number) {
  const statusCase = RECORD_TYPES.map((type, t) => {
    const list = STATUSES_BY_TYPE[type];
    return `WHEN ${t} THEN (CASE (i / 3) % ${list.length} ${list.map((s, k) => `WHEN ${k} THEN '${s}'`).join(' ')} END)`;
  }).join(' ');
  return {
    js: (i: number): Omit<Seeded, 'id'> => {
      const type = RECORD_TYPES[i % 3]!;
      const statuses = STATUSES_BY_TYPE[type];
      const shared = i % 10 === 0;
      return {
        i,
        name:
          i % 53 === 0
            ? `Rate 50%_off ${i}`
            : i % 71 === 0
              ? `Needle review ${i}`
              : i % 5 === 0
                ? `会议 ${(i * 7919) % 10007}`
                : `Record ${(i * 7919) % 10007}`,
        type,
        status: statuses[Math.floor(i / 3) % statuses.length]!,
        durationMs: ((i * 37) % 7200) * 1000 + (i % 1000),
        createdAt: SEED_BASE + ((i * 104729) % 5000) * 60_000,
        updatedAt: SEED_BASE + ((i * 104729) % 5000) * 60_000 + (i % 13) * 3_600_000,
        favourite: i % 4 === 0,
        folderId: folderIds[Math.floor(i / 7) % folderIds.length]!,
        shareToken: shared ? `seed${userId}x${i}xxxxxxxxxxxx` : null,
        shareExpiresAt: !shared ? null : i % 20 === 0 ? now - 1000 : i % 30 === 0 ? now + DAY : null,
        transcript: i % 50 === 0 ? `a needle ${i} in the transcript` : i % 50 === 25 ? `plain words ${i}` : null,
      };
    },
    sql: {
      name: `CASE WHEN i % 53 = 0 THEN 'Rate 50%_off ' || i WHEN i % 71 = 0 THEN 'Needle review ' || i WHEN i % 5 = 0 THEN '会议 ' || ((i * 7919) % 10007) ELSE 'Record ' || ((i * 7919) % 10007) END`,
      type: `CASE i % 3 ${RECORD_TYPES.map((t, k) => `WHEN ${k} THEN '${t}'`).join(' ')} END`,
      status: `CASE i % 3 ${statusCase} END`,
      durationMs: `((i * 37) % 7200) * 1000 + (i % 1000)`,
      createdAt: `${SEED_BASE} + ((i * 104729) % 5000) * 60000`,
      updatedAt: `${SEED_BASE} + ((i * 104729) % 5000) * 60000 + (i % 13) * 3600000`,
      favourite: `i % 4 = 0`,
      folderId: `CASE (i / 7) % ${folderIds.length} ${folderIds.map((f, k) => `WHEN ${k} THEN ${f}`).join(' ')} END`,
      shareToken: `CASE WHEN i % 10 = 0 THEN 'seed${userId}x' || i || 'xxxxxxxxxxxx' END`,
      shareExpiresAt: `CASE WHEN i % 10 != 0 THEN NULL WHEN i % 20 = 0 THEN ${now - 1000} WHEN i % 30 = 0 THEN ${now + DAY} END`,
      transcript: `CASE WHEN i % 50 = 0 THEN 'a needle ' || i || ' in the transcript' WHEN i % 50 = 25 THEN 'plain words ' || i END`,
    },
  };
}

/** `count` records for a user who has none yet, spread over `folderIds`; returns them as the API should see them. */
export async function seedRecords(userId: number, folderIds: number[], count: number, now = Date.now()): Promise<Seeded[]> {
  const f = formulas(userId, folderIds, now).sql;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
     INSERT INTO records (user_id, folder_id, name, type, status, duration_ms, favourite, share_token, share_expires_at, created_at, updated_at)
     SELECT ${userId}, ${f.folderId}, ${f.name}, ${f.type}, ${f.status}, ${f.durationMs}, ${f.favourite}, ${f.shareToken}, ${f.shareExpiresAt}, ${f.createdAt}, ${f.updatedAt}
     FROM n ORDER BY i`,
  ).run();
  const ids = (await env.DB.prepare('SELECT id FROM records WHERE user_id = ? ORDER BY id').bind(userId).all<{ id: number }>()).results;
  if (ids.length !== count) throw new Error(`seedRecords expects a user without records; user ${userId} has ${ids.length}`);
  const first = ids[0]!.id;
  await env.DB.prepare(
    `WITH r AS (SELECT id, id - ${first} AS i FROM records WHERE user_id = ${userId})
     INSERT INTO segments (record_id, seq, start_ms, duration_ms, text)
     SELECT id, 0, 0, 1500, ${f.transcript} FROM r WHERE i % 25 = 0`,
  ).run();
  const js = formulas(userId, folderIds, now).js;
  return ids.map(({ id }, i) => ({ id, ...js(i) }));
}

/** One record with sensible defaults, for tests about a few specific records. */
export async function createRecord(userId: number, folderId: number, values: Partial<typeof records.$inferInsert> = {}) {
  const now = Date.now();
  const [row] = await db
    .insert(records)
    .values({
      userId,
      folderId,
      name: 'Weekly sync',
      type: 'transcription',
      status: 'transcription_completed',
      durationMs: 65_000,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return row!;
}

export interface LineInput {
  start: number;
  end: number;
  text: string;
  speaker?: string;
  translations?: Record<string, string>;
}

export async function addLines(recordId: number, lines: LineInput[]) {
  await runBatch(
    db,
    replaceLines(
      db,
      recordId,
      lines.map((l) => ({ startMs: l.start, endMs: l.end, text: l.text, speaker: l.speaker ?? '', translations: l.translations ?? {} })),
    ),
  );
}

/** The user's folder tree; creates the default folder on first call. */
export async function folderTree(token: string) {
  return (await get<FolderNode[]>('/prod-api/speech/folder/getFolder', token)).body.data;
}

export async function defaultFolderId(token: string) {
  return (await folderTree(token)).find((f) => f.isDefault)!.id;
}

/** A GET whose answer may be a file rather than an envelope, asked in `locale` as the web app asks. */
export function download(path: string, token?: string, locale?: string) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(locale ? { 'accept-language': locale } : {}) };
  return exports.default.fetch(new Request(`http://tingyi.test${path}`, { headers }));
}
