import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dubIterations, dubLines, dubProjects } from '../../db/schema';

/**
 * Where a dubbing project keeps what it makes beside its record: its rows (project, dubbed lines,
 * iterations) and its rendered videos in R2, one per version. Its own leaf, so the record's deletion
 * reaches them without importing the dubbing editor or renderer.
 */

export const dubbedKey = (recordId: number, version: number) => `dubbed/${recordId}/v${version}.mp4`;
export const dubbedPrefix = (recordId: number) => `dubbed/${recordId}/`;

/** Removes what dubbing keeps beside a record, with the record (see records.removeRecords). */
export function dubRowsOf(db: Db, recordIds: number[]) {
  return [
    db.delete(dubProjects).where(inArray(dubProjects.recordId, recordIds)),
    db.delete(dubLines).where(inArray(dubLines.recordId, recordIds)),
    db.delete(dubIterations).where(inArray(dubIterations.recordId, recordIds)),
  ];
}
