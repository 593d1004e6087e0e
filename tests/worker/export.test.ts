import { env } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_LINES } from '../../contracts/record-vocabulary';
import { subtitleCues } from '../../contracts/subtitle-cues';
import { SPEAKER_PALETTE } from '../../contracts/speaker-labels';
import type { TimedText } from '../../contracts/subtitle-cues';
import { signUp } from './api';
import { addLines, createRecord, defaultFolderId, download, seedRecords } from './seed';
import type { LineInput } from './seed';

const LINES: LineInput[] = [
  {
    start: 0,
    end: 4_250,
    speaker: '主持人',
    text: '欢迎大家参加季度规划会议，我们将一起回顾路线图和今年的主要目标与关键结果。',
    translations: { 'en-US': 'Welcome everyone to the quarterly planning meeting, where we will review the roadmap and this year’s key results.' },
  },
  {
    start: 4_300,
    end: 9_005,
    speaker: 'Ann',
    text: 'The identifier is supercalifragilisticexpialidocious-antidisestablishmentarianism ok',
    translations: { 'en-US': 'The identifier is a very long word' },
  },
  { start: 9_100, end: 12_000, speaker: 'Bo', text: '用 <b> & "引号" 测试' },
  { start: 3_725_004, end: 3_727_999, speaker: '', text: '最后一句。', translations: { 'en-US': 'Last sentence.' } },
];

/** Characters as the timed-text guides count them, and whether a line is Chinese (16 a line) rather than Latin (42). */
const chars = (text: string) => [...text].length;
const chinese = (text: string) => /[\u4E00-\u9FFF]/.test(text);
const fitsLine = (text: string) => chars(text) <= (chinese(text) ? 16 : 42);
const time = (h: string, m: string, s: string, ms: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);

interface Cue {
  number?: number;
  start: number;
  end: number;
  lines: string[];
}

function parseSrt(text: string): Cue[] {
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const [number, timing, ...lines] = block.split('\n');
      const m = timing!.match(/^(\d{2}):(\d{2}):(\d{2}),(\d{3}) --> (\d{2}):(\d{2}):(\d{2}),(\d{3})$/)!;
      expect(m, timing).not.toBeNull();
      return { number: Number(number), start: time(m[1]!, m[2]!, m[3]!, m[4]!), end: time(m[5]!, m[6]!, m[7]!, m[8]!), lines };
    });
}

