/**
 * Words and sentence vectors for the extractive summariser. Words come from `Intl.Segmenter` in every
 * language, so Chinese and Japanese get dictionary words rather than characters; function words are dropped
 * so that what two lines share is what they are about. Vectors are sparse TF-IDF over sorted term ids:
 * a transcript has thousands of distinct words and a line a dozen, so dense vectors would waste the time.
 */

const EN_STOP = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each either else even ever every few for from further get gets getting go goes ' +
    'going gone got had has have having he her here hers herself him himself his how however i if in into is it its itself just ' +
    'let like made make makes many may me might more most much must my myself need no nor not now of off often on once one only ' +
    'or other others our ours ourselves out over own per put quite rather really right said same say says see she should since so ' +
    'some something still such sure take than that the their theirs them themselves then there these they thing things think ' +
    'this those though through to too under until up upon us use used very want was way we well were what when where whether which ' +
    'while who whom whose why will with within without would yes yet you your yours yourself yourselves ' +
    // spoken fillers and numbers: frequent in transcripts, about nothing
    'actually ah alright anyway basically er erm gonna hmm kind know lot mean mm oh ok okay sort um uh yeah yep ' +
    'two three four five six seven eight nine ten twenty thirty forty fifty hundred thousand first second third'
  ).split(' '),
);

const ZH_STOP = new Set(
  (
    '的 了 着 过 是 在 有 和 与 及 或 或者 而 而且 并 并且 但 但是 可是 不过 所以 因为 因此 如果 虽然 然后 那么 于是 就 也 都 还 又 再 ' +
    '很 很多 许多 非常 太 更 最 比较 所有 每个 各种 一样 一起 一直 正在 不 没 没有 别 要 会 能 可以 可能 应该 需要 想 让 把 被 给 对 从 到 向 跟 比 为 为了 关于 ' +
    '我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 大家 自己 这 那 这个 那个 这些 那些 这样 那样 这里 那里 这种 那种 ' +
    '什么 怎么 怎样 为什么 哪 哪里 哪个 多少 吗 呢 吧 啊 呀 哦 嗯 哈 啦 嘛 呃 就是 还是 其实 觉得 知道 一下 一些 一个 一点 ' +
    '个 些 里 上 下 中 说 来 去 做 看 已经 现在 时候 的话 之 其 所 等 等等 對 這 這個 那個 們 沒有 還是 為 為了 會 說 個 裡'
  ).split(' '),
);

