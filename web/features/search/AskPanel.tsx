import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Citation, Turn } from '../../../contracts/ai';
import { ASK } from '../../../contracts/ai';
import { formatClock } from '../../../contracts/timecode';
import { askSuggestionsKey } from '../../lib/query-keys';
import { recordAtLink } from '../records/links';
import { fetchSuggestions } from './api';
import { useConversation } from './use-conversation';
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
  const { turns, ask, clear } = useConversation(ids, recordId);
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

function TurnView({ turn, onCite }: { turn: Turn; onCite?: (c: Citation) => void }) {
  const { t } = useTranslation();
  return (
    <div className="ask-answer" data-testid="ask-answer">
      <p className="ask-question">
        <span className="hit-meta">{t('search.asked')}</span> {turn.question}
      </p>
      {turn.citations.length === 0 ? (
        <p>{t('search.noAnswer')}</p>
      ) : (
        <>
          <p className="ask-kind">{turn.kind === 'extractive' ? t('search.extractive') : t('search.generated')}</p>
          {turn.kind === 'generated' && <p className="ask-text">{turn.answer}</p>}
          <ol className="ask-citations">
            {turn.citations.map((c) => (
              <li key={c.lineId}>
                {onCite ? (
                  <button type="button" className="ask-cite" onClick={() => onCite(c)}>
                    <CitationText citation={c} />
                  </button>
                ) : (
                  <Link className="ask-cite" to={recordAtLink(c.recordId, c.start)}>
                    <CitationText citation={c} />
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
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
