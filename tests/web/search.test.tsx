import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Answer, Conversation, SearchHit } from '../../contracts/ai';
import { startParam } from '../../web/features/records/links';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { ok, recordRow, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';

const server = useApiServer();
useFakeApp(server, fakeApi);

const hit: SearchHit = {
  recordId: 7,
  recordName: 'Quarterly planning',
  lineId: 7 * 1048576 + 1,
  start: 64_000,
  end: 69_000,
  speaker: 'Speaker 2',
  // A transcript's own markup is text, never HTML.
  snippet: '…raise the <b>budget</b> by ten percent',
  marks: [[14, 20]],
  shared: true,
};
const answer: Answer = {
  answer: '[1] We raise the budget.',
  kind: 'extractive',
  citations: [
    { recordId: 7, recordName: 'Quarterly planning', lineId: hit.lineId, start: 64_000, end: 69_000, speaker: 'Speaker 2', text: 'We raise the budget.' },
  ],
  conversationId: 31,
};
/** The record's conversation as the Worker keeps it: one earlier turn until cleared. */
let kept: Conversation;

function fakeApi({ url }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/ai/search':
      return ok({ rows: url.searchParams.get('q') === 'budget' ? [hit] : [], total: url.searchParams.get('q') === 'budget' ? 1 : 0 });
    case '/ai/ask':
      return ok(answer);
    case '/ai/conversation':
      return ok(kept);
    case '/ai/conversation/clear':
      kept = { conversationId: null, turns: [] };
      return ok(null);
    case '/ai/suggestions':
      return ok(['What was said about budget?', 'What was decided about hiring?', 'What questions are still open?']);
    case '/speech/audio/transcribe/getTrans':
      return ok({ record: recordRow(7, { name: 'Quarterly planning', duration: 80 }), lines: [] });
    case '/speech/audio/transcribe/media':
      return ok({ url: 'http://127.0.0.1:1/media/clip.mp3', kind: 'audio' });
    case '/speech/folder/getFolder':
      return ok(sampleTree());
    case '/speech/audio/transcribe/query':
      return ok({ rows: [], total: 0 });
    default:
      return ok(null);
  }
}

describe('search across records', () => {
  it('lists hits with the match marked, record, speaker and time, each opening the record at that line', async () => {
    renderAt('/search?q=budget');
    const link = await screen.findByTestId('search-hit');
    expect(within(link).getByText('budget', { selector: 'mark' })).toBeTruthy();
    expect(link.textContent).toContain('<b>');
    expect(link.textContent).toContain('Quarterly planning');
    expect(link.textContent).toContain('Speaker 2');
    expect(link.textContent).toContain('01:04');
    expect(link.getAttribute('href')).toBe('/meetingDetail?id=7&t=64');
    expect(startParam(new URLSearchParams('id=7&t=64'))).toBe(64_000);
  });

  it('opens from the records list’s box and from Ctrl+K, and asks with Enter, citations linking to their lines', async () => {
    const router = renderAt('/recordList');
    const box = await screen.findByTestId('line-search-field');
    fireEvent.change(box, { target: { value: 'budget' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('search-hit');
    expect(router.state.location.search).toBe('?q=budget');

    await router.navigate('/recordList');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));

    const question = await screen.findByPlaceholderText('What did they say about…?');
    fireEvent.change(question, { target: { value: 'what about the budget?' } });
    fireEvent.submit(question.closest('form')!);
    const shown = await screen.findByTestId('ask-answer');
    expect(shown.textContent).toContain('Quoted from your records');
    expect(within(shown).getByRole('link').getAttribute('href')).toBe('/meetingDetail?id=7&t=64');
    // The question stays, to be edited and asked again.
    expect((question as HTMLInputElement).value).toBe('what about the budget?');
  });

  it('on a record, lists the earlier questions after a reload, asks a suggested one as a follow-up, and clears them', async () => {
    kept = { conversationId: 31, turns: [{ question: 'Who hires?', answer: '[1] Hiring stays frozen.', kind: 'extractive', citations: [] }] };
    renderAt('/meetingDetail?id=7');
    const panel = await screen.findByRole('region', { name: 'Ask your records' });
    await within(panel).findByText('Who hires?');

    fireEvent.click(await within(panel).findByRole('button', { name: 'What was said about budget?' }));
    await waitFor(() => expect(within(panel).getAllByTestId('ask-answer')).toHaveLength(2));
    const asked = server.requests.filter((r) => r.url.pathname === '/prod-api/ai/ask').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    // The suggestion continues the record's conversation, about this record only.
    expect(asked.at(-1)).toEqual({ question: 'What was said about budget?', ids: [7], conversationId: 31 });
    expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe('What was said about budget?');

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear questions' }));
    await waitFor(() => expect(within(panel).queryAllByTestId('ask-answer')).toHaveLength(0));
    expect(server.requests.some((r) => r.url.pathname === '/prod-api/ai/conversation/clear' && JSON.parse(r.body).recordId === 7)).toBe(true);
  });
});
