import { sql } from 'drizzle-orm';
import { ASK, type Answer, type Citation } from '../../../contracts/ai';
import type { Db } from '../../db/client';
import { type LineRow, type Scope, indexed, lineId, lineSelect, plain, scopeCondition } from './search';
import { likePattern, matchExpression, questionTerms } from './terms';
import type { AnswerModel } from './answer-model';
import { askMessages, citationFilter, withoutReasoning } from '../../../contracts/ask-prompt';
import { type LineVectors, semanticLines } from './vectors';

/**
 * An answer to a question about the caller's records: the lines that share the most telling words with the
 * question, quoted with their record and time (an "extractive" answer), or read by a language model that answers
 * from them alone (a "generated" one). Retrieval is done
 * here, in SQL cut to the caller's scope, before anything reads a line's text: words inside a transcript
 * ("ignore previous instructions…") can change neither whose lines are read nor what is cited. Where a vector index is
 * bound (./vectors.ts), the lines nearest the question in meaning join the keyword matches by reciprocal rank fusion.
 */

/** Lines a retrieval reads before ranking them (from the index, and again by LIKE for two-character words). */
const CANDIDATES = 200;
/** Two-character words looked for by LIKE; more make the scan slower for little gain. */
const BIGRAMS_MAX = 8;

/** Reciprocal rank fusion's constant: a line's score is the sum of 1 / (RRF_K + rank) over the lists holding it. */
const RRF_K = 60;

/**
 * The lines of a scope that may answer a question, best first: those with the most and rarest of its words, fused
 * with those nearest it in meaning when `vectors` are bound. A failing embedding or index leaves the keyword lines.
 */
export async function retrieve(db: Db, scope: Scope, question: string, vectors?: LineVectors, now = Date.now()) {
  const [keyword, semantic] = await Promise.all([
    keywordLines(db, scope, question, now),
    vectors
      ? semanticLines(db, vectors, scope, question, now).catch((err: unknown) => {
          console.warn(`ask: semantic retrieval failed, keywords only: ${err instanceof Error ? err.message : String(err)}`);
          return [];
        })
      : [],
  ]);
  return semantic.length ? fused([keyword, semantic]) : keyword;
}

