/**
 * The offline extractor of a meeting's action items, decisions and open questions, in English and Chinese:
 * phrase rules over each line and its neighbours, no model. An action item is a commitment ("I'll…",
 * "我来负责") owned by its speaker, or a request to a named person ("Bob, can you…", "由李明跟进",
 * "王芳，你…") or to the one who answers ("Can you…?" → the next speaker); its due date is the date phrase it
 * carries (./due-dates.ts). A reply that only accepts the request just before it ("Sure, I'll do that") adds
 * nothing but a date, so one task is one item.
 */
import type { ActionItem, Decision, MediaSummary, OpenQuestion, SummarizeLine } from '../../../contracts/summary';
import { dueDate } from './due-dates';
import { display, isStopWord } from './text';

type Lists = Pick<MediaSummary, 'actionItems' | 'decisions' | 'questions'>;

interface Line extends SummarizeLine {
  sentences: string[];
}

/** Sentences of a line, their end marks kept. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|(?<=[。！？；;])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const isQuestion = (s: string) => /[?？]\s*$/.test(s);

// ---------------------------------------------------------------------------------------------------------
// Phrases

/** First-person commitments: the speaker owns the task. */
const EN_COMMIT =
  /\b(?:I'll|I will|I'm going to|I am going to|I'm gonna|I can (?:take|do|pick up|handle|look into|send|write|check)|I need to (?:check|ask|send|write|finish|update|talk)|let me (?:check|ask|send|write|find|look into|follow up|handle|take))\b/i;
/** Said with "I'll" yet no task: a manner of speaking. */
const EN_NOT_TASK = /\bI'll (?:be honest|admit|say|tell you what|leave it there|pass)\b|\bI will say\b/i;
const ZH_COMMIT =
  /(?<!们|們)我(?:来|來|去|会|會|负责|負責|跟进|跟進|把|先|马上|馬上|尽快|盡快|明天|今天|后天|後天|下周|下週|这周|這週|本周|回头|回頭|问|問|查|确认|確認|联系|聯繫|整理|准备|準備|安排|写|寫|做|发|發|改|约|約|订|訂)|交给我|交給我|包在我身上|我这边|我這邊/;
/** A request to whoever is addressed. */
const EN_REQUEST = /\b(?:can|could|would|will) you\b|\bplease\b|\bI need you to\b|\bmake sure you\b/i;
const ZH_REQUEST =
  /你(?:来|來|去|负责|負責|跟进|跟進|把|帮|幫|再|明天|今天|后天|後天|下周|下週|这周|這週|本周|尽快|盡快|先|做|写|寫|发|發|整理|准备|準備|安排|联系|聯繫|约|約|处理|處理|看一下|确认|確認)|麻烦你|麻煩你|请你|請你/;
/** A team task with a date ("we need to ship it by Friday"): no one owner. */
const EN_TEAM = /\b(?:we need to|we have to|we must|we've got to)\b/i;
/** A short reply that takes on what was just asked ("I'll take that one", "I can do it"). */
const EN_VAGUE = /\b(?:that|it|this)(?: one)?\b|\bsomething\b/i;

const EN_DECISION =
  /\b(?:we(?:'ve| have)? decided|decided to|decision is|we(?:'ve| have)? agreed|that's settled|it's settled|(?:let's|we'll|we will|we're going to) (?:go with|use|take|pick|choose|stick with|keep|drop|cancel|switch to|move to|book|hire|adopt)|from now on|final answer)\b/i;
/** Verbs of a task put to someone without "你": 把…发, 负责, 跟进, 准备…; not when the speaker takes it on. */
const ZH_IMPERATIVE = /(?![^，,。]*我(?:来|來|去|会|會|负责|負責|先))[^。？?]*(?:把|负责|負責|跟进|跟進|准备|準備|整理|安排|联系|聯繫|确认|確認|提交|完成)/;
const ZH_DECISION =
  /决定|決定|(?<!还没|還沒|没有|沒有|不)定了(?![吗嗎])|就这么定|就這麼定|就这样定|就這樣定|确定用|確定用|确定了|確定了|最终确定|最終確定|拍板|就(?:用|定|办|辦|选|選|按)/;
const ZH_UNDECIDED = /还没(?:人|有)?(?:决定|決定|定)|還沒(?:人|有)?(?:决定|決定|定)|没决定|沒決定/;

/** A question left open: said so outright, or the answer to it defers. */
const EN_OPEN =
  /\b(?:haven't (?:figured out|decided)|still (?:don't|do not) know|not (?:sure|decided) yet|open question|to be decided|tbd|undecided|still need to (?:decide|figure out))\b/i;
const EN_DEFER =
  /\b(?:not yet|not sure|don't know|do not know|no idea|unclear|need to check|check with|I'll ask|will tell us|let's decide|good point|keep (?:that|it) open|we'll see)\b/i;
const ZH_OPEN =
  /还没(?:人|有)?(?:决定|決定|定|想好|结论|結論)|還沒(?:人|有)?(?:决定|決定|定|想好|結論)|还不(?:清楚|确定|知道)|還不(?:清楚|確定|知道)|不确定|不確定|待定|再讨论|再討論|再议|再議|悬而未决|懸而未決/;
const ZH_DEFER = /不确定|不確定|不知道|不清楚|还没定|還沒定|没想好|沒想好|再说|再說|再议|再議|问一下|問一下|再讨论|再討論|得先/;

/** Words that open a sentence yet are not the name of the one addressed ("Okay, …"). */
const EN_NOT_NAMES = new Set([
  'okay',
  'ok',
  'yes',
  'no',
  'good',
  'great',
  'sure',
  'thanks',
  'right',
  'well',
  'so',
  'and',
  'also',
  'then',
  'now',
  'alright',
  'agreed',
  'fine',
  'perfect',
  'nice',
  'hi',
  'hey',
  'sorry',
  'guys',
  'everyone',
  'everybody',
  'folks',
  'team',
  'maybe',
  'actually',
  'um',
  'uh',
]);
const ZH_NOT_NAMES = /^(?:好的?|可以|同意|对|對|行|嗯|那|那么|那麼|这个|這個|另外|然后|然後|所以|但是|还有|還有|没问题|沒問題|谢谢|謝謝|是的|收到)$/;

// ---------------------------------------------------------------------------------------------------------

interface Found {
  owner: string;
  /** Index of the line whose speaker owns it, when the owner is a speaker. */
  ownerLine: number | null;
  sentence: string;
  vague: boolean;
}

export function extractMeetingLists(input: SummarizeLine[], language: string, date?: string): Lists {
  const lines: Line[] = input.map((l) => ({ ...l, sentences: sentences(l.text) }));
  const speakers = [...new Set(lines.map((l) => l.speaker.trim()).filter(Boolean))];
  /** Lines each speaker spoke: a named owner who is a speaker is followed through renames by the first. */
  const firstLineOf = (name: string) => {
    const i = lines.findIndex((l) => l.speaker.trim().toLowerCase() === name.toLowerCase());
    return i < 0 ? null : i;
  };
  /** Who a request without a name is put to: the next other speaker, else the one before. */
  const addressee = (i: number): number | null => {
    const me = lines[i]!.speaker.trim();
    for (const j of [i + 1, i - 1]) {
      const other = lines[j]?.speaker.trim();
      if (other && other !== me) return j;
    }
    return null;
  };
  const named = (name: string): Pick<Found, 'owner' | 'ownerLine'> => {
    const known = speakers.find((s) => s.toLowerCase() === name.toLowerCase() || s.split(/\s+/)[0]!.toLowerCase() === name.toLowerCase());
    const owner = known ?? name;
    return { owner, ownerLine: firstLineOf(owner) };
  };

  const actionItems: ActionItem[] = [];
  const decisions: Decision[] = [];
  const questions: OpenQuestion[] = [];
  const cite = (i: number) => ({ lineId: lines[i]!.id ?? null, start: lines[i]!.start });
  const text = (s: string) => display(s, language, 240);
  const due = (sentence: string, line: Line) => (date ? (dueDate(sentence, language, date) ?? dueDate(line.text, language, date)) : null);

  lines.forEach((line, i) => {
    const found = findTask(line, i);
    if (found) {
      const previous = actionItems.at(-1);
      const when = due(found.sentence, line);
      const answersPrevious =
        previous !== undefined && previous.start === lines[i - 1]?.start && found.ownerLine === i && previous.owner === line.speaker.trim();
      if (answersPrevious && (found.vague || !when || when === previous.due)) {
        // "Sure, I'll have it by then" after "Quinn, can you…": the same task, perhaps with its date.
        previous.due ??= when;
      } else {
        const ownerLine = found.ownerLine;
        actionItems.push({
          id: actionItems.length,
          // "I'll take that one" names its task in the line before.
          text: text(found.vague && i > 0 ? lines[i - 1]!.text : found.sentence),
          owner: found.owner,
          ownerLineId: ownerLine === null ? null : (lines[ownerLine]!.id ?? null),
          due: when,
          ...cite(i),
          done: false,
        });
      }
    }
    const decision = line.sentences.find((s) => !isQuestion(s) && (EN_DECISION.test(s) || (ZH_DECISION.test(s) && !ZH_UNDECIDED.test(s))));
    if (decision) decisions.push({ text: text(line.text), ...cite(i) });
    const next = lines[i + 1];
    const deferred = next && next.speaker.trim() !== line.speaker.trim() && (EN_DEFER.test(next.sentences[0] ?? '') || ZH_DEFER.test(next.sentences[0] ?? ''));
    const open = line.sentences.find((s) => EN_OPEN.test(s) || ZH_OPEN.test(s)) ?? (deferred ? [...line.sentences].reverse().find(isQuestion) : undefined);
    if (open) questions.push({ text: text(open), ...cite(i) });
  });
  return { actionItems, decisions, questions };

  function findTask(line: Line, i: number): Found | null {
    const own = (sentence: string, vague: boolean): Found => ({ owner: line.speaker.trim(), ownerLine: line.speaker.trim() ? i : null, sentence, vague });
    let commitment: Found | null = null;
    for (const s of line.sentences) {
      // A request to a named person: "Bob, can you…", "…, Bob?", "由李明跟进", "王芳，你…", "李明负责…".
      const name = addressedName(s, speakers);
      if (name) return { ...named(name), sentence: s, vague: false };
      if (!isQuestion(s) || EN_REQUEST.test(s) || ZH_REQUEST.test(s)) {
        if ((EN_REQUEST.test(s) && !/\b(?:I|we)\b/.test(s.split(/\byou\b/i)[0] ?? '')) || ZH_REQUEST.test(s)) {
          const to = addressee(i);
          if (to !== null) return { owner: lines[to]!.speaker.trim(), ownerLine: to, sentence: s, vague: false };
        }
      }
      if (!commitment && !isQuestion(s) && ((EN_COMMIT.test(s) && !EN_NOT_TASK.test(s)) || ZH_COMMIT.test(s))) {
        const words = s.split(/\s+/).length;
        commitment = own(s, EN_COMMIT.test(s) && words <= 7 && EN_VAGUE.test(s));
      }
      if (!commitment && EN_TEAM.test(s) && date && dueDate(s, language, date)) commitment = { owner: '', ownerLine: null, sentence: s, vague: false };
    }
    return commitment;
  }
}

/** The person a request names, if any. */
function addressedName(s: string, speakers: string[]): string | null {
  const isSpeaker = (n: string) => speakers.some((sp) => sp === n || sp.split(/\s+/)[0] === n);
  // English: a capitalised vocative at the start of a request, or at its end.
  const lead = /^(?:(?:okay|ok|so|good|great|and|also|then|right|alright|well|now)[,.]?\s+)*([A-Z][a-z]+),\s/i.exec(s);
  if (lead && /[A-Z]/.test(lead[1]![0]!) && !EN_NOT_NAMES.has(lead[1]!.toLowerCase()) && !isStopWord(lead[1]!.toLowerCase(), 'en') && EN_REQUEST.test(s))
    return lead[1]!;
  // A recogniser that writes no capitals or commas (PocketSphinx: "bob can you send…"): a name right before the
  // request, read only in such text so a capitalised transcript keeps the stricter rule above.
  const bare = /^(?:(?:okay|ok|so|and|also|then|right|alright|well|now)\s+)*([a-z]{2,})\s+(?:(?:can|could|would|will) you|please)\b/.exec(s);
  if (bare && !/[A-Z,]/.test(s) && !EN_NOT_NAMES.has(bare[1]!) && !isStopWord(bare[1]!, 'en')) return bare[1]![0]!.toUpperCase() + bare[1]!.slice(1);
  const tail = /,\s*([A-Z][a-z]+)\s*[?.!]$/.exec(s);
  if (tail && EN_REQUEST.test(s) && !EN_NOT_NAMES.has(tail[1]!.toLowerCase())) return tail[1]!;
  const will = /\b([A-Z][a-z]+) (?:will|is going to|to) (?:take|handle|follow up|send|write|own|lead|check|prepare|draft|update|fix)\b/.exec(s);
  if (will && isSpeaker(will[1]!)) return will[1]!;
  // Chinese: 由X负责, X负责, X，你…, X你…, 请X / 麻烦X.
  const han = '([\\p{Script=Han}]{2,3}?)';
  const by = new RegExp(`由${han}(?:来|來)?(?:负责|負責|跟进|跟進|处理|處理|牵头|牽頭|对接|對接|写|寫|做|安排|完成)`, 'u').exec(s);
  if (by) return by[1]!;
  // "王芳，你…", or a bare imperative after the name ("李明，下周三前把报告发给我"): not "王芳，我来…", the speaker's own.
  const vocative = new RegExp(`^${han}[，,](?=.*你|${ZH_IMPERATIVE.source})`, 'u').exec(s);
  if (vocative && !ZH_NOT_NAMES.test(vocative[1]!)) return vocative[1]!;
  for (const sp of speakers) {
    if (!/\p{Script=Han}/u.test(sp)) continue;
    if (new RegExp(`(?:^|[，,、])${sp}(?:你|来|來)?(?:负责|負責|跟进|跟進|处理|處理)|${sp}你|(?:请|請|麻烦|麻煩|让|讓)${sp}`, 'u').test(s)) return sp;
  }
  return null;
}
