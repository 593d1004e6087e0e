import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH } from '../../../contracts/ai';
import { TextField } from '../../components/TextField';
import { PATHS } from '../../lib/paths';
import './search.css';

/** A box on the records list that searches every line of every record, on the search page. */
export function LineSearchField() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      className="line-search-field"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        navigate(q ? `${PATHS.search}?q=${encodeURIComponent(q)}` : PATHS.search);
      }}
    >
      <TextField
        value={text}
        onValue={setText}
        maxLength={SEARCH.queryMax}
        placeholder={t('search.open')}
        aria-label={t('search.open')}
        prefix={<SearchOutlined />}
        data-testid="line-search-field"
      />
    </form>
  );
}
