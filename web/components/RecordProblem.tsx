import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { PageTitle } from './PageTitle';
import { StandaloneFrame } from './StandaloneFrame';

/** `?id=` as a record id, or null when missing or not an id. */
export function parseRecordId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** What a record page shows instead of the record (no id, no account, not loadable), with the way on. */
export function RecordProblem({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <div data-testid="detail-error">
        <Result
          status="warning"
          title={<PageTitle>{title}</PageTitle>}
          subTitle={description}
          extra={
            <>
              {action}
              <Button onClick={() => void navigate(PATHS.recordList)}>{t('recordDetail.toRecords')}</Button>
            </>
          }
        />
      </div>
    </StandaloneFrame>
  );
}
