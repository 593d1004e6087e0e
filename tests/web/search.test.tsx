import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

/** A page's first render compiles its lazily loaded code: on a busy machine that alone can take many seconds. */
const FIRST_RENDER = { timeout: 30_000 };

/** One server-sent event as the Worker writes it. */
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
/** The stream's pieces, each sent once the promises before it have settled. */
async function* streamed(...parts: (string | Promise<void>)[]) {
  for (const part of parts) {
    if (typeof part === 'string') yield part;
    else await part;
  }
}
/** What `/ai/ask/stream` sends next: the extractive answer at once, unless a test says otherwise. */
let nextStream: (() => AsyncIterable<string>) | null = null;

function fakeApi({ url }: RecordedRequest): Reply {
  switch (url.pathname.replace('/prod-api', '')) {
    case '/ai/search':
      return ok({ rows: url.searchParams.get('q') === 'budget' ? [hit] : [], total: url.searchParams.get('q') === 'budget' ? 1 : 0 });
    case '/ai/ask/stream':
      return { contentType: 'text/event-stream', pieces: nextStream?.() ?? streamed(sse('delta', answer.answer), sse('answer', answer)) };
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
    const link = await screen.findByTestId('search-hit', {}, FIRST_RENDER);
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
    const box = await screen.findByTestId('line-search-field', {}, FIRST_RENDER);
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
    const panel = await screen.findByRole('region', { name: 'Ask your records' }, FIRST_RENDER);
    await within(panel).findByText('Who hires?');

    fireEvent.click(await within(panel).findByRole('button', { name: 'What was said about budget?' }));
    await waitFor(() => expect(within(panel).getAllByTestId('ask-answer')).toHaveLength(2));
    const asked = server.requests.filter((r) => r.url.pathname === '/prod-api/ai/ask/stream').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    // The suggestion continues the record's conversation, about this record only.
    expect(asked.at(-1)).toEqual({ question: 'What was said about budget?', ids: [7], conversationId: 31 });
    expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe('What was said about budget?');

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear questions' }));
    await waitFor(() => expect(within(panel).queryAllByTestId('ask-answer')).toHaveLength(0));
    expect(server.requests.some((r) => r.url.pathname === '/prod-api/ai/conversation/clear' && JSON.parse(r.body).recordId === 7)).toBe(true);
  });

  it('reads a generated answer as it streams, each citation a link that plays the record from its line', async () => {
    kept = { conversationId: null, turns: [] };
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const generated: Answer = { ...answer, answer: 'They raise the budget by ten percent [1].', kind: 'generated', conversationId: 32 };
    nextStream = () =>
      streamed(
        sse('delta', 'They raise '),
        held,
        sse('citation', answer.citations[0]),
        sse('delta', 'the budget by ten percent [1].'),
        sse('answer', generated),
      );
    renderAt('/meetingDetail?id=7');
    const panel = await screen.findByRole('region', { name: 'Ask your records' }, FIRST_RENDER);
    const player = (await screen.findByTestId('detail-player')) as HTMLAudioElement;
    const box = within(panel).getByRole('textbox');
    fireEvent.change(box, { target: { value: 'How much does the budget rise?' } });
    fireEvent.submit(box.closest('form')!);

    // The first words show while the rest is still on its way.
    const live = await within(panel).findByTestId('ask-live');
    await waitFor(() => expect(live.textContent).toContain('They raise'));
    expect(live.textContent).not.toContain('ten percent');
    release();
    const shown = await within(panel).findByTestId('ask-answer');
    expect(shown.textContent).toContain('They raise the budget by ten percent');
    expect(shown.textContent).toContain('Answered from the quoted lines');
    expect(within(panel).queryByTestId('ask-live')).toBeNull();

    // The marker [1] names the record and time it cites, and plays the record from there.
    fireEvent.click(within(shown).getByRole('button', { name: 'Quarterly planning · 01:04' }));
    expect(player.currentTime).toBe(64);
    expect(play).toHaveBeenCalled();

    // A stream cut off before its answer says so in the reader's language, and keeps what arrived.
    nextStream = () => streamed(sse('delta', 'They raise '));
    fireEvent.submit(box.closest('form')!);
    expect((await within(panel).findByRole('alert')).textContent).toBe('The answer could not be finished. Please ask again.');
    expect(within(panel).getByTestId('ask-live').textContent).toContain('They raise');
    nextStream = null;
  });
});
