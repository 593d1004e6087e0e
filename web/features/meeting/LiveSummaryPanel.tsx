import { Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveCited, LiveSummary } from '../../../contracts/live-summary';
import { formatClock } from '../../../contracts/timecode';
import './live-summary.css';

/**
 * A live meeting's running summary as the room sends it (contracts/live-summary.ts): its topics, decisions,
 * action items with their owners and due dates, and open questions, each with where it was said, and how it
 * was made (AI, or extractive). On the host console and the participants' page it can fold away; a participant
 * who joined late reads it first as "Catch up", above the live subtitles.
 */
interface LiveSummaryPanelProps {
  summary: LiveSummary | null;
  /** Headed "Catch up", for one who joined after the meeting began. */
  catchUp?: boolean;
  /** Whether it can be folded away (not on a projected screen). */
  foldable?: boolean;
  /** How many of the oldest topics to leave out (a projected screen keeps what fits); the rest keep their numbers. */
  skipTopics?: number;
  /** Topics by their titles only, without their gists (a projected screen short of room). */
  brief?: boolean;
}

export function LiveSummaryPanel({ summary, catchUp = false, foldable = true, skipTopics = 0, brief = false }: LiveSummaryPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const title = (
    <span className="live-summary-title">
      {t(catchUp ? 'meeting.liveSummary.catchUp' : 'meeting.liveSummary.title')}
      {summary && (
        <Tag color={summary.method === 'llm' ? 'blue' : 'default'} data-testid="live-summary-method">
          {t(summary.method === 'llm' ? 'meeting.liveSummary.llm' : 'meeting.liveSummary.extractive')}
        </Tag>
      )}
    </span>
  );
  const toggle = foldable && (
    <Button type="link" size="small" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="live-summary-toggle">
      {t(open ? 'meeting.liveSummary.hide' : 'meeting.liveSummary.show')}
    </Button>
  );
  return (
    <Card variant="borderless" size="small" className="live-summary" title={title} extra={toggle} data-testid="live-summary">
      {open && <SummaryBody summary={summary} catchUp={catchUp} skipTopics={skipTopics} brief={brief} />}
    </Card>
  );
}

function SummaryBody({ summary, catchUp, skipTopics, brief }: { summary: LiveSummary | null; catchUp: boolean; skipTopics: number; brief: boolean }) {
  const { t } = useTranslation();
  if (!summary) return <p className="live-summary-empty">{t('meeting.liveSummary.empty')}</p>;
  return (
    <div className="live-summary-body" lang={summary.language}>
      {catchUp && <p className="live-summary-hint">{t('meeting.liveSummary.catchUpHint')}</p>}
      {summary.topics.length > 0 && (
        <section data-testid="live-summary-topics">
          <h4>{t('meeting.liveSummary.topics')}</h4>
          <ol start={skipTopics + 1}>
            {summary.topics.slice(skipTopics).map((topic) => (
              <li key={`${topic.start}:${topic.title}`}>
                <span className="live-summary-time">{formatClock(topic.start)}</span> <strong>{topic.title}</strong>
                {topic.summary && !brief && <p>{topic.summary}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
      {summary.actionItems.length > 0 && (
        <section data-testid="live-summary-actions">
          <h4>{t('meeting.liveSummary.actionItems')}</h4>
          <ul>
            {summary.actionItems.map((item) => (
              <li key={`${item.start}:${item.text}`}>
                <Cited item={item} />
                {(item.owner || item.due) && (
                  <span className="live-summary-meta">
                    {item.owner && <Tag>{t('meeting.liveSummary.owner', { owner: item.owner })}</Tag>}
                    {item.due && <Tag color="orange">{t('meeting.liveSummary.due', { date: item.due })}</Tag>}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CitedList testId="live-summary-decisions" heading={t('meeting.liveSummary.decisions')} items={summary.decisions} />
      <CitedList testId="live-summary-questions" heading={t('meeting.liveSummary.questions')} items={summary.questions} />
      <p className="live-summary-upto">{t('meeting.liveSummary.upTo', { time: formatClock(summary.throughMs) })}</p>
    </div>
  );
}

function CitedList({ heading, items, testId }: { heading: string; items: LiveCited[]; testId: string }) {
  if (!items.length) return null;
  return (
    <section data-testid={testId}>
      <h4>{heading}</h4>
      <ul>
        {items.map((item) => (
          <li key={`${item.start}:${item.text}`}>
            <Cited item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Cited({ item }: { item: LiveCited }) {
  return (
    <>
      <span className="live-summary-time">{formatClock(item.start)}</span> {item.text}
    </>
  );
}
