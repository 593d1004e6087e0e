/**
 * The offline refresh of a live meeting's running summary (contracts/live-summary-prompt.ts), labelled
 * extractive: the lines said since the last refresh become one more topic (the extractive summariser's title
 * and most central sentences of that stretch), and the offline extractor (./meeting-lists.ts) adds the action
 * items, decisions and open questions they hold. A minute of lines is small, so it runs on the event loop.
 */
import { type LiveSummarizeRequest, type LiveSummaryContent, capTopics } from '../../../contracts/live-summary-prompt';
import { summarizeExtractive } from './extractive';
import { extractMeetingLists } from './meeting-lists';

export function liveSummaryExtractive(req: LiveSummarizeRequest): LiveSummaryContent {
  const previous = req.previous ?? { topics: [], decisions: [], actionItems: [], questions: [] };
  const made = summarizeExtractive({ language: req.language, title: '', kind: 'meeting', date: req.date, lines: req.lines });
  const lists = extractMeetingLists(req.lines, req.language, req.date);
  const seqAt = (start: number) => req.lines.find((l) => l.start === start)?.id ?? null;
  const chapters = made.chapters.map((c) => ({ title: c.title, summary: c.summary, start: c.start }));
  return {
    method: 'extractive',
    language: req.language,
    topics: capTopics([...previous.topics, ...chapters]),
    actionItems: [
      ...previous.actionItems,
      ...lists.actionItems.map((a) => ({ text: a.text, owner: a.owner, due: a.due, seq: a.lineId ?? seqAt(a.start), start: a.start })),
    ],
    decisions: [...previous.decisions, ...lists.decisions.map((d) => ({ text: d.text, seq: d.lineId ?? seqAt(d.start), start: d.start }))],
    questions: [...previous.questions, ...lists.questions.map((q) => ({ text: q.text, seq: q.lineId ?? seqAt(q.start), start: q.start }))],
  };
}
