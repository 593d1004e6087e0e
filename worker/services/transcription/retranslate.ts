import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import { EDIT_LOCKED_STATUSES } from '../../../contracts/record-vocabulary';
import type { SubtitleLine } from '../../../contracts/records';
import { sensitiveMasker } from '../../../contracts/sensitive';
import { translationBatches } from '../../../contracts/translation-batches';
import type { AppliedVocabulary } from '../../../contracts/vocabulary';
import type { Db } from '../../db/client';
import { meetings, records, segments, transcriptionJobs } from '../../db/schema';
import { chunks, runBatch } from '../../lib/batch';
import { ApiError } from '../../lib/errors';
import type { Enqueue } from '../jobs';
import { lineWhere, missingTranslation } from '../lines';
import { providers } from '../providers';
import { ownedRecord } from '../records';
import type { RecordEntity } from '../records';

/**
 * Translations that follow the lines: a line a person re-worded loses the translations made from its old
 * words, and the `retranslate` job translates it again, queued and paced like any translation (batches sized
 * to the translator, the record's translation terms and sensitive words). "Translate again" does the same for
 * chosen lines or the whole record. While it runs, `records.retranslateAt` is set, so the record page, the
 * share page and exports show those lines as being updated rather than as untranslated.
 */

type Translated = Pick<SubtitleLine, 'text' | 'translations'>;

/**
 * The translations an edited transcript keeps. A line whose words a stored line has keeps its translations; a
 * re-worded line keeps only a translation a person typed (one no stored line has), never the old words'.
 */
export function keptTranslations<L extends Translated>(stored: readonly Translated[], edited: readonly L[]): L[] {
  const texts = new Set(stored.map((l) => l.text));
  const old = new Set(stored.flatMap((l) => Object.entries(l.translations).map(([language, text]) => `${language}\n${text}`)));
  return edited.map((line) => {
    if (texts.has(line.text)) return line;
    const translations = Object.fromEntries(Object.entries(line.translations).filter(([language, text]) => text !== '' && !old.has(`${language}\n${text}`)));
    return { ...line, translations };
  });
}

/** The languages the record is read in: its translation and any other language its lines were translated into (a meeting's). */
function languagesOf(record: Pick<RecordEntity, 'translationLanguage'>, lines: readonly Translated[]) {
  const out = new Set(record.translationLanguage ? [record.translationLanguage] : []);
  for (const line of lines) for (const language of Object.keys(line.translations)) out.add(language);
  return [...out];
}

/** Whether some line with words lacks one of the record's translations. */
export function needsTranslation(record: Pick<RecordEntity, 'translationLanguage'>, lines: readonly Translated[]) {
  return languagesOf(record, lines).some((language) => missingTranslation(lines, language).length > 0);
}

/**
 * Queues the record's lines to be translated again. A queue that cannot be reached leaves the lines
 * untranslated, not "updating" for ever: the person can ask again.
 */
export async function queueRetranslation(db: Db, enqueue: Enqueue, recordId: number) {
  await db.update(records).set({ retranslateAt: Date.now() }).where(eq(records.id, recordId));
  try {
    await enqueue([{ kind: 'retranslate', recordId }]);
  } catch (err) {
    await endRetranslation(db, recordId);
    throw err;
  }
}

/** Ends the record's re-translation (done, or failed for good): its lines read as they are. */
export async function endRetranslation(db: Db, recordId: number, queuedAt?: number) {
  await db
    .update(records)
    .set({ retranslateAt: null })
    .where(and(eq(records.id, recordId), queuedAt === undefined ? isNotNull(records.retranslateAt) : eq(records.retranslateAt, queuedAt)));
}

/** The translation terms and sensitive words the record's job or meeting applied. */
async function vocabularyOf(db: Db, recordId: number): Promise<Partial<AppliedVocabulary>> {
  const job = await db.query.transcriptionJobs.findFirst({ columns: { vocabulary: true }, where: eq(transcriptionJobs.recordId, recordId) });
  if (job) return job.vocabulary;
  const meeting = await db.query.meetings.findFirst({ columns: { vocabulary: true }, where: eq(meetings.recordId, recordId) });
  return meeting?.vocabulary ?? {};
}

/**
 * The `retranslate` job: translates every line lacking one of the record's translations, a batch at a time.
 * A translation lands only on a line whose words are still those translated (a person may have edited it
 * again meanwhile; that edit queued its own run). A failing batch throws, so the queue retries the job,
 * which then translates only what is still missing.
 */
export async function runRetranslation(db: Db, env: Env, recordId: number) {
  const record = await db.query.records.findFirst({ where: eq(records.id, recordId) });
  if (!record || record.retranslateAt === null) return;
  const queuedAt = record.retranslateAt;
  const stored = await db.query.segments.findMany({ where: eq(segments.recordId, recordId), orderBy: segments.seq });
  const vocabulary = await vocabularyOf(db, recordId);
  const translator = providers(env).translate;
  for (const language of languagesOf(record, stored)) {
    const mask = sensitiveMasker(vocabulary.sensitive ?? [], language);
    for (const batch of translationBatches(missingTranslation(stored, language), (l) => l.text)) {
      const texts = await translator.translate(
        record.audioLanguage,
        language,
        batch.map((l) => l.text),
        vocabulary.terms ?? [],
      );
      await runBatch(
        db,
        batch.map((line, i) => {
          // Kept on the line read, so its next language is added to this one rather than replacing it.
          line.translations = { ...line.translations, [language]: mask(texts[i] ?? '') };
          return db
            .update(segments)
            .set({ translations: line.translations })
            .where(and(lineWhere(line), eq(segments.text, line.text)));
        }),
      );
    }
  }
  // A newer edit's run (a later `retranslateAt`) still owns the mark.
  await endRetranslation(db, recordId, queuedAt);
}

/**
 * "Translate again": the owner's record's lines `lineIds` (all of them when none are named) lose their translation
 * into the record's translation language and are translated into it again. Refused while a job writes the
 * lines, and for a record with no translation.
 */
export async function translateAgain(db: Db, enqueue: Enqueue, userId: number, recordId: number, lineIds: readonly number[]) {
  const record = await ownedRecord(db, userId, recordId);
  if (EDIT_LOCKED_STATUSES.includes(record.status)) throw new ApiError(Code.CONFLICT, 'recordBusy');
  const language = record.translationLanguage;
  if (!language) throw new ApiError(Code.BAD_REQUEST, 'translationNone');
  const stored = await db.query.segments.findMany({ columns: { seq: true, id: true }, where: eq(segments.recordId, recordId) });
  const ids = new Set(lineIds);
  const chosen = ids.size ? stored.filter((l) => ids.has(l.id)) : stored;
  if (chosen.length === 0) throw new ApiError(Code.NOT_FOUND, 'lineNotFound');
  // Only that language goes: a meeting's lines keep their other translations.
  const without = sql`case when ${segments.translations} = '' then '' else json_remove(${segments.translations}, ${`$."${language}"`}) end`;
  const ofRecord = eq(segments.recordId, recordId);
  await runBatch(
    db,
    ids.size
      ? chunks(chosen.map((l) => l.seq)).map((seqs) =>
          db
            .update(segments)
            .set({ translations: without })
            .where(and(ofRecord, inArray(segments.seq, seqs))),
        )
      : [db.update(segments).set({ translations: without }).where(ofRecord)],
  );
  await queueRetranslation(db, enqueue, recordId);
  return { lines: chosen.length };
}