function parseVtt(text: string): Cue[] {
  expect(text.startsWith('WEBVTT\n\n')).toBe(true);
  return text
    .slice('WEBVTT\n\n'.length)
    .trimEnd()
    .split('\n\n')
    .map((block) => {
      const [timing, ...lines] = block.split('\n');
      const m = timing!.match(/^(\d{2}):(\d{2}):(\d{2})\.(\d{3}) --> (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/)!;
      expect(m, timing).not.toBeNull();
      return { start: time(m[1]!, m[2]!, m[3]!, m[4]!), end: time(m[5]!, m[6]!, m[7]!, m[8]!), lines };
    });
}

/** The text runs of a Word document, paragraph by paragraph. */
function docxParagraphs(bytes: Uint8Array) {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml']!);
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((p) => {
    const body = p[1] ?? p[2]!;
    return {
      text: [...body.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
      xml: body,
    };
  });
}
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Cues keep every rule: in order, two frames (84 ms) apart, 5/6 s to 7 s, two lines a language at most. */
function expectTimedTextRules(cues: Cue[]) {
  cues.forEach((cue, i) => {
    expect(cue.end - cue.start, `cue ${i} duration`).toBeGreaterThanOrEqual(834);
    expect(cue.end - cue.start, `cue ${i} duration`).toBeLessThanOrEqual(7000);
    if (i > 0) expect(cue.start - cues[i - 1]!.end, `gap before cue ${i}`).toBeGreaterThanOrEqual(84);
    for (const line of cue.lines) expect(fitsLine(unescapeXml(line.replace(/^<v [^>]*>/, ''))), line).toBe(true);
  });
}

const timed = (start: number, end: number, text: string, extra: Partial<TimedText> = {}): TimedText => ({
  start,
  end,
  speaker: '',
  text,
  translation: null,
  ...extra,
});

describe('subtitle cues', () => {
  it('cut a long line into cues of two lines at most, at punctuation, timed by its characters', () => {
    const text =
      'The first thing I want to go through is the schedule, because the design review moved by two weeks. The supplier needs our final numbers before the end of the month.';
    const cues = subtitleCues([timed(10_000, 22_000, text)], { names: 'apart' });
    expect(cues.map((c) => c.lines)).toEqual([
      ['The first thing I want to go', 'through is the schedule,'],
      ['because the design review', 'moved by two weeks.'],
      ['The supplier needs our final', 'numbers before the end of the month.'],
    ]);
    expect(cues[0]!.start).toBe(10_000);
    expect(cues.at(-1)!.end).toBe(22_000);
    // The first cue's share of the line's time is its share of the characters, less the two frames before the next.
    const first = 'The first thing I want to go through is the schedule,';
    expect(Math.abs(cues[0]!.end - cues[0]!.start - (12_000 * first.length) / text.length + 84)).toBeLessThanOrEqual(2);
    expect(cues[1]!.start - cues[0]!.end).toBe(84);
  });

  it('hold 16 Chinese characters a line, never starting one with closing punctuation', () => {
    const [cue] = subtitleCues([timed(0, 4000, '一二三四五六七八九十一二三四五六。七八九十一二三四五六七八九十')], { names: 'apart' });
    for (const line of cue!.lines) {
      expect(chars(line)).toBeLessThanOrEqual(16);
      expect(line).not.toMatch(/^[，。]/);
    }
    const long = subtitleCues([timed(0, 9000, '欢迎大家参加季度规划会议，我们将一起回顾路线图和今年的主要目标与关键结果。')], { names: 'apart' });
    expect(long.map((c) => c.lines.join('|'))).toEqual(['欢迎大家参加季度规划会议，', '我们将一起回顾路线图和|今年的主要目标与关键结果。']);
  });

  it('make overlapping lines disjoint, two frames apart, and a short line last 5/6 s', () => {
    const cues = subtitleCues([timed(0, 2_200, 'First line.'), timed(2_000, 2_300, 'Yes.'), timed(2_300, 5_000, 'Third.')], { names: 'apart' });
    // The overlap is shared at its middle; the short line is held for 5/6 s, so the next starts after it.
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 2_016],
      [2_100, 2_934],
      [3_018, 5_000],
    ]);
  });

  it('hold a cue until it can be read, where the pause after it allows', () => {
    const cues = subtitleCues([timed(0, 1_000, 'This sentence needs two seconds to read.'), timed(5_000, 6_000, '好的，我们明天再讨论这个问题。')], {
      names: 'apart',
    });
    // 40 characters at 20 a second, 15 Chinese characters at 9 a second.
    expect(cues.map((c) => c.end - c.start)).toEqual([2_000, 1_667]);
    // No pause after it: the cue ends two frames before the next.
    const tight = subtitleCues([timed(0, 1_000, 'This sentence needs two seconds to read.'), timed(1_500, 3_000, 'Next.')], { names: 'apart' });
    expect(tight[0]!.end).toBe(1_416);
  });

  it('cut source and translation alike and name the speaker on the first cue of a turn', () => {
    const cues = subtitleCues(
      [
        timed(0, 8_000, 'Good morning everyone, and thank you for making the time to review the launch plan together.', {
          speaker: 'Ann',
          translation: 'Buenos días a todos, y gracias por sacar tiempo para revisar juntos el plan de lanzamiento.',
        }),
        timed(8_500, 9_500, 'See you.', { speaker: 'Ann', translation: 'Hasta luego.' }),
        timed(10_000, 11_000, 'Bye.', { speaker: 'Bo', translation: 'Adiós.' }),
      ],
      { names: 'inline' },
    );
    expect(cues.map((c) => [...c.lines, '/', ...c.translation])).toEqual([
      ['Ann: Good morning everyone,', 'and thank you for making', '/', 'Buenos días a todos,', 'y gracias por sacar tiempo'],
      ['the time to review', 'the launch plan together.', '/', 'para revisar juntos', 'el plan de lanzamiento.'],
      ['See you.', '/', 'Hasta luego.'],
      ['Bo: Bye.', '/', 'Adiós.'],
    ]);
    expect(cues.every((c) => c.lines.length <= 2 && c.translation.length <= 2)).toBe(true);
  });
});

