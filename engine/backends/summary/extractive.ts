/**
 * The offline summariser: no model weights, only the transcript's own words. Chapters come from topic
 * segmentation (TextTiling: where the vocabulary of the lines before a point stops overlapping with the
 * vocabulary after it), key points from TextRank over the lines, and every summary is made of the most
 * central lines of its part. What it writes is what was said, trimmed for display.
 */
import type { z } from 'zod';
import type { Chapter, KeyPoint, SpeakerSummary, SummarizeResponse, summarizeRequest, SummarizeLine } from '../../../contracts/summary';
import { talkTimes } from '../../../contracts/summary-prompt';
import { mindMapOf } from '../../../contracts/summary-mind-map';
import { extractMeetingLists } from './meeting-lists';
import { Corpus, display, dot, joinSentences, pageRank, similarityGraph, tokenizeLines, usesSpaces, type SparseVector } from './text';

type Request = z.output<typeof summarizeRequest>;

/** Content words on each side of a gap that TextTiling compares. */
const BLOCK_TERMS = 40;
const BLOCK_MAX_LINES = 12;
/** Lines closer than this are the same point said twice; only one becomes a key point. */
const DUPLICATE = 0.6;
const MINUTE = 60_000;

export function summarizeExtractive(req: Request): SummarizeResponse {
  // Times decide everything below; the request's order is not trusted to be theirs.
  const lines = req.lines.filter((l) => l.text.trim()).sort((a, b) => a.start - b.start);
  const language = req.language;
  if (!lines.length) {
    const chapters: Chapter[] = [];
    return {
      backend: 'extractive',
      method: 'extractive',
      language,
      chapters,
      speakers: [],
      keyPoints: [],
      mindMap: mindMapOf(req.title, chapters, []),
      actionItems: [],
      decisions: [],
      questions: [],
    };
  }
  const corpus = new Corpus(
    tokenizeLines(
      lines.map((l) => l.text),
      language,
    ),
  );
  const rank = pageRank(similarityGraph(corpus.vectors));
  const text = (i: number, max?: number) => display(lines[i]!.text, language, max);

  const chapters = segment(lines, corpus).map(([from, to]): Chapter => {
    const members = range(from, to);
    const central = mostCentral(corpus, members, rank, summaryLength(members.length));
    return {
      start: lines[from]!.start,
      end: Math.max(...members.map((i) => lines[i]!.end)),
      title: titleOf(corpus, members, language),
      summary: joinSentences(
        central.map((i) => text(i, 160)),
        language,
      ),
    };
  });

  const chapterOf = new Int32Array(lines.length);
  chapters.forEach((c, k) => {
    for (let i = 0; i < lines.length; i++) if (lines[i]!.start >= c.start) chapterOf[i] = k;
  });
  const keyPoints: KeyPoint[] = keyLines(corpus, rank, chapterOf, keyPointCount(lines)).map((i) => ({ text: text(i), start: lines[i]!.start }));

  const speakers: SpeakerSummary[] = talkTimes(lines).map(({ speaker, talkMs }) => {
    const own = lines.flatMap((l, i) => (l.speaker.trim() === speaker ? [i] : []));
    const count = own.length >= 15 ? 3 : own.length >= 6 ? 2 : 1;
    return {
      speaker,
      talkMs,
      summary: joinSentences(
        mostCentral(corpus, own, rank, count).map((i) => text(i, 160)),
        language,
      ),
    };
  });

  return {
    backend: 'extractive',
    method: 'extractive',
    language,
    chapters,
    speakers,
    keyPoints,
    mindMap: mindMapOf(req.title, chapters, keyPoints),
    ...extractMeetingLists(lines, language, req.date),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

/** 3 key points, one more per five minutes, at most 12. */
function keyPointCount(lines: SummarizeLine[]): number {
  const minutes = (lines.at(-1)!.end - lines[0]!.start) / MINUTE;
  return Math.min(12, 3 + Math.floor(minutes / 5));
}

function summaryLength(lineCount: number) {
  return lineCount >= 4 ? 2 : 1;
}

/**
 * Lines that carry a group's topic: close to its centroid, with the global TextRank score breaking ties so a
 * line that many others echo wins; a line of one or two words says too little to stand for a chapter.
 * Returned in time order, near-duplicates skipped.
 */
function mostCentral(corpus: Corpus, members: number[], rank: Float64Array, count: number): number[] {
  const centre = corpus.centroid(members);
  const maxRank = Math.max(...members.map((i) => rank[i]!)) || 1;
  const score = (i: number) => {
    const words = corpus.lines[i]!.length;
    return (dot(corpus.vectors[i]!, centre) + 0.25 * (rank[i]! / maxRank)) * Math.min(1, words / 5);
  };
  return pickDistinct(
    corpus.vectors,
    [...members].sort((a, b) => score(b) - score(a)),
    count,
  );
}

/**
 * The TextRank leaders, in time order. The best line of each chapter comes first, so the points cover the
 * whole recording rather than the one topic whose words recur most.
 */
function keyLines(corpus: Corpus, rank: Float64Array, chapterOf: Int32Array, count: number): number[] {
  const order = range(0, corpus.lines.length)
    // Short lines ("yes, exactly") gather rank from the words they share yet state nothing.
    .filter((i) => corpus.lines[i]!.length >= 3)
    .sort((a, b) => rank[b]! - rank[a]!);
  const covered = new Set<number>();
  const leaders = order.filter((i) => !covered.has(chapterOf[i]!) && covered.add(chapterOf[i]!));
  const picked = pickDistinct(corpus.vectors, [...leaders, ...order], count);
  return picked.length ? picked : [0];
}

function pickDistinct(vectors: SparseVector[], ranked: number[], count: number): number[] {
  const picked: number[] = [];
  for (const i of ranked) {
    if (picked.length >= count) break;
    if (picked.some((j) => j === i || dot(vectors[i]!, vectors[j]!) > DUPLICATE)) continue;
    picked.push(i);
  }
  return picked.sort((a, b) => a - b);
}

/**
 * A chapter's most distinctive words: TF-IDF within the chapter, times the share of each word's uses that
 * fall inside it, so a word said all through the recording does not name any one part.
 */
function titleOf(corpus: Corpus, members: number[], language: string): string {
  const tf = new Map<number, number>();
  for (const i of members) for (const id of corpus.lines[i]!) tf.set(id, (tf.get(id) ?? 0) + 1);
  const repeated = [...tf].some(([, n]) => n >= 2);
  const ranked = [...tf]
    .filter(([, n]) => n >= 2 || !repeated)
    .map(([id, n]) => ({ id, score: n * (n / corpus.totals[id]!) * corpus.idf[id]! }))
    .sort((a, b) => b.score - a.score);
  const words: string[] = [];
  for (const { id } of ranked) {
    if (words.length >= 3) break;
    const word = corpus.surface[id]!;
    const key = word.toLocaleLowerCase(language);
    // 人工智能 and 智能 together would say the same thing twice.
    if (words.some((w) => w.toLocaleLowerCase(language).includes(key) || key.includes(w.toLocaleLowerCase(language)))) continue;
    words.push(word);
  }
  if (!words.length) return '';
  const title = words.join(usesSpaces(language) ? ', ' : '、');
  return title.charAt(0).toLocaleUpperCase(language) + title.slice(1);
}

// ---------------------------------------------------------------------------------------------------------
// Topic segmentation

/** Chapters as [first line, end line) pairs covering all lines. */
function segment(lines: SummarizeLine[], corpus: Corpus): [number, number][] {
  const n = lines.length;
  const span = lines.at(-1)!.end - lines[0]!.start;
  // A chapter is at least a twentieth of the recording, between 20 s and 3 min, and three lines.
  const minMs = Math.min(3 * MINUTE, Math.max(20_000, span / 20));
  const minLines = 3;
  const words = corpus.lines.reduce((sum, l) => sum + l.length, 0);
  if (n < 2 * minLines || span < 2 * minMs || words < 3 * BLOCK_TERMS) return [[0, n]];

  const scores = smooth(gapScores(corpus));
  const depth = depthScores(scores);
  // Only valleys can be topic shifts; the slopes between them are the same shift seen from the side.
  const valleys = range(1, n).filter((g) => {
    const s = scores[g - 1]!;
    return (g === 1 || s <= scores[g - 2]!) && (g === n - 1 || s <= scores[g]!) && depth[g - 1]! > 0;
  });
  if (!valleys.length) return [[0, n]];
  const ds = valleys.map((g) => depth[g - 1]!);
  const mean = ds.reduce((a, b) => a + b, 0) / ds.length;
  const sd = Math.sqrt(ds.reduce((a, b) => a + (b - mean) ** 2, 0) / ds.length);
  // TextTiling's cut-off, with a floor so a recording on one topic is not cut at every ripple. The floor is
  // low because misrecognised speech (the offline recogniser's) shares few words even within a topic.
  const cutoff = Math.max(mean - sd / 2, 0.04);

  const bounds = [0, n];
  const at = (b: number) => (b === n ? lines[n - 1]!.end : lines[b]!.start);
  const fits = (g: number) => bounds.every((b) => Math.abs(b - g) >= minLines && Math.abs(at(b) - at(g)) >= minMs);
  for (const g of [...valleys].sort((a, b) => depth[b - 1]! - depth[a - 1]!)) {
    if (depth[g - 1]! < cutoff) break;
    if (fits(g)) bounds.push(g);
  }
  bounds.sort((a, b) => a - b);
  return bounds.slice(0, -1).map((b, i) => [b, bounds[i + 1]!]);
}

/**
 * Lexical cohesion at each gap between two lines: cosine of the words of the lines just before it and just
 * after it, each side grown line by line to about BLOCK_TERMS words so short and long lines weigh alike.
 */
function gapScores(corpus: Corpus): number[] {
  const n = corpus.lines.length;
  const block = (from: number, step: 1 | -1) => {
    const out: number[][] = [];
    let terms = 0;
    for (let i = from; i >= 0 && i < n && out.length < BLOCK_MAX_LINES && terms < BLOCK_TERMS; i += step) {
      out.push(corpus.lines[i]!);
      terms += corpus.lines[i]!.length;
    }
    return out;
  };
  return range(1, n).map((g) => dot(corpus.vectorOf(block(g - 1, -1)), corpus.vectorOf(block(g, 1))));
}

function smooth(xs: number[]): number[] {
  return xs.map((x, i) => (x * 2 + (xs[i - 1] ?? x) + (xs[i + 1] ?? x)) / 4);
}

/** How far each gap's cohesion sits below the highest points either side of it before they fall again. */
function depthScores(scores: number[]): number[] {
  return scores.map((s, i) => {
    let left = s;
    for (let j = i - 1; j >= 0 && scores[j]! >= left; j--) left = scores[j]!;
    let right = s;
    for (let j = i + 1; j < scores.length && scores[j]! >= right; j++) right = scores[j]!;
    return left - s + (right - s);
  });
}
