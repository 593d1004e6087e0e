import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Citation, Turn } from '../../../contracts/ai';
import { ASK } from '../../../contracts/ai';
import { formatClock } from '../../../contracts/timecode';
import { askSuggestionsKey } from '../../lib/query-keys';
import { recordAtLink } from '../records/links';
import { fetchSuggestions } from './api';
import { type LiveTurn, useConversation } from './use-conversation';
import './search.css';

/**
 * Ask a question of some records (`ids`) or all of them: Enter asks, the question stays in the box to be edited and
 * asked again, and each answer's citations are listed after it, each opening (or, with `onCite`, playing) its line.
 * The questions asked are listed and can be cleared; on a record's page (`recordId`) they are the record's, kept
 * across reloads, and three questions are suggested.
 */
export function AskPanel({ ids, recordId, onCite }: { ids?: number[]; recordId?: number; onCite?: (c: Citation) => void }) {
  const { t, i18n } = useTranslation();
  const [question, setQuestion] = useState('');
  const { turns, live, ask, clear } = useConversation(ids, recordId);
  const suggestions = useQuery({
    queryKey: askSuggestionsKey(recordId ?? 0, i18n.language),
    queryFn: () => fetchSuggestions(recordId!),
    enabled: recordId !== undefined,
  });
  const submit = (text = question) => {
    const q = text.trim();
    if (q) ask.mutate(q);
  };
  return (
    <section className="ask-panel" aria-label={t('search.askTitle')}>
      <div className="ask-head">
        <h3 className="ask-title">{t('search.askTitle')}</h3>
        {turns.length > 0 && (
          <Button size="small" type="link" loading={clear.isPending} onClick={() => clear.mutate()}>
            {t('search.clearConversation')}
          </Button>
        )}
      </div>
      {turns.map((turn, i) => (
        // Turns are only ever appended or all cleared, so their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <TurnView key={i} turn={turn} onCite={onCite} />
      ))}
      {live && <LiveTurnView turn={live} failure={ask.isError ? ask.error.message || t('search.askFailed') : null} onCite={onCite} />}
      {suggestions.data && suggestions.data.length > 0 && (
        <fieldset className="ask-suggestions" aria-label={t('search.suggested')}>
          {suggestions.data.map((s) => (
            <button
              key={s}
              type="button"
              className="ask-chip"
              disabled={ask.isPending}
              onClick={() => {
                setQuestion(s);
                submit(s);
              }}
            >
              {s}
            </button>
          ))}
        </fieldset>
      )}
      <form
        className="ask-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <input
          className="ask-input"
          value={question}
          maxLength={ASK.questionMax}
          placeholder={t('search.askPlaceholder')}
          aria-label={t('search.askTitle')}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="primary" htmlType="submit" loading={ask.isPending} disabled={!question.trim()}>
          {t('search.ask')}
        </Button>
      </form>
    </section>
  );
}

type OnCite = ((c: Citation) => void) | undefined;

function TurnView({ turn, onCite }: { turn: Turn; onCite: OnCite }) {
  const { t } = useTranslation();
  return (
    <div className="ask-answer" data-testid="ask-answer">
      <Asked question={turn.question} />
      {turn.citations.length === 0 ? (
        <p>{t('search.noAnswer')}</p>
      ) : (
        <>
          <p className="ask-kind">{turn.kind === 'extractive' ? t('search.extractive') : t('search.generated')}</p>
          {turn.kind === 'generated' && <AnswerText text={turn.answer} citations={turn.citations} onCite={onCite} />}
          <ol className="ask-citations">
            {turn.citations.map((c) => (
              <li key={c.lineId}>
                <CitationLink citation={c} onCite={onCite}>
                  <CitationText citation={c} />
                </CitationLink>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/** The answer being written: its text grows as it streams, each citation a link as soon as it is known. */
function LiveTurnView({ turn, failure, onCite }: { turn: LiveTurn; failure: string | null; onCite: OnCite }) {
  const { t } = useTranslation();
  return (
    <div className="ask-answer" data-testid="ask-live" aria-busy={!failure}>
      <Asked question={turn.question} />
      {turn.answer ? (
        <AnswerText text={turn.answer} citations={turn.citations} onCite={onCite} />
      ) : (
        !failure && <p className="hit-meta">{t('search.answering')}</p>
      )}
      {failure && (
        <p className="ask-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

function Asked({ question }: { question: string }) {
  const { t } = useTranslation();
  return (
    <p className="ask-question">
      <span className="hit-meta">{t('search.asked')}</span> {question}
    </p>
  );
}

/** A citation marker: "[2]" or "[1, 3]". */
const MARKER = /\[(\d+(?:,\s*\d+)*)\]/g;

/** The answer's text with each `[k]` a link to the k-th citation (record and time), plain until that citation is known. */
function AnswerText({ text, citations, onCite }: { text: string; citations: Citation[]; onCite: OnCite }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    parts.push(text.slice(at, match.index));
    for (const k of match[1]!.split(',').map(Number)) {
      const citation = citations[k - 1];
      parts.push(
        citation ? (
          <CitationLink key={`${match.index}-${k}`} citation={citation} onCite={onCite} marker>
            [{k}]
          </CitationLink>
        ) : (
          `[${k}]`
        ),
      );
    }
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return <p className="ask-text">{parts}</p>;
}

/** Opens the record at the cited line, or plays it there on the record's own page (`onCite`). */
function CitationLink({ citation, onCite, marker, children }: { citation: Citation; onCite: OnCite; marker?: boolean; children: ReactNode }) {
  // A marker shows only its number: its name says where it leads.
  const label = marker ? `${citation.recordName} · ${formatClock(citation.start)}` : undefined;
  const className = marker ? 'ask-cite ask-marker' : 'ask-cite';
  return onCite ? (
    <button type="button" className={className} aria-label={label} title={label} onClick={() => onCite(citation)}>
      {children}
    </button>
  ) : (
    <Link className={className} aria-label={label} title={label} to={recordAtLink(citation.recordId, citation.start)}>
      {children}
    </Link>
  );
}

function CitationText({ citation }: { citation: Citation }) {
  return (
    <>
      <span className="hit-meta">
        {citation.recordName} · {formatClock(citation.start)}
        {citation.speaker && ` · ${citation.speaker}`}
      </span>
      <span className="hit-text">{citation.text}</span>
    </>
  );
}
