import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { DUB_UPLOAD } from '../../../contracts/constants';
import type { dubDownloadQuery } from '../../../contracts/dubbing';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { ExportContent } from '../../../contracts/record-vocabulary';
import type { Db } from '../../db/client';
import { dubIterations, dubProjects, records } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { baseName } from '../export';
import { zipStream } from '../export/zip';
import type { ZipEntry } from '../export/zip';
import { exportRecords, ownedRecords } from '../records';
import { dubbedPrefix } from './storage';

/**
 * The dubbing downloads (spec §7 download/zip and download/destroy/zip) and the 7-day limit on dubbed
 * videos (spec §9). The zip is written as it is read: each video streams from R2 to the browser, stored, its
 * checksum taken natively as it passes (worker/services/export/zip.ts), in ZIP64 form past 4 GiB.
 */

const CONTENT: Record<'1' | '2' | '3', ExportContent> = { '1': 'source', '2': 'translation', '3': 'bilingual' };

/**
 * Most video bytes one zip carries: five videos of the largest size an upload takes (one upload batch). Each GiB
 * costs about 0.3 s of CPU for its checksum and passage (`npm run bench:export`), so this stays under 10 s of a
 * request's 30 s.
 */
export const DUB_ZIP_MAX_BYTES = DUB_UPLOAD.maxFiles * DUB_UPLOAD.maxBytes;

/** A file of the download: subtitles made up front (they are small), a video opened when the zip reaches it. */
type Planned = { name: string; data: Uint8Array } | { name: string; video: string; size: number };

export async function dubDownload(
  db: Db,
  env: Env,
  userId: number,
  q: z.output<typeof dubDownloadQuery>,
  locale: Locale,
  withVideo: boolean,
  now = Date.now(),
  maxVideoBytes = DUB_ZIP_MAX_BYTES,
) {
  const owned = await ownedRecords(db, userId, q.idStr);
  const planned: Planned[] = [];
  for (const record of owned) {
    const subtitles = await exportRecords(
      db,
      userId,
      {
        ids: [record.id],
        format: q.type,
        content: CONTENT[q.msgType],
        speaker: q.speaker,
        timestamps: '1',
      },
      locale,
    ).catch(
      () => null, // a project without lines yet still downloads its video
    );
    // One record exports as one file in memory.
    if (subtitles?.body instanceof Uint8Array) planned.push({ name: subtitles.filename, data: subtitles.body });
    if (!withVideo) continue;
    const project = await db.query.dubProjects.findFirst({ where: eq(dubProjects.recordId, record.id) });
    const video = project?.outputKey && (project.expiresAt ?? 0) > now ? await env.MEDIA.head(project.outputKey) : null;
    if (video) planned.push({ name: `${baseName(record)}.mp4`, video: video.key, size: video.size });
  }
  const videoBytes = planned.reduce((sum, file) => sum + ('size' in file ? file.size : 0), 0);
  if (videoBytes > maxVideoBytes) {
    const gb = (bytes: number) => (bytes / 1e9).toFixed(1);
    throw new ApiError(Code.BAD_REQUEST, 'dubZipTooLarge', { size: gb(videoBytes), max: gb(maxVideoBytes) });
  }
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const file of planned) {
      if ('data' in file) {
        yield { name: file.name, data: file.data, compress: true };
        continue;
      }
      const object = await env.MEDIA.get(file.video);
      // Deleted by the 7-day cleanup since the download began: the archive fails rather than lie about it.
      if (!object) throw new Error(`dubbed video ${file.video} is gone`);
      // Videos are compressed already; deflating them again would only cost time.
      yield { name: file.name, data: { size: object.size, stream: object.body } };
    }
  }
  const name = `tingyi-dubbing-${new Date(now).toISOString().slice(0, 10)}.zip`;
  return { filename: name, fallbackName: name, body: zipStream(entries(), new Date(now)), empty: planned.length === 0 };
}

/** Scheduled: dubbed videos and dubbing uploads older than 7 days are deleted (the project and its lines stay). */
export async function cleanupDubbing(db: Db, env: Env, now = Date.now()) {
  const expired = await db.query.dubProjects.findMany({ where: and(isNotNull(dubProjects.expiresAt), lt(dubProjects.expiresAt, now)), limit: 50 });
  for (const project of expired) {
    const listed = await env.MEDIA.list({ prefix: dubbedPrefix(project.recordId) });
    if (listed.objects.length) await env.MEDIA.delete(listed.objects.map((o) => o.key));
    const record = await db.query.records.findFirst({ where: eq(records.id, project.recordId) });
    if (record?.mediaKey) await env.MEDIA.delete(record.mediaKey);
  }
  const ids = expired.map((p) => p.recordId);
  if (ids.length) {
    await db.batch([
      db.update(dubProjects).set({ outputKey: null, expiresAt: null }).where(inArray(dubProjects.recordId, ids)),
      db.update(dubIterations).set({ outputKey: null, expiresAt: null }).where(inArray(dubIterations.recordId, ids)),
    ]);
  }
  return ids.length;
}
