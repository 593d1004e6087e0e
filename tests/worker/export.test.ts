import { env } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { wrap } from '../../worker/services/export/text';
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

/** Display columns as subtitle players count them: CJK and full-width forms take two. */
const columns = (text: string) => [...text].reduce((w, ch) => w + (/[\u2E80-\u9FFF\uAC00-\uD7A3\uF900-\uFAFF\uFF00-\uFF60]/.test(ch) ? 2 : 1), 0);
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

/** Wrapped lines put back together: only the breaks (and the spaces they replaced) differ from the text. */
const unwrapped = (lines: string[]) => lines.join('').replace(/\s+/g, '');
const squeezed = (text: string) => text.replace(/\s+/g, '');

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

describe('subtitle line wrapping', () => {
  it('fits 42 columns, counting CJK as two, breaking Latin only at spaces', () => {
    expect(wrap('一二三四五六七八九十'.repeat(3), 42)).toEqual([`${'一二三四五六七八九十'.repeat(2)}一`, '二三四五六七八九十']);
    expect(wrap('the quick brown fox jumps over the lazy dog and keeps on running', 42)).toEqual([
      'the quick brown fox jumps over the lazy',
      'dog and keeps on running',
    ]);
    expect(wrap(`${'x'.repeat(50)} end`, 42)).toEqual(['x'.repeat(42), `${'x'.repeat(8)} end`]);
    expect(wrap('  spaced \n out  ', 42)).toEqual(['spaced out']);
  });

  it('never starts a line with closing punctuation', () => {
    const lines = wrap('一二三四五六七八九十一二三四五六七八九十一，好的。', 42);
    expect(lines).toEqual(['一二三四五六七八九十一二三四五六七八九十', '一，好的。']);
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

  it('writes SRT exactly: numbered cues, comma milliseconds, 42-column lines, speaker prefix', async () => {
    const res = await download(url('format=srt&content=source&speaker=1'), owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    const cues = parseSrt(await res.text());
    expect(cues.map((c) => [c.number, c.start, c.end])).toEqual(LINES.map((l, i) => [i + 1, l.start, l.end]));
    for (const cue of cues) for (const line of cue.lines) expect(columns(line), line).toBeLessThanOrEqual(42);
    cues.forEach((cue, i) => {
      const { speaker, text } = LINES[i]!;
      expect(unwrapped(cue.lines)).toBe(squeezed(speaker ? `${speaker}: ${text}` : text));
    });
    expect(cues[1]!.lines).toEqual(['Ann: The identifier is', 'supercalifragilisticexpialidocious-antidis', 'establishmentarianism ok']);
    expect(cues[2]!.lines).toEqual(['Bo: 用 <b> & "引号" 测试']);
    expect(cues[3]!.lines).toEqual(['最后一句。']);
  });

  it('writes bilingual SRT with the source lines, then the translation, in one cue', async () => {
    const cues = parseSrt(await (await download(url('format=srt&content=bilingual&speaker=0'), owner.token)).text());
    const first = cues[0]!;
    const split = first.lines.findIndex((l) => /^[A-Za-z]/.test(l));
    expect(unwrapped(first.lines.slice(0, split))).toBe(squeezed(LINES[0]!.text));
    expect(first.lines.slice(split).join(' ')).toBe(LINES[0]!.translations!['en-US']);
    expect(first.lines.every((l) => columns(l) <= 42)).toBe(true);
    expect(cues[2]!.lines).toEqual(['用 <b> & "引号" 测试']);
    expect(cues[3]!.lines).toEqual(['最后一句。', 'Last sentence.']);
  });

  it('writes WebVTT with dot milliseconds, voice spans and escaped text', async () => {
    const res = await download(url('format=vtt&content=source&speaker=1'), owner.token);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const cues = parseVtt(await res.text());
    expect(cues.map((c) => [c.start, c.end])).toEqual(LINES.map((l) => [l.start, l.end]));
    expect(cues[0]!.lines[0]!.startsWith('<v 主持人>')).toBe(true);
    expect(unwrapped(cues[0]!.lines).replace('<v主持人>', '')).toBe(squeezed(LINES[0]!.text));
    for (const line of cues[0]!.lines) expect(columns(line.replace(/^<v [^>]*>/, ''))).toBeLessThanOrEqual(42);
    expect(cues[2]!.lines).toEqual(['<v Bo>用 &lt;b&gt; &amp; "引号" 测试']);
    expect(cues[3]!.lines).toEqual(['最后一句。']);

    const plain = parseVtt(await (await download(url('format=vtt&speaker=0'), owner.token)).text());
    expect(plain.every((c) => !c.lines.join('').includes('<v '))).toBe(true);
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

  it('writes a Word document with title, date, bold speakers, grey times and translations', async () => {
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
    expect(parseSrt(strFromU8(files['Quarterly 规划_ Q3_Q4.srt']!))[3]!.lines).toEqual(['最后一句。', 'Last sentence.']);
    // The twin has no translation: its source text stands in.
    expect(parseSrt(strFromU8(files['Quarterly 规划_ Q3_Q4(1).srt']!))).toEqual([{ number: 1, start: 0, end: 2000, lines: ['Cy: untranslated twin'] }]);
  });

  it('zips more records than D1 binds in one statement', async () => {
    const bulk = await signUp();
    const seeded = await seedRecords(bulk.userId, [await defaultFolderId(bulk.token)], 120);
    await env.DB.prepare(
      `INSERT INTO segments (record_id, seq, start_ms, end_ms, text) SELECT id, 1, 2000, 3000, 'line of ' || id FROM records WHERE user_id = ?`,
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