describe('transcript export', () => {
  let owner: { token: string; userId: number };
  let recordId: number;
  const url = (query: string, id = recordId) => `/prod-api/speech/audio/transcribe/export?ids=${id}&${query}`;

  beforeAll(async () => {
    owner = await signUp();
    const record = await createRecord(owner.userId, await defaultFolderId(owner.token), {
      name: 'Quarterly 规划: Q3/Q4',
      translationLanguage: 'en-US',
      createdAt: Date.UTC(2026, 2, 14, 9, 30),
      durationMs: 3_728_000,
    });
    recordId = record.id;
    await addLines(recordId, LINES);
  });

  it('writes SRT to the timed-text rules: numbered cues, comma milliseconds, the name on the first cue of a turn', async () => {
    const res = await download(url('format=srt&content=source&speaker=1'), owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    const cues = parseSrt(await res.text());
    expect(cues.map((c) => c.number)).toEqual(cues.map((_, i) => i + 1));
    expectTimedTextRules(cues);
    expect(cues.map((c) => c.lines)).toEqual([
      ['主持人: 欢迎大家', '参加季度规划会议，'],
      ['我们将一起回顾路线图和', '今年的主要目标与关键结果。'],
      ['Ann: The identifier is', 'supercalifragilisticexpialidocious-antidis'],
      ['establishmentarianism ok'],
      ['Bo: 用 <b>', '& "引号" 测试'],
      ['最后一句。'],
    ]);
    // Each line's cues start with it and end with it, or two frames before the next line.
    expect(cues.map((c) => c.start)).toEqual([0, expect.any(Number), 4_300, expect.any(Number), 9_100, 3_725_004]);
    expect(cues.map((c) => c.end)).toEqual([expect.any(Number), 4_300 - 84, expect.any(Number), 9_005, 12_000, 3_727_999]);
  });

  it('writes bilingual SRT with the source lines, then the translation, cut alike into cues', async () => {
    const cues = parseSrt(await (await download(url('format=srt&content=bilingual&speaker=0'), owner.token)).text());
    expectTimedTextRules(cues);
    expect(cues.map((c) => c.lines)).toEqual([
      ['欢迎大家参加季度规划会议，', 'Welcome everyone to the', 'quarterly planning meeting,'],
      ['我们将一起回顾路线图和', '今年的主要目标与关键结果。', 'where we will review the roadmap', 'and this year’s key results.'],
      ['The identifier is', 'supercalifragilisticexpialidocious-antidis', 'The identifier is'],
      ['establishmentarianism ok', 'a very long word'],
      ['用 <b> & "引号" 测试'],
      ['最后一句。', 'Last sentence.'],
    ]);
  });

  it('writes WebVTT with dot milliseconds, voice spans and escaped text', async () => {
    const res = await download(url('format=vtt&content=source&speaker=1'), owner.token);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const cues = parseVtt(await res.text());
    expectTimedTextRules(cues);
    // The name takes no room on screen: the first cue holds more of the text than the SRT's.
    expect(cues.map((c) => c.lines)).toEqual([
      ['<v 主持人>欢迎大家参加季度规划会议，'],
      ['<v 主持人>我们将一起回顾路线图和', '今年的主要目标与关键结果。'],
      ['<v Ann>The identifier is', 'supercalifragilisticexpialidocious-antidis'],
      ['<v Ann>establishmentarianism ok'],
      ['<v Bo>用 &lt;b&gt; &amp; "引号" 测试'],
      ['最后一句。'],
    ]);
    const plain = parseVtt(await (await download(url('format=vtt&speaker=0'), owner.token)).text());
    expect(plain.every((c) => !c.lines.join('').includes('<v '))).toBe(true);
  });

  it('keeps cues of lines stored overlapping apart, sharing the overlap', async () => {
    const old = await createRecord(owner.userId, await defaultFolderId(owner.token));
    await addLines(old.id, [
      { start: 0, end: 2_200, speaker: 'Ann', text: 'First line.' },
      { start: 2_000, end: 4_000, speaker: 'Bo', text: 'Second line.' },
    ]);
    const cues = parseSrt(await (await download(url('format=srt&speaker=1', old.id), owner.token)).text());
    expect(cues).toEqual([
      { number: 1, start: 0, end: 2_016, lines: ['Ann: First line.'] },
      { number: 2, start: 2_100, end: 4_000, lines: ['Bo: Second line.'] },
    ]);
  });

  it('writes plain text one paragraph per line, with the chosen prefixes', async () => {
    const res = await download(url('format=txt&content=bilingual&speaker=1&timestamps=1'), owner.token);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(
      [
        `[00:00:00 - 00:00:04] 主持人: ${LINES[0]!.text}`,
        LINES[0]!.translations!['en-US'],
        `[00:00:04 - 00:00:09] Ann: ${LINES[1]!.text}`,
        'The identifier is a very long word',
        `[00:00:09 - 00:00:12] Bo: ${LINES[2]!.text}`,
        '[01:02:05 - 01:02:07] 最后一句。',
        'Last sentence.',
        '',
      ].join('\n'),
    );
    const bare = await (await download(url('format=txt&content=source&speaker=0&timestamps=0'), owner.token)).text();
    expect(bare).toBe(LINES.map((l) => `${l.text}\n`).join(''));
  });

  it('names default speakers in the asker’s language and keeps names a user typed as typed', async () => {
    const mixed = await createRecord(owner.userId, await defaultFolderId(owner.token));
    await addLines(mixed.id, [
      { start: 0, end: 1_000, speaker: 'Speaker 1', text: 'First.' },
      { start: 1_000, end: 2_000, speaker: '说话人2', text: 'Second.' },
      { start: 2_000, end: 3_000, speaker: 'Speaker Ann', text: 'Third.' },
    ]);
    const names = async (format: string, locale: string) =>
      (await (await download(url(`format=${format}&content=source&speaker=1&timestamps=0`, mixed.id), owner.token, locale)).text()).trim();
    expect(await names('txt', 'zh-CN')).toBe('说话人1: First.\n说话人2: Second.\nSpeaker Ann: Third.');
    expect(await names('txt', 'zh-TW,zh;q=0.9')).toBe('說話人1: First.\n說話人2: Second.\nSpeaker Ann: Third.');
    expect(await names('txt', 'en-US')).toBe('Speaker 1: First.\nSpeaker 2: Second.\nSpeaker Ann: Third.');
    expect(await names('vtt', 'zh-CN')).toContain('<v 说话人2>Second.');
    const srt = parseSrt(await (await download(url('format=srt&content=source&speaker=1', mixed.id), owner.token, 'en-US')).text());
    expect(srt.map((cue) => cue.lines[0])).toEqual(['Speaker 1: First.', 'Speaker 2: Second.', 'Speaker Ann: Third.']);
  });

  it('exports the translation, keeping the source where a line has none', async () => {
    const text = await (await download(url('format=txt&content=translation&speaker=0&timestamps=0'), owner.token)).text();
    expect(text.split('\n')).toEqual([LINES[0]!.translations!['en-US'], 'The identifier is a very long word', LINES[2]!.text, 'Last sentence.', '']);
  });

  it('refuses a translation export of an untranslated record with a JSON error', async () => {
    const plain = await createRecord(owner.userId, await defaultFolderId(owner.token));
    await addLines(plain.id, [{ start: 0, end: 1000, text: 'only source' }]);
    for (const content of ['translation', 'bilingual']) {
      const res = await download(url(`format=srt&content=${content}`, plain.id), owner.token);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ code: 400, msg: 'This record has no translation. Export the source text instead.', data: null });
    }
    const empty = await createRecord(owner.userId, await defaultFolderId(owner.token));
    const res = await download(url('format=txt', empty.id), owner.token);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('This record has no transcript to export yet.');
  });

  it('writes a Word document with title, date, bold speakers in their colours, grey times and translations', async () => {
    const res = await download(url('format=docx&content=bilingual&speaker=1&timestamps=1'), owner.token);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const paragraphs = docxParagraphs(new Uint8Array(await res.arrayBuffer()));
    const texts = paragraphs.map((p) => unescapeXml(p.text));
    expect(texts.slice(0, 2)).toEqual(['Quarterly 规划: Q3/Q4', '2026-03-14 09:30 UTC · 01:02:08']);
    expect(texts.slice(2)).toEqual([
      `主持人  00:00:00 - 00:00:04${LINES[0]!.text}`,
      LINES[0]!.translations!['en-US'],
      `Ann  00:00:04 - 00:00:09${LINES[1]!.text}`,
      'The identifier is a very long word',
      `Bo  00:00:09 - 00:00:12${LINES[2]!.text}`,
      `01:02:05 - 01:02:07${LINES[3]!.text}`,
      'Last sentence.',
    ]);
    const speakerRun = paragraphs[2]!.xml.match(/<w:r>(?:(?!<\/w:r>)[\s\S])*主持人<\/w:t>/)![0];
    expect(speakerRun).toContain('<w:b/>');
    // Each speaker in their own colour from the palette the record page uses.
    const colorOf = (p: number, name: string) =>
      paragraphs[p]!.xml.match(new RegExp(`<w:r>(?:(?!</w:r>)[\\s\\S])*${name}</w:t>`))![0]
        .match(/<w:color w:val="([0-9A-Fa-f]{6})"\/>/)?.[1]
        ?.toLowerCase();
    expect(colorOf(2, '主持人')).toBe(SPEAKER_PALETTE[0].slice(1));
    expect(colorOf(4, 'Ann')).toBe(SPEAKER_PALETTE[1].slice(1));
    const timeRun = paragraphs[2]!.xml.match(/<w:r>(?:(?!<\/w:r>)[\s\S])*00:00:00 - 00:00:04<\/w:t>/)![0];
    expect(timeRun).toContain('<w:color w:val="808080"/>');
    // Chinese speech with English beside it: Word files the text under Chinese and draws it with a Chinese font.
    const styles = strFromU8(
      unzipSync(new Uint8Array(await (await download(url('format=docx&content=bilingual'), owner.token)).arrayBuffer()))['word/styles.xml']!,
    );
    expect(styles).toContain('<w:lang w:val="zh-CN" w:eastAsia="zh-CN"/>');
    expect(styles).toContain('<w:rFonts w:eastAsia="Microsoft YaHei"/>');
  });

  it('names the file after the record, with an ASCII fallback and the UTF-8 name', async () => {
    const res = await download(url('format=srt'), owner.token);
    const disposition = res.headers.get('content-disposition')!;
    const [, fallback] = disposition.match(/filename="([^"]*)"/)!;
    const [, encoded] = disposition.match(/filename\*=UTF-8''(\S+)/)!;
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(fallback).toMatch(/^[\x20-\x7E]+\.srt$/);
    expect(fallback).toContain('Quarterly');
    expect(decodeURIComponent(encoded!)).toBe('Quarterly 规划_ Q3_Q4.srt');
  });

  it('zips several records, one file each, with duplicate names numbered', async () => {
    const folder = await defaultFolderId(owner.token);
    const twin = await createRecord(owner.userId, folder, { name: 'Quarterly 规划: Q3/Q4' });
    await addLines(twin.id, [{ start: 0, end: 2000, text: 'untranslated twin', speaker: 'Cy' }]);
    const res = await download(`/prod-api/speech/audio/transcribe/export?ids=${recordId},${twin.id}&format=srt&content=bilingual&speaker=1`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tingyi-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['Quarterly 规划_ Q3_Q4.srt', 'Quarterly 规划_ Q3_Q4(1).srt']);
    expect(parseSrt(strFromU8(files['Quarterly 规划_ Q3_Q4.srt']!)).at(-1)!.lines).toEqual(['最后一句。', 'Last sentence.']);
    // The twin has no translation: its source text stands in.
    expect(parseSrt(strFromU8(files['Quarterly 规划_ Q3_Q4(1).srt']!))).toEqual([{ number: 1, start: 0, end: 2000, lines: ['Cy: untranslated twin'] }]);
  });

  it('zips more records than D1 binds in one statement', async () => {
    const bulk = await signUp();
    const seeded = await seedRecords(bulk.userId, [await defaultFolderId(bulk.token)], 120);
    await env.DB.prepare(
      `INSERT INTO segments (record_id, seq, start_ms, duration_ms, text) SELECT id, 1, 2000, 1000, 'line of ' || id FROM records WHERE user_id = ?`,
    )
      .bind(bulk.userId)
      .run();
    const res = await download(
      `/prod-api/speech/audio/transcribe/export?ids=${seeded.map((r) => r.id).join(',')}&format=txt&timestamps=0&speaker=0`,
      bulk.token,
    );
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(120);
    const last = seeded[119]!;
    const entry = Object.entries(files).find(([, data]) => strFromU8(data).includes(`line of ${last.id}`));
    expect(entry![0].startsWith(last.name)).toBe(true);
  });

  it('refuses, before sending a byte, an export too large for one request, and takes the same records in a lighter format', async () => {
    const bulk = await signUp();
    const folder = await defaultFolderId(bulk.token);
    const seeded = [await createRecord(bulk.userId, folder, { name: 'long one' }), await createRecord(bulk.userId, folder, { name: 'long two' })];
    const perRecord = EXPORT_MAX_LINES.srt / 2 + 1;
    for (const record of seeded) {
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO segments (record_id, seq, start_ms, duration_ms, text) SELECT ?, i, i * 1000, 900, 'line ' || i FROM n`,
      )
        .bind(perRecord, record.id)
        .run();
    }
    const ids = seeded.map((r) => r.id).join(',');
    const refused = await download(`/prod-api/speech/audio/transcribe/export?ids=${ids}&format=srt`, bulk.token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 400,
      msg: `These records hold ${perRecord * 2} lines; one export takes at most ${EXPORT_MAX_LINES.srt}. Choose fewer records and export them in parts.`,
      data: null,
    });
    const text = await download(`/prod-api/speech/audio/transcribe/export?ids=${ids}&format=txt&timestamps=0&speaker=0`, bulk.token);
    expect(text.status).toBe(200);
    const files = Object.values(unzipSync(new Uint8Array(await text.arrayBuffer()))).map((data) => strFromU8(data).split('\n').filter(Boolean));
    expect(files.map((lines) => [lines.length, lines.at(-1)])).toEqual([
      [perRecord, `line ${perRecord}`],
      [perRecord, `line ${perRecord}`],
    ]);
  });

  it('exports only the owner’s records', async () => {
    const other = await signUp();
    const res = await download(url('format=txt'), other.token);
    expect(res.status).toBe(404);
    const mixed = await download(`/prod-api/speech/audio/transcribe/export?ids=${recordId},${recordId + 100000}&format=txt`, owner.token);
    expect(mixed.status).toBe(404);
    expect((await download(url('format=txt'))).status).toBe(401);
    expect((await download(url('format=pdf'), owner.token)).status).toBe(400);
  });
});
