import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInPath } from '../lib/paths';
import { useSession } from '../lib/session';
import { PageSpinner } from './PageSpinner';
import { RecordProblem, parseRecordId } from './RecordProblem';

/** What a record page says when it cannot show its record, in its own words. */
export interface RecordPageTexts {
  missingId: string;
  signInFirst: string;
  loadFailed: string;
}

type RecordPage<T> = { id: number; data: T; fallback: null } | { id: number | null; data: undefined; fallback: ReactElement };

/**
 * A page for one record by `?id=` (the record detail, the dubbing editor): loads it with `load` and, until it
 * can be shown, what to show instead — no id (spec §8 "missing parameters"), no account (sign in and come
 * back), a failed load (retry), or a spinner.
 */
export function useRecordPage<T>(load: (id: number | null) => UseQueryResult<T, Error>, texts: RecordPageTexts): RecordPage<T> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = parseRecordId(useSearchParams()[0].get('id'));
  const hasAccount = useSession((s) => s.userInfo !== null);
  const query = load(id);

  if (id === null) return { id, data: undefined, fallback: <RecordProblem title={texts.missingId} /> };
  if (!hasAccount) {
    const signIn = (
      <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
        {t('header.loginShort')}
      </Button>
    );
    return { id, data: undefined, fallback: <RecordProblem title={texts.signInFirst} action={signIn} /> };
  }
  if (query.data !== undefined) return { id, data: query.data, fallback: null };
  if (query.isError) {
    const retry = <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>;
    return { id, data: undefined, fallback: <RecordProblem title={texts.loadFailed} description={query.error.message} action={retry} /> };
  }
  return { id, data: undefined, fallback: <PageSpinner /> };
}
