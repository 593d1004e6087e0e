import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import type { AppliedVocabulary } from '../../../contracts/vocabulary';
import { VOCABULARY_LIMITS, VOCABULARY_RIGHT, VOCABULARY_TYPES } from '../../../contracts/vocabulary-rules';
import type { Db } from '../../db/client';
import { vocabEntries, vocabLibraries } from '../../db/schema';
import { chunks } from '../../lib/batch';
import { ApiError } from '../../lib/errors';
import { permissions } from '../rights';

export const libraryNotFound = () => new ApiError(Code.NOT_FOUND, 'vocabLibraryNotFound');

/**
 * What a job or meeting applies from the libraries the user chose for it. Only the user's own libraries
 * count (another's id is simply not found), at most VOCABULARY_LIMITS.perJob of each type, and each type
 * needs its SVIP right: applying a library is using the feature, unlike reading one's own data.
 */
export async function resolveVocabulary(db: Db, userId: number, documentIds: number[]): Promise<AppliedVocabulary> {
  const applied: AppliedVocabulary = { hotwords: [], terms: [], sensitive: [] };
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return applied;
  const libraries = (
    await Promise.all(
      chunks(ids).map((part) =>
        db
          .select({ id: vocabLibraries.id, type: vocabLibraries.type })
          .from(vocabLibraries)
          .where(and(eq(vocabLibraries.userId, userId), inArray(vocabLibraries.id, part))),
      ),
    )
  ).flat();
  if (libraries.length !== ids.length) throw libraryNotFound();

  const rights = await permissions(db, userId);
  for (const type of VOCABULARY_TYPES) {
    const n = libraries.filter((l) => l.type === type).length;
    if (n > VOCABULARY_LIMITS.perJob) throw new ApiError(Code.BAD_REQUEST, 'vocabTooManyLibraries', { max: VOCABULARY_LIMITS.perJob });
    if (n > 0 && !rights[VOCABULARY_RIGHT[type]]) throw new ApiError(Code.NO_SUCH_BENEFIT, 'noSuchBenefit');
  }

  const typeOf = new Map(libraries.map((l) => [l.id, l.type]));
  const entries = (
    await Promise.all(
      chunks(ids).map((part) =>
        db
          .select({ libraryId: vocabEntries.libraryId, text: vocabEntries.text, translation: vocabEntries.translation })
          .from(vocabEntries)
          .where(inArray(vocabEntries.libraryId, part))
          .orderBy(vocabEntries.libraryId, vocabEntries.id),
      ),
    )
  ).flat();

  const hotwords = new Set<string>();
  const sensitive = new Set<string>();
  const terms = new Map<string, { source: string; target: string }>();
  for (const e of entries) {
    const type = typeOf.get(e.libraryId);
    if (type === 'words' && e.text) hotwords.add(e.text);
    else if (type === 'sensitive' && e.text) sensitive.add(e.text);
    else if (type === 'terms') {
      // A term given on one side only is kept as itself, so translation leaves it unchanged.
      const source = e.text || e.translation;
      const target = e.translation || e.text;
      if (source && !terms.has(source)) terms.set(source, { source, target });
    }
  }
  applied.hotwords = [...hotwords];
  applied.sensitive = [...sensitive];
  applied.terms = [...terms.values()];
  return applied;
}
