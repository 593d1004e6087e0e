import { eq, sql } from 'drizzle-orm';
import { SUGGESTIONS } from '../../../contracts/ai';
import type { Locale } from '../../../contracts/locale';
import type { Db } from '../../db/client';
import { summaries } from '../../db/schema';
import { type MessageKey, translate } from '../../lib/i18n';
import { ownedRecord } from '../records';
import { questionTerms } from './terms';

/**
 * Three questions a record suggests in the caller's language, made with no model: about the topics of its
 * summary's chapters, or failing those the words its lines say most often, then questions any meeting answers.
 */

const TOPIC_TEMPLATES: MessageKey[] = ['suggestTopicSaid', 'suggestTopicDecided', 'suggestTopicNext'];
const GENERAL: MessageKey[] = ['suggestDecisions', 'suggestActions', 'suggestOpen'];
/** A chapter title longer than this is a sentence, not a topic. */
const TOPIC_MAX = 24;
/** Lines read to find the most frequent words; the start of a record says what it is about. */
const LINES_READ = 2000;

/** The words (Latin 3+ letters, Chinese two-character runs) said most often in a record, most frequent first. */
async function frequentTerms(db: Db, recordId: number) {
  const rows = await db.all<{ text: string }>(sql`SELECT text FROM segments WHERE record_id = ${recordId} ORDER BY seq LIMIT ${LINES_READ}`);
  const counts = new Map<string, number>();
  for (const { text } of rows) {
    const { words, bigrams } = questionTerms(text);
    for (const term of [...words.filter((w) => w.length >= 4), ...bigrams]) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([term]) => term);
}

export async function suggestedQuestions(db: Db, userId: number, recordId: number, locale: Locale): Promise<string[]> {
  await ownedRecord(db, userId, recordId);
  const summary = await db.query.summaries.findFirst({ where: eq(summaries.recordId, recordId), columns: { summary: true } });
  const titles = (summary?.summary?.chapters ?? []).map((c) => c.title.trim()).filter((t) => t && [...t].length <= TOPIC_MAX);
  const topics = [...new Set(titles.length >= SUGGESTIONS ? titles : [...titles, ...(await frequentTerms(db, recordId))])].slice(0, SUGGESTIONS);
  const questions = topics.map((topic, i) => translate(locale, TOPIC_TEMPLATES[i]!, { topic }));
  return [...questions, ...GENERAL.slice(questions.length).map((key) => translate(locale, key))];
}
