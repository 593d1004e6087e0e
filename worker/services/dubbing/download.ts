import { Zip, ZipPassThrough, ZipDeflate } from 'fflate';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { dubDownloadQuery } from '../../../contracts/dubbing';
import type { ExportContent } from '../../../contracts/record-vocabulary';
import type { Db } from '../../db/client';
import { dubIterations, dubProjects, records } from '../../db/schema';
import { baseName } from '../export';
import { uniqueNames } from '../export/zip';
import { exportRecords, ownedRecords } from '../records';
import { dubbedPrefix } from './storage';

/**
 * The dubbing downloads (spec §7 download/zip and download/destroy/zip) and the 7-day limit on dubbed
 * videos (spec §9). The zip is written as it is read, so a long video streams from R2 to the browser.
 */

const CONTENT: Record<'1' | '2' | '3', ExportContent> = { '1': 'source', '2': 'translation', '3': 'bilingual' };

interface Entry {
  name: string;
  data: Uint8Array | ReadableStream<Uint8Array>;
}

function zipStream(entries: Entry[]): ReadableStream<Uint8Array> {
  const names = uniqueNames(entries.map((e) => e.name));
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let pending = Promise.resolve();
  const zip = new Zip((err, chunk, final) => {
    pending = pending.then(async () => {
      if (err) return writer.abort(err);
      await writer.write(chunk);
      if (final) await writer.close();
    });
  });
  const run = async () => {
    for (const [i, entry] of entries.entries()) {
      // Videos are compressed already; deflating them again would only cost time.
      const file = entry.data instanceof Uint8Array ? new ZipDeflate(names[i]!, { level: 6 }) : new ZipPassThrough(names[i]!);
      zip.add(file);
      if (entry.data instanceof Uint8Array) file.push(entry.data, true);
      else {
        const reader = entry.data.getReader();
        for (let chunk = await reader.read(); ; chunk = await reader.read()) {
          file.push(chunk.value ?? new Uint8Array(0), chunk.done);
          await pending;
          if (chunk.done) break;
        }
      }
    }
    zip.end();
  };
  run().catch((err) => writer.abort(err).catch(() => undefined));
  return readable;
}

export async function dubDownload(db: Db, env: Env, userId: number, q: z.output<typeof dubDownloadQuery>, withVideo: boolean, now = Date.now()) {
  const owned = await ownedRecords(db, userId, q.idStr);
  const entries: Entry[] = [];
  for (const record of owned) {
    const subtitles = await exportRecords(db, userId, {
      ids: [record.id],
      format: q.type,
      content: CONTENT[q.msgType],
      speaker: q.speaker,
      timestamps: '1',
    }).catch(
      () => null, // a project without lines yet still downloads its video
    );
    if (subtitles) entries.push({ name: subtitles.filename, data: subtitles.body });
    if (!withVideo) continue;
    const project = await db.query.dubProjects.findFirst({ where: eq(dubProjects.recordId, record.id) });
    const video = project?.outputKey && (project.expiresAt ?? 0) > now ? await env.MEDIA.get(project.outputKey) : null;
    if (video) entries.push({ name: `${baseName(record)}.mp4`, data: video.body });
  }
  const name = `tingyi-dubbing-${new Date(now).toISOString().slice(0, 10)}.zip`;
  return { filename: name, fallbackName: name, body: zipStream(entries), empty: entries.length === 0 };
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