/** Lists of lines, each best first, as one: by the sum of 1 / (RRF_K + rank) over the lists, ties in list order. */
function fused(lists: LineRow[][]) {
  const scored = new Map<number, { line: LineRow; score: number }>();
  for (const list of lists)
    for (const [rank, line] of list.entries()) {
      const entry = scored.get(lineId(line)) ?? { line, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scored.set(lineId(line), entry);
    }
  return [...scored.values()].sort((a, b) => b.score - a.score).map((e) => e.line);
}

/** The lines of a scope sharing the question's words, best first: those with the most and rarest of them. */
async function keywordLines(db: Db, scope: Scope, question: string, now: number) {
  const { words, bigrams, trigrams } = questionTerms(question);
  const inScope = scopeCondition(scope);
  const indexTerms = [...words, ...trigrams];
  const queries: Promise<LineRow[]>[] = [];
  if (indexTerms.length) {
    const where = sql`${inScope} AND line_search MATCH ${matchExpression(indexTerms, 'OR')}`;
    // Lines holding more of the terms first; the ranking below weighs them by rarity.
    const held = sql.join(
      indexTerms.map((t) => sql`(instr(lower(s.text), ${t}) > 0)`),
      sql` + `,
    );
    queries.push(db.all<LineRow>(sql`${lineSelect(indexed, where, now)} ORDER BY ${held} DESC LIMIT ${CANDIDATES}`));
  }
  const likes = bigrams.slice(0, BIGRAMS_MAX).map((b) => sql`s.text LIKE ${likePattern(b)} ESCAPE '\\'`);
  if (likes.length) {
    const where = sql`${inScope} AND (${sql.join(likes, sql` OR `)})`;
    queries.push(db.all<LineRow>(sql`${lineSelect(plain, where, now)} LIMIT ${CANDIDATES}`));
  }
  const candidates = new Map<number, LineRow>();
  for (const rows of await Promise.all(queries)) for (const row of rows) candidates.set(lineId(row), row);
  return rank([...candidates.values()], [...words, ...bigrams]);
}

/** Lines scored by the question's words they hold, each weighted by how few candidates hold it (rarer tells more). */
function rank(lines: LineRow[], terms: string[]) {
  const lower = lines.map((l) => l.text.toLowerCase());
  const weight = new Map(terms.map((t) => [t, Math.log(1 + lines.length / Math.max(1, lower.filter((text) => text.includes(t)).length))]));
  return lines
    .map((line, i) => ({ line, score: terms.reduce((sum, t) => sum + (lower[i]!.includes(t) ? weight.get(t)! : 0), 0) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.line.recordId - b.line.recordId || a.line.seq - b.line.seq)
    .map((s) => s.line);
}

const citationOf = (line: LineRow): Citation => ({
  recordId: line.recordId,
  recordName: line.recordName,
  lineId: lineId(line),
  start: line.start,
  end: line.end,
  speaker: line.speaker,
  text: line.text,
});

/** Telling words below which a question is a follow-up ("and when?") read together with the one before it. */
const FOLLOW_UP_TERMS = 2;

/** The question to retrieve by: a short follow-up borrows the words of the question before it. */
export function withContext(question: string, previous?: string) {
  const { words, bigrams } = questionTerms(question);
  return previous && words.length + bigrams.length < FOLLOW_UP_TERMS ? `${previous} ${question}` : question;
}

/** The best lines quoted, numbered as their citations; empty when nothing in scope shares a telling word. */
const quoted = (lines: LineRow[]): Omit<Answer, 'conversationId'> => {
  const citations = lines.slice(0, ASK.citationsMax).map(citationOf);
  return { answer: citations.map((c, i) => `[${i + 1}] ${c.text}`).join('\n'), kind: 'extractive', citations };
};

/** `previous` is the conversation's last question, read with this one when this one says too little by itself. */
export async function extractiveAnswer(
  db: Db,
  scope: Scope,
  question: string,
  previous?: string,
  vectors?: LineVectors,
): Promise<Omit<Answer, 'conversationId'>> {
  return quoted(await retrieve(db, scope, withContext(question, previous), vectors));
}

export interface Generation {
  model: AnswerModel;
  /** The user's language, which the answer is written in. */
  language: string;
  /** Told each piece of the answer's text as it is written (citations already renumbered). */
  onDelta?: (text: string) => void | Promise<void>;
  /** Told each citation the first time it is cited, before the piece that cites it: [k] is the k-th one told. */
  onCitation?: (citation: Citation) => void | Promise<void>;
}

/**
 * An answer a language model writes from the best lines only, citing them by the ids the prompt gives; a
 * citation of anything else is dropped as the answer streams (contracts/ask-prompt.ts). A model that fails
 * before writing anything leaves the extractive answer from the same lines, so a question is still answered.
 */
export async function generatedAnswer(
  db: Db,
  scope: Scope,
  question: string,
  previous: string | undefined,
  { model, language, onDelta, onCitation }: Generation,
  vectors?: LineVectors,
): Promise<Omit<Answer, 'conversationId'>> {
  const lines = (await retrieve(db, scope, withContext(question, previous), vectors)).slice(0, ASK.contextLines);
  if (!lines.length) return quoted(lines);
  const messages = askMessages({
    question,
    previous: withContext(question, previous) === question ? undefined : previous,
    lines: lines.map((l) => ({ record: l.recordName, speaker: l.speaker, at: l.start / 1000, text: l.text })),
    language,
  });
  const citations = citationFilter(lines.length);
  const reasoning = withoutReasoning();
  let answer = '';
  let told = 0;
  const emit = async (text: string) => {
    if (!text) return;
    answer += text;
    const cited = citations.cited();
    for (const id of cited.slice(told)) await onCitation?.(citationOf(lines[id - 1]!));
    told = cited.length;
    await onDelta?.(text);
  };
  try {
    for await (const piece of model.stream(messages)) await emit(citations.push(reasoning(piece)));
  } catch (err) {
    if (!answer) {
      console.warn(`ask: ${model.name} failed, answering with quoted lines: ${err instanceof Error ? err.message : String(err)}`);
      return quoted(lines);
    }
    console.warn(`ask: ${model.name} stopped mid-answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  await emit(citations.end());
  return { answer: answer.trim(), kind: 'generated', citations: citations.cited().map((id) => citationOf(lines[id - 1]!)) };
}