/** Languages written without spaces: their words are glued back into compounds where the speaker always does. */
const UNSPACED = /^(zh|yue|ja)\b/i;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function usesSpaces(language: string): boolean {
  return !UNSPACED.test(language);
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(language: string, granularity: 'word' | 'sentence' = 'word'): Intl.Segmenter {
  const key = `${language}|${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    s = new Intl.Segmenter(language, { granularity });
    segmenters.set(key, s);
  }
  return s;
}

export function isStopWord(word: string, language: string): boolean {
  return /^zh|^yue/i.test(language) ? ZH_STOP.has(word) : EN_STOP.has(word);
}

/** English plurals and possessives folded, so "goals" and "goal" count as one word. */
function fold(word: string, language: string): string {
  if (!/^en/i.test(language)) return word;
  const w = word.replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

export interface Token {
  /** What is counted: lower-cased and folded. */
  key: string;
  /** As spoken, for titles. */
  surface: string;
}

interface RawWord {
  key: string;
  surface: string;
  start: number;
  end: number;
}

function rawWords(text: string, language: string): RawWord[] {
  const out: RawWord[] = [];
  for (const s of segmenter(language).segment(text)) {
    if (!s.isWordLike) continue;
    out.push({ key: s.segment.toLocaleLowerCase(language), surface: s.segment, start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/** A word that can carry a topic: not a function word, not a number, not a lone Han character. */
function isContent(key: string, language: string): boolean {
  if (isStopWord(key, language) || isStopWord(fold(key, language), language) || /^[\p{N}.,]+$/u.test(key)) return false;
  // Contractions (don't, you'll, it's) are pronouns and auxiliaries; a possessive keeps its noun.
  if (/^en/i.test(language) && /['’]/.test(key) && !/^[^'’]{3,}['’]s$/.test(key)) return false;
  if (HAN_OR_KANA.test(key)) return [...key].length >= 2;
  return key.length >= 2;
}

/**
 * Pairs of adjacent words the speaker (nearly) always says together, such as 人工|智能 or 机器|学习, which the
 * ICU dictionary splits: merged, they name the topic as a listener hears it.
 */
function compounds(lines: RawWord[][], language: string): Set<string> {
  const count = new Map<string, number>();
  const pairs = new Map<string, number>();
  const glued = (a: RawWord, b: RawWord) => a.end === b.start && HAN_OR_KANA.test(a.key) && HAN_OR_KANA.test(b.key);
  for (const words of lines) {
    words.forEach((w, i) => {
      count.set(w.key, (count.get(w.key) ?? 0) + 1);
      const next = words[i + 1];
      if (next && glued(w, next)) pairs.set(`${w.key}\u0000${next.key}`, (pairs.get(`${w.key}\u0000${next.key}`) ?? 0) + 1);
    });
  }
  const out = new Set<string>();
  for (const [pair, n] of pairs) {
    const [a, b] = pair.split('\u0000') as [string, string];
    if (n < 2 || [...a].length < 2 || [...b].length < 2 || isStopWord(a, language) || isStopWord(b, language)) continue;
    const ra = n / count.get(a)!;
    const rb = n / count.get(b)!;
    if (Math.min(ra, rb) >= 0.5 && Math.max(ra, rb) >= 0.8) out.add(pair);
  }
  return out;
}

/** The content words of each line, compounds merged in languages written without spaces. */
export function tokenizeLines(texts: string[], language: string): Token[][] {
  const lines = texts.map((t) => rawWords(t, language));
  const merge = UNSPACED.test(language) ? compounds(lines, language) : new Set<string>();
  return lines.map((words) => {
    const out: Token[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const next = words[i + 1];
      if (next && merge.has(`${w.key}\u0000${next.key}`)) {
        out.push({ key: w.key + next.key, surface: w.surface + next.surface });
        i++;
      } else if (isContent(w.key, language)) {
        out.push({ key: fold(w.key, language), surface: w.surface });
      }
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sparse vectors

/** Term ids in increasing order with their weights; unit length unless empty. */
export interface SparseVector {
  ids: Int32Array;
  weights: Float64Array;
}

export function dot(a: SparseVector, b: SparseVector): number {
  let sum = 0;
  for (let i = 0, j = 0; i < a.ids.length && j < b.ids.length; ) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) sum += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/** Weighted counts as a unit vector. */
export function normalised(counts: Map<number, number>): SparseVector {
  const ids = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const weights = Float64Array.from(ids, (id) => counts.get(id)!);
  let norm = 0;
  for (const w of weights) norm += w * w;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < weights.length; i++) weights[i]! /= norm;
  return { ids, weights };
}

/** Vocabulary, document frequencies and IDF of a transcript whose lines are the documents. */
export class Corpus {
  readonly ids = new Map<string, number>();
  /** Per line, the term id of each of its tokens. */
  readonly lines: number[][];
  readonly idf: Float64Array;
  /** Total occurrences of each term. */
  readonly totals: Float64Array;
  /** The most frequent spoken form of each term. */
  readonly surface: string[] = [];
  readonly vectors: SparseVector[];

  constructor(tokens: Token[][]) {
    const forms: Map<string, number>[] = [];
    this.lines = tokens.map((line) =>
      line.map((t) => {
        let id = this.ids.get(t.key);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(t.key, id);
          forms.push(new Map());
        }
        forms[id]!.set(t.surface, (forms[id]!.get(t.surface) ?? 0) + 1);
        return id;
      }),
    );
    const df = new Float64Array(this.ids.size);
    this.totals = new Float64Array(this.ids.size);
    for (const line of this.lines) {
      for (const id of new Set(line)) df[id]!++;
      for (const id of line) this.totals[id]!++;
    }
    const n = Math.max(1, this.lines.length);
    // Smoothed so a word on every line still weighs a little rather than nothing.
    this.idf = Float64Array.from(df, (d) => Math.log((n + 1) / (d + 0.5)));
    for (const f of forms) this.surface.push([...f].sort((a, b) => b[1] - a[1])[0]![0]);
    this.vectors = this.lines.map((line) => this.vectorOf([line]));
  }

  /** TF-IDF of the words of some lines taken together. */
  vectorOf(lines: Iterable<number[]>): SparseVector {
    const counts = new Map<number, number>();
    for (const line of lines) for (const id of line) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, tf] of counts) counts.set(id, (1 + Math.log(tf)) * this.idf[id]!);
    return normalised(counts);
  }

  /** The mean direction of some vectors (a group's centroid). */
  centroid(indices: number[]): SparseVector {
    const counts = new Map<number, number>();
    for (const i of indices) {
      const v = this.vectors[i]!;
      for (let k = 0; k < v.ids.length; k++) counts.set(v.ids[k]!, (counts.get(v.ids[k]!) ?? 0) + v.weights[k]!);
    }
    return normalised(counts);
  }
}

// ---------------------------------------------------------------------------------------------------------
// TextRank

/**
 * Each line's `k` most similar lines, found through an inverted index so only lines sharing a word are ever
 * compared; words on more than a third of the lines are skipped, their IDF is too low to link topics.
 */
export function similarityGraph(vectors: SparseVector[], k = 15): Map<number, number>[] {
  const n = vectors.length;
  const postings = new Map<number, { lines: number[]; weights: number[] }>();
  vectors.forEach((v, i) => {
    v.ids.forEach((id, t) => {
      let list = postings.get(id);
      if (!list) {
        list = { lines: [], weights: [] };
        postings.set(id, list);
      }
      list.lines.push(i);
      list.weights.push(v.weights[t]!);
    });
  });
  const common = Math.max(8, n / 3);
  const acc = new Float64Array(n);
  const touched: number[] = [];
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  vectors.forEach((v, i) => {
    v.ids.forEach((id, t) => {
      const list = postings.get(id)!;
      if (list.lines.length > common) return;
      list.lines.forEach((j, p) => {
        if (j === i) return;
        if (acc[j] === 0) touched.push(j);
        acc[j]! += v.weights[t]! * list.weights[p]!;
      });
    });
    const best = touched.sort((a, b) => acc[b]! - acc[a]!).slice(0, k);
    for (const j of best) {
      edges[i]!.set(j, acc[j]!);
      edges[j]!.set(i, acc[j]!);
    }
    for (const j of touched) acc[j] = 0;
    touched.length = 0;
  });
  return edges;
}

/** Weighted PageRank over an undirected graph; isolated lines keep the teleport share. */
export function pageRank(edges: Map<number, number>[], damping = 0.85, iterations = 40): Float64Array {
  const n = edges.length;
  let rank = new Float64Array(n).fill(1 / Math.max(1, n));
  const strength = edges.map((e) => [...e.values()].reduce((a, b) => a + b, 0));
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(n).fill((1 - damping) / n);
    edges.forEach((e, j) => {
      if (!strength[j]) return;
      const share = (damping * rank[j]!) / strength[j]!;
      for (const [i, w] of e) next[i]! += share * w;
    });
    rank = next;
  }
  return rank;
}

// ---------------------------------------------------------------------------------------------------------
// Display

/** A line as shown: spaces tidied, first letter upper-cased where the script has case, cut near `max`. */
export function display(text: string, language: string, max = 200): string {
  let t = text.replace(/\s+/g, ' ').trim();
  t = t.charAt(0).toLocaleUpperCase(language) + t.slice(1);
  if (t.length <= max) return t;
  // Cut at the last word boundary that fits, so no word is broken in half.
  let cut = 0;
  for (const s of segmenter(language).segment(t)) {
    if (s.index + s.segment.length > max - 1) break;
    cut = s.index + s.segment.length;
  }
  return `${t.slice(0, cut || max - 1).replace(/[\s\p{P}]+$/u, '')}…`;
}

/** Sentences joined the way the language writes them. */
export function joinSentences(texts: string[], language: string): string {
  return usesSpaces(language) ? texts.join(' ') : texts.join('');
}
