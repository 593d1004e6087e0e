import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dubIterationLines, dubIterations } from '../../db/schema';
import { chunks } from '../../lib/batch';

/**
 * Saving a version of a dubbing project's lines: the version's row and one row per line, so a long video's
 * version never meets D1's row size limit. The lines name their version by (record, version) inside the
 * statement, so the caller runs everything in one batch, one transaction, beside what else the save changes.
 */

export interface IterationLine {
  start: number;
  end: number;
  text: string;
  translation: string;
  speaker: string;
}

type IterationRow = Omit<typeof dubIterations.$inferInsert, 'id' | 'lineCount'>;

/** Six values a line and two for the version: within D1's 100 bound parameters a statement. */
const LINES_PER_STATEMENT = 16;

export function saveIteration(db: Db, row: IterationRow, lines: IterationLine[]) {
  const numbered = lines.map((l, seq) => ({ ...l, seq }));
  return [
    db.insert(dubIterations).values({ ...row, lineCount: lines.length }),
    ...chunks(numbered, LINES_PER_STATEMENT).map((part) => {
      const values = sql.join(
        part.map((l) => sql`(${l.seq}, ${l.start}, ${l.end}, ${l.text}, ${l.translation}, ${l.speaker})`),
        sql`, `,
      );
      // Columns in the table's order: iteration, seq, start, end, text, translation, speaker.
      return db.insert(dubIterationLines).select(
        sql`SELECT ${dubIterations.id}, v.column1, v.column2, v.column3, v.column4, v.column5, v.column6 FROM ${dubIterations}, (VALUES ${values}) v
            WHERE ${dubIterations.recordId} = ${row.recordId} AND ${dubIterations.version} = ${row.version}`,
      );
    }),
  ];
}
