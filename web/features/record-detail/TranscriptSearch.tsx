import { DownOutlined, SearchOutlined, SwapOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import { Tooltip } from '../../components/Tooltip';
import type { TranscriptSearch as Search } from './use-transcript-search';

interface TranscriptSearchProps {
  search: Search;
  /** Offered only where the transcript can be edited. */
  canReplace: boolean;
  onReplace: (replacement: string) => void;
  onReplaceAll: (replacement: string) => void;
}

/** The search box over the transcript: hits counted, next and previous, and (when editable) replace one or all. */
export function TranscriptSearchBar({ search, canReplace, onReplace, onReplaceAll }: TranscriptSearchProps) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  const [replacement, setReplacement] = useState('');
  const found = search.hits.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.shiftKey) search.previous();
    else search.next();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers still in use (and React 18).
    <div className="detail-search" role="search">
      <div className="detail-search-row">
        <TextField
          inputRef={search.inputRef}
          clearable
          prefix={<SearchOutlined />}
          placeholder={t('recordDetail.tools.searchPlaceholder')}
          aria-label={t('recordDetail.tools.search')}
          value={search.query}
          onValue={search.setQuery}
          onKeyDown={onKeyDown}
          data-testid="detail-search-input"
        />
        {search.query && (
          <span className="detail-search-count" aria-live="polite" data-testid="detail-search-count">
            {found ? t('recordDetail.tools.hits', { current: search.index + 1, total: search.hits.length }) : t('recordDetail.tools.noHits')}
          </span>
        )}
        <Tooltip title={t('recordDetail.tools.previous')}>
          <Button
            icon={<UpOutlined />}
            disabled={!found}
            onClick={search.previous}
            aria-label={t('recordDetail.tools.previous')}
            data-testid="detail-search-previous"
          />
        </Tooltip>
        <Tooltip title={t('recordDetail.tools.next')}>
          <Button icon={<DownOutlined />} disabled={!found} onClick={search.next} aria-label={t('recordDetail.tools.next')} data-testid="detail-search-next" />
        </Tooltip>
        {canReplace && (
          <Tooltip title={t('recordDetail.tools.replaceToggle')}>
            <Button
              icon={<SwapOutlined />}
              type={replacing ? 'primary' : 'default'}
              ghost={replacing}
              aria-pressed={replacing}
              aria-label={t('recordDetail.tools.replaceToggle')}
              onClick={() => setReplacing(!replacing)}
              data-testid="detail-replace-toggle"
            />
          </Tooltip>
        )}
      </div>
      {canReplace && replacing && (
        <div className="detail-search-row">
          <TextField
            placeholder={t('recordDetail.tools.replaceWith')}
            aria-label={t('recordDetail.tools.replaceWith')}
            value={replacement}
            onValue={setReplacement}
            data-testid="detail-replace-input"
          />
          <Button disabled={!found} onClick={() => onReplace(replacement)} data-testid="detail-replace-one">
            {t('recordDetail.tools.replace')}
          </Button>
          <Button disabled={!found} onClick={() => onReplaceAll(replacement)} data-testid="detail-replace-all">
            {t('recordDetail.tools.replaceAll')}
          </Button>
        </div>
      )}
    </div>
  );
}
