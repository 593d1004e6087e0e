import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SEARCH } from '../../../contracts/ai';
import { formatClock } from '../../../contracts/timecode';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { recordAtLink } from '../records/links';
import { searchLines } from './api';
import { AskPanel } from './AskPanel';
import { Highlighted } from './Highlighted';
import './search.css';

const SIZE = SEARCH.sizeDefault;

/**
 * Every line of the user's records that holds the words of `?q=`, best first: the snippet with the words
 * marked, the record's name, speaker and time, each opening the record playing from that line; and a question
 * asked of all the records.
 */
export function SearchView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [pages, setPages] = useState(1);
  useEffect(() => {
    setText(q);
    setPages(1);
  }, [q]);
  const results = useQuery({
    queryKey: ['search', q, pages],
    queryFn: () => searchLines(q, 1, SIZE * pages),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const hits = results.data?.rows ?? [];

  return (
    <div className="search-view">
      <form
        className="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim().slice(0, SEARCH.queryMax);
          setParams(next ? { q: next } : {});
        }}
      >
        <TextField
          value={text}
          onValue={setText}
          // The page exists to type a search (the shortcut opens it for that): the box takes the keys at once.
          autoFocus
          clearable
          maxLength={SEARCH.queryMax}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          prefix={<SearchOutlined />}
          data-testid="search-input"
        />
        <Button type="primary" htmlType="submit">
          {t('search.submit')}
        </Button>
      </form>
      {q && results.isPending && <Spinner />}
      {q && results.data && (
        <>
          <p className="search-total">{t('search.total', { count: results.data.total })}</p>
          {hits.length === 0 ? (
            <Empty description={t('search.empty')} />
          ) : (
            <ol className="search-hits">
              {hits.map((hit) => (
                <li key={hit.lineId}>
                  <Link className="search-hit" to={recordAtLink(hit.recordId, hit.start)} data-testid="search-hit">
                    <span className="hit-meta">
                      <span className="hit-record">{hit.recordName}</span>
                      {hit.shared && <span className="hit-shared">{t('search.shared')}</span>}
                      <span>{formatClock(hit.start)}</span>
                      {hit.speaker && <span>{hit.speaker}</span>}
                    </span>
                    <span className="hit-text">
                      <Highlighted text={hit.snippet} marks={hit.marks} />
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
          {hits.length < results.data.total && (
            <Button className="search-more" loading={results.isFetching} onClick={() => setPages((n) => n + 1)}>
              {t('search.more')}
            </Button>
          )}
        </>
      )}
      <AskPanel />
    </div>
  );
}
