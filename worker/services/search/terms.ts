import { type Mark, SEARCH } from '../../../contracts/ai';

/**
 * Words of a search or a question and where they fall in a line. The index (migrations 0022, 0030) is FTS5 with
 * the trigram tokenizer: a term of 3+ characters is looked up in the index by its trigrams, shorter ones only by
 * LIKE on candidate rows. Matching ignores case, as the tokenizer does.
 */

const HAN = /\p{Script=Han}/u;
const length = (s: string) => [...s].length;

/** The distinct lower-cased words of a search query, split on white space. */
export const queryTerms = (q: string) => [...new Set(q.toLowerCase().split(/\s+/u).filter(Boolean))];

/** Terms the index can match (3+ characters). */
export const indexable = (terms: string[]) => terms.filter((t) => length(t) >= 3);

/** A token as an FTS5 string, so no character of the user's text is read as syntax. */
const quoted = (token: string) => `"${token.replaceAll('"', '""')}"`;

/** The runs of three characters a term is made of: the index's tokens. */
const trigramsOf = (term: string) => {
  const chars = [...term];
  return [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
};

/**
 * An FTS5 expression for terms of 3+ characters. The index keeps which lines hold each trigram but not where
 * (detail=none, migration 0029), so a term is the lines holding all its trigrams, each quoted so no character of
 * the user's text is read as syntax; such a line may hold them apart, so callers check the term itself on the
 * rows found (search by LIKE, answers by their ranking).
 */
export const matchExpression = (terms: string[], join: 'AND' | 'OR') => terms.map((t) => `(${trigramsOf(t).map(quoted).join(' AND ')})`).join(` ${join} `);

/** A LIKE pattern for a term, its wildcards escaped (with `ESCAPE '\'`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every place a term occurs in text, merged where they overlap, in order. */
export function marksIn(text: string, terms: string[]): Mark[] {
  const lower = text.toLowerCase();
  // Lower-casing keeps offsets for the scripts a transcript holds; where it would not, nothing is marked.
  if (lower.length !== text.length) return [];
  const found: Mark[] = [];
  for (const term of terms) {
    for (let at = lower.indexOf(term); at >= 0 && term; at = lower.indexOf(term, at + term.length)) found.push([at, at + term.length]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: Mark[] = [];
  for (const m of found) {
    const last = merged.at(-1);
    if (last && m[0] <= last[1]) last[1] = Math.max(last[1], m[1]);
    else merged.push([...m]);
  }
  return merged;
}

/** A line cut to its first match with some context each side (… where cut), with the matches' marks. */
export function snippetOf(text: string, terms: string[]) {
  const marks = marksIn(text, terms);
  const context = SEARCH.snippetContext;
  const first = marks[0]?.[0] ?? 0;
  const from = first > context ? first - context : 0;
  const to = Math.min(text.length, (marks[0]?.[1] ?? 0) + context * 2);
  const head = from > 0 ? '…' : '';
  const snippet = head + text.slice(from, to) + (to < text.length ? '…' : '');
  const shift = head.length - from;
  return {
    snippet,
    marks: marks.filter(([, end]) => end <= to && end > from).map(([start, end]): Mark => [Math.max(start, from) + shift, end + shift]),
  };
}

/* Words a question is made of that say nothing about where its answer is. */
const STOP_EN = new Set(
  'the and for are was were what when where which who whom why how did does do done has have had that this these those with from about into they them their there then than you your our ours his her hers its it not but any all can could would should will shall may might must been being said say says tell told please get got let lets use used also just very more most much many some such only over under again out off who what'.split(
    ' ',
  ),
);
const STOP_ZH = new Set(
  '什么 怎么 为什么 哪些 哪个 多少 是否 是不是 有没 没有 我们 他们 你们 她们 这个 那个 关于 一下 说了 讲了 提到 的是 了吗 是什 么时 时候 谁说 请问 告诉 如何 怎样 的时 候说'.split(
    ' ',
  ),
);

/**
 * The words of a question that may find its answer: Latin-script words of 3+ letters that are not function
 * words, and for Chinese, which has no spaces, every two-character run of each Han stretch (most Chinese words
 * are two characters) and every three-character run (what the trigram index can look up).
 */
export function questionTerms(question: string) {
  const words: string[] = [];
  const bigrams: string[] = [];
  const trigrams: string[] = [];
  for (const run of question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...run];
    if (!HAN.test(run)) {
      if (chars.length >= 3 && !STOP_EN.has(run)) words.push(run);
      continue;
    }
    for (const stretch of run.match(/\p{Script=Han}+/gu) ?? []) {
      const han = [...stretch];
      for (let i = 0; i + 2 <= han.length; i++) {
        const two = han.slice(i, i + 2).join('');
        if (!STOP_ZH.has(two)) bigrams.push(two);
        if (i + 3 <= han.length) trigrams.push(han.slice(i, i + 3).join(''));
      }
      if (han.length === 1) bigrams.push(stretch);
    }
    for (const latin of run.match(/[^\p{Script=Han}]+/gu) ?? []) if ([...latin].length >= 3 && !STOP_EN.has(latin)) words.push(latin);
  }
  const unique = (a: string[]) => [...new Set(a)];
  return { words: unique(words), bigrams: unique(bigrams), trigrams: unique(trigrams) };
}
