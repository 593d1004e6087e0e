import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveSummary } from '../../contracts/live-summary';
import { setLocale } from '../../web/i18n';
import { LiveSummaryPanel } from '../../web/features/meeting/LiveSummaryPanel';

/** The live summary panel in each interface language: its headings, owner and due labels, and how it was made. */

const summary: LiveSummary = {
  method: 'extractive',
  language: 'zh-CN',
  topics: [{ title: '春季发布', summary: '预算和场地。', start: 0 }],
  decisions: [{ text: '发布会在上海举行。', seq: 1, start: 12_000 }],
  actionItems: [{ text: '发送预算', owner: '李明', due: '2026-06-05', seq: 2, start: 20_000 }],
  questions: [{ text: '海报谁来设计？', seq: 3, start: 30_000 }],
  throughSeq: 3,
  throughMs: 35_000,
  updatedAt: 1,
};

describe('live summary panel', () => {
  afterAll(() => setLocale('en-US'));

  it.each([
    ['zh-CN', ['实时纪要', '议题', '决定', '待办事项', '待解决问题', '负责人：李明', '截止 2026-06-05', '摘录式：摘自发言原文', '截至 00:35']],
    ['zh-TW', ['即時紀要', '議題', '決定', '待辦事項', '待解決問題', '負責人：李明', '截止 2026-06-05', '摘錄式：摘自發言原文', '截至 00:35']],
    ['en-US', ['Summary so far', 'Topics', 'Decisions', 'Action items', 'Open questions', 'Owner: 李明', 'Due 2026-06-05', 'Extractive', 'Up to 00:35']],
  ] as const)('reads in %s', async (locale, words) => {
    await setLocale(locale);
    render(<LiveSummaryPanel summary={summary} />);
    const text = screen.getByTestId('live-summary').textContent ?? '';
    for (const word of words) expect(text).toContain(word);
  });

  it('says when the first summary will come before there is one', async () => {
    await setLocale('en-US');
    render(<LiveSummaryPanel summary={null} />);
    expect(screen.getByTestId('live-summary').textContent).toContain('The summary appears after about half a minute of speech.');
  });

  it('leaves out the oldest topics a projected screen has no room for, the rest keeping their numbers', async () => {
    await setLocale('en-US');
    const topics = ['Budget', 'Venue', 'Guests'].map((title, i) => ({ title, summary: '', start: i * 60_000 }));
    render(<LiveSummaryPanel summary={{ ...summary, topics }} foldable={false} skipTopics={2} />);
    const list = screen.getByTestId('live-summary-topics').querySelector('ol')!;
    expect(list.start).toBe(3);
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['02:00 Guests']);
  });
});
