import { Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Citation } from '../../../contracts/ai';
import { formatClock } from '../../../contracts/timecode';
import { recordAtLink } from '../records/links';
import { askQuestion } from './api';
import './search.css';

/**
 * Ask a question of some records (`ids`) or all of them: Enter asks, the question stays in the box to be edited and
 * asked again, and the answer's citations are listed after it, each opening (or, with `onCite`, playing) its line.
 */
export function AskPanel({ ids, onCite }: { ids?: number[]; onCite?: (c: Citation) => void }) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const ask = useMutation({ mutationFn: (q: string) => askQuestion({ question: q, ids }) });
  const submit = () => {
    const q = question.trim();
    if (q) ask.mutate(q);
  };
  const answer = ask.data;
  return (
    <section className="ask-panel" aria-label={t('search.askTitle')}>
      <h3 className="ask-title">{t('search.askTitle')}</h3>
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
          maxLength={500}
          placeholder={t('search.askPlaceholder')}
          aria-label={t('search.askTitle')}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="primary" htmlType="submit" loading={ask.isPending} disabled={!question.trim()}>
          {t('search.ask')}
        </Button>
      </form>
      {answer && (
        <div className="ask-answer" data-testid="ask-answer">
          {answer.citations.length === 0 ? (
            <p>{t('search.noAnswer')}</p>
          ) : (
            <>
              <p className="ask-kind">{answer.kind === 'extractive' ? t('search.extractive') : t('search.generated')}</p>
              {answer.kind === 'generated' && <p className="ask-text">{answer.answer}</p>}
              <ol className="ask-citations">
                {answer.citations.map((c) => (
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
      )}
    </section>
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
