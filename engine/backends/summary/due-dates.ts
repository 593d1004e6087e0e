/**
 * Due dates said in speech, resolved against the day the speech was recorded: "by Friday", "next Wednesday",
 * "the end of the month", "明天", "下周三前", "月底". A small rule set rather than a date library, because
 * the phrases people use for deadlines in meetings are few and the Chinese ones (下周三, 月底, 五月八号) are
 * what general parsers handle worst.
 *
 * The reading of the ambiguous phrases is fixed here once: a bare weekday is its next one after the day
 * ("by Friday" said on a Friday is a week later); "this X" / "这周X" is that day of the same Monday-to-Sunday
 * week, "next X" / "下周X" that day of the week after; "this week" / "这周内" ends on its Friday and
 * "next week" / "下周" on the next Friday; "end of the month" / "月底" is its last day.
 */

const DAY = 86_400_000;
type Resolve = (m: RegExpExecArray, today: Date) => Date | null;

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
/** Monday 0 … Sunday 6. */
const weekday = (d: Date) => (d.getUTCDay() + 6) % 7;
const weekStart = (d: Date) => addDays(d, -weekday(d));
const thisWeek = (d: Date, w: number) => addDays(weekStart(d), w);
const nextWeek = (d: Date, w: number) => addDays(weekStart(d), 7 + w);
const upcoming = (d: Date, w: number) => addDays(d, (w - weekday(d) + 7) % 7 || 7);
const monthEnd = (d: Date, plus = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus + 1, 0));
const FRIDAY = 4;

/** The month and day on or after `today`, in this year or the next. */
function onOrAfter(today: Date, month: number, day: number): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const at = (year: number) => new Date(Date.UTC(year, month - 1, day));
  const same = at(today.getUTCFullYear());
  return same.getTime() >= today.getTime() ? same : at(today.getUTCFullYear() + 1);
}

// ---------------------------------------------------------------------------------------------------------
// English

const EN_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const EN_DAY = `(${EN_DAYS.join('|')})`;
const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EN_MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const EN_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const enDay = (name: string) => EN_DAYS.indexOf(name.toLowerCase());
const enMonth = (name: string) => EN_MONTHS.indexOf(name.toLowerCase().slice(0, 3)) + 1;

