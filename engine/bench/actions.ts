/**
 * Action items, owners, due dates, decisions and open questions found by the offline extractor
 * (engine/backends/summary/meeting-lists.ts) against a labelled set of short meetings in English and Chinese
 * written for this bench (./data/actions/*.json): the people, the record's date, what each line says, and
 * the true items (by line), their owners and due dates (YYYY-MM-DD, the reading of "by Friday" and "下周三"
 * fixed in ./due-dates.ts's header), decisions and open questions.
 *
 * Prints precision and recall of action items (an item found on the line of a true one is a hit), owner and
 * due-date accuracy over the hits, and precision and recall of decisions and open questions.
 * Goals: action items precision and recall ≥ 0.8, owners ≥ 0.9, due dates ≥ 0.9.
 * The *-unseen.json sets were written after the extractor and not used to change it: their rows are the
 * figures on meetings the rules were not made with.
 * Run: npm run bench:actions   (-- --quick: the first three meetings of each language)
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { SummarizeLine } from '../../contracts/summary';
import { extractMeetingLists } from '../backends/summary/meeting-lists';
import { QUICK, requireFigures } from './figures';

const BENCH = 'bench:actions';
const DIR = new URL('./data/actions/', import.meta.url);

interface Meeting {
  title: string;
  date: string;
  lines: [speaker: string, text: string][];
  actionItems: { line: number; owner: string; due: string | null }[];
  decisions: number[];
  questions: number[];
}

const sets = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => {
    const meetings = JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Meeting[];
    return { set: file.replace(/\.json$/, ''), meetings: QUICK ? meetings.slice(0, 3) : meetings };
  });

/** 5 s a line: the extractor cites lines by their start, which gives the line back. */
const LINE_MS = 5_000;
const LANGUAGES: Record<string, string> = { en: 'en-US', zh: 'zh-CN' };

interface Tally {
  truth: number;
  found: number;
  hits: number;
  ownerRight: number;
  dueRight: number;
  decisions: [truth: number, found: number, hits: number];
  questions: [truth: number, found: number, hits: number];
}
const empty = (): Tally => ({ truth: 0, found: 0, hits: 0, ownerRight: 0, dueRight: 0, decisions: [0, 0, 0], questions: [0, 0, 0] });

function add(into: Tally, t: Tally) {
  into.truth += t.truth;
  into.found += t.found;
  into.hits += t.hits;
  into.ownerRight += t.ownerRight;
  into.dueRight += t.dueRight;
  for (const k of ['decisions', 'questions'] as const) for (let j = 0; j < 3; j++) into[k][j]! += t[k][j]!;
}

function score(meeting: Meeting, language: string, misses: string[]): Tally {
  const lines: SummarizeLine[] = meeting.lines.map(([speaker, text], i) => ({ start: i * LINE_MS, end: i * LINE_MS + LINE_MS - 500, text, speaker, id: i }));
  const out = extractMeetingLists(lines, language, meeting.date);
  const t = empty();
  t.truth = meeting.actionItems.length;
  t.found = out.actionItems.length;
  for (const item of out.actionItems) {
    const line = item.start / LINE_MS;
    const truth = meeting.actionItems.find((x) => x.line === line);
    if (!truth) {
      misses.push(`  ${meeting.title} [${line}] extra item: ${item.text}`);
      continue;
    }
    t.hits++;
    if (item.owner === truth.owner) t.ownerRight++;
    else misses.push(`  ${meeting.title} [${line}] owner ${JSON.stringify(item.owner)}, truly ${truth.owner}`);
    if (item.due === truth.due) t.dueRight++;
    else misses.push(`  ${meeting.title} [${line}] due ${item.due}, truly ${truth.due}`);
  }
  for (const truth of meeting.actionItems) {
    if (!out.actionItems.some((x) => x.start / LINE_MS === truth.line))
      misses.push(`  ${meeting.title} [${truth.line}] missed: ${meeting.lines[truth.line]![1]}`);
  }
  const pr = (truth: number[], found: number[]): [number, number, number] => [truth.length, found.length, found.filter((f) => truth.includes(f)).length];
  t.decisions = pr(
    meeting.decisions,
    out.decisions.map((d) => d.start / LINE_MS),
  );
  t.questions = pr(
    meeting.questions,
    out.questions.map((q) => q.start / LINE_MS),
  );
  return t;
}

const ratio = (a: number, b: number) => (b ? a / b : Number.NaN);
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

const row = (name: string, t: Tally, n: number) =>
  `${name.padEnd(9)} ${String(n).padStart(8)}  ${String(t.truth).padStart(5)}  ${fmt(ratio(t.hits, t.found)).padStart(9)}  ${fmt(ratio(t.hits, t.truth)).padStart(6)}  ${fmt(ratio(t.ownerRight, t.hits)).padStart(5)}  ${fmt(ratio(t.dueRight, t.hits)).padStart(4)}  ${fmt(ratio(t.decisions[2], t.decisions[1]))}/${fmt(ratio(t.decisions[2], t.decisions[0]))}      ${fmt(ratio(t.questions[2], t.questions[1]))}/${fmt(ratio(t.questions[2], t.questions[0]))}`;
/** A line as PocketSphinx writes it: lower case, no punctuation. */
const asRecognised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const all = empty();
let meetings = 0;
const misses: string[] = [];
console.log(`${BENCH}: offline extractor${QUICK ? ' (quick)' : ''}\n`);
console.log('set       meetings  items  precision  recall  owner  due   decisions P/R  questions P/R');
for (const { set, meetings: list } of sets) {
  const tally = empty();
  // en.json, en-unseen.json: the language is the name's first part.
  const language = set.split('-')[0]!;
  for (const meeting of list) add(tally, score(meeting, LANGUAGES[language] ?? language, misses));
  meetings += list.length;
  add(all, tally);
  console.log(row(set, tally, list.length));
  if (set === sets.at(-1)!.set) console.log(row('all', all, meetings));
}
// The English meetings as a recogniser that writes neither capitals nor punctuation gives them (PocketSphinx):
// how much the rules still find without the commas and capitals that mark a name. Not part of the goals.
const bare = empty();
const bareMeetings = sets
  .filter(({ set }) => set.startsWith('en'))
  .flatMap(({ meetings: list }) => list)
  .map((m) => ({ ...m, lines: m.lines.map(([speaker, text]) => [speaker, asRecognised(text)] as [string, string]) }));
for (const meeting of bareMeetings) add(bare, score(meeting, 'en-US', []));
console.log(row('en-bare', bare, bareMeetings.length));
const figures = {
  precision: ratio(all.hits, all.found),
  recall: ratio(all.hits, all.truth),
  owners: ratio(all.ownerRight, all.hits),
  dues: ratio(all.dueRight, all.hits),
};
console.log(
  `\ngoals: precision ≥ 0.8 (${fmt(figures.precision)}), recall ≥ 0.8 (${fmt(figures.recall)}), owners ≥ 0.9 (${fmt(figures.owners)}), due dates ≥ 0.9 (${fmt(figures.dues)})`,
);
if (misses.length) console.log(`\nwhere it went wrong:\n${misses.join('\n')}`);
requireFigures(BENCH, { meetings, ...figures });