const EN_RULES: [RegExp, Resolve][] = [
  [/\bday after tomorrow\b/, (_, d) => addDays(d, 2)],
  [/\btomorrow\b/, (_, d) => addDays(d, 1)],
  [/\b(?:today|tonight|this (?:morning|afternoon|evening)|end of (?:the )?day|eod)\b/, (_, d) => d],
  [/\bend of next week\b|\bnext week\b/, (_, d) => nextWeek(d, FRIDAY)],
  [/\bend of (?:the |this )?week\b|\bthis week\b/, (_, d) => thisWeek(d, FRIDAY)],
  [/\bend of next month\b/, (_, d) => monthEnd(d, 1)],
  [/\bend of (?:the |this )?month\b|\bmonth[- ]end\b/, (_, d) => monthEnd(d)],
  [new RegExp(`\\bnext ${EN_DAY}\\b`), (m, d) => nextWeek(d, enDay(m[1]!))],
  [new RegExp(`\\bthis ${EN_DAY}\\b`), (m, d) => thisWeek(d, enDay(m[1]!))],
  [new RegExp(`\\b${EN_DAY}\\b(?!'s)`), (m, d) => upcoming(d, enDay(m[1]!))],
  [
    /\b(?:in|within) (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (day|week)s?\b/,
    (m, d) => addDays(d, (EN_NUMBERS[m[1]!] ?? Number(m[1])) * (m[2] === 'week' ? 7 : 1)),
  ],
  [new RegExp(`\\b${EN_MONTH} (\\d{1,2})(?:st|nd|rd|th)?\\b`), (m, d) => onOrAfter(d, enMonth(m[1]!), Number(m[2]))],
  [new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${EN_MONTH}\\b`), (m, d) => onOrAfter(d, enMonth(m[2]!), Number(m[1]))],
];

// ---------------------------------------------------------------------------------------------------------
// Chinese

const ZH_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** 三, 十, 十五, 二十, 三十一, or Arabic digits. */
function zhNumber(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const ten = s.indexOf('十');
  if (ten < 0) return ZH_DIGITS[s] ?? Number.NaN;
  const tens = ten === 0 ? 1 : (ZH_DIGITS[s.slice(0, ten)] ?? Number.NaN);
  const ones = ten === s.length - 1 ? 0 : (ZH_DIGITS[s.slice(ten + 1)] ?? Number.NaN);
  return tens * 10 + ones;
}
const ZH_NUM = '(\\d{1,2}|[零〇一二两三四五六七八九十]{1,3})';
const ZH_WEEK = '(?:周|星期|礼拜|禮拜)';
const ZH_DAY = '([一二三四五六日天])';
const zhDay = (c: string) => (c === '日' || c === '天' ? 6 : zhNumber(c) - 1);

const ZH_RULES: [RegExp, Resolve][] = [
  [/大后天|大後天/, (_, d) => addDays(d, 3)],
  [/后天|後天/, (_, d) => addDays(d, 2)],
  [/明天|明早|明晚|明日|明儿/, (_, d) => addDays(d, 1)],
  [/今天|今晚|今日|今儿|当天|當天/, (_, d) => d],
  [new RegExp(`下下(?:个|個)?${ZH_WEEK}${ZH_DAY}`), (m, d) => addDays(nextWeek(d, zhDay(m[1]!)), 7)],
  [new RegExp(`下(?:个|個)?${ZH_WEEK}${ZH_DAY}`), (m, d) => nextWeek(d, zhDay(m[1]!))],
  [new RegExp(`(?:这|這|本)(?:个|個)?${ZH_WEEK}${ZH_DAY}`), (m, d) => thisWeek(d, zhDay(m[1]!))],
  [new RegExp(`${ZH_WEEK}${ZH_DAY}`), (m, d) => upcoming(d, zhDay(m[1]!))],
  [new RegExp(`下(?:个|個)?${ZH_WEEK}`), (_, d) => nextWeek(d, FRIDAY)],
  [new RegExp(`(?:这|這|本)(?:个|個)?${ZH_WEEK}`), (_, d) => thisWeek(d, FRIDAY)],
  [/下(?:个|個)?月(?:底|末)/, (_, d) => monthEnd(d, 1)],
  [/月(?:底|末)/, (_, d) => monthEnd(d)],
  [new RegExp(`${ZH_NUM}月${ZH_NUM}(?:日|号|號)`), (m, d) => onOrAfter(d, zhNumber(m[1]!), zhNumber(m[2]!))],
  [new RegExp(`${ZH_NUM}(?:天|日)(?:内|內|之内|之內|后|後|以后|以後)`), (m, d) => addDays(d, zhNumber(m[1]!))],
  [new RegExp(`${ZH_NUM}(?:周|个星期|個星期|星期)(?:内|內|之内|之內|后|後|以后|以後)`), (m, d) => addDays(d, 7 * zhNumber(m[1]!))],
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The first date phrase in `text` as YYYY-MM-DD, counted from `today` (YYYY-MM-DD); null when the text says
 * none. Where two phrases start at the same place the longer wins ("next Monday" over "Monday").
 */
export function dueDate(text: string, language: string, today: string): string | null {
  const base = new Date(`${today}T00:00:00Z`);
  if (Number.isNaN(base.getTime())) return null;
  const zh = /^(zh|yue)/i.test(language) || /[\p{Script=Han}]/u.test(text);
  const rules = zh ? [...ZH_RULES, ...EN_RULES] : EN_RULES;
  const subject = zh ? text : text.toLowerCase();
  let best: { index: number; length: number; date: Date } | null = null;
  for (const [pattern, resolve] of rules) {
    const m = pattern.exec(subject);
    if (!m) continue;
    const date = resolve(m, base);
    if (!date || Number.isNaN(date.getTime())) continue;
    if (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length)) best = { index: m.index, length: m[0].length, date };
  }
  return best ? iso(best.date) : null;
}
