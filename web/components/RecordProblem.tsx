import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../lib/paths';
import { PageTitle } from './PageTitle';
import { StandaloneFrame } from './StandaloneFrame';
import './record-problem.css';

/** `?id=` as a record id, or null when missing or not an id. */
export function parseRecordId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * What a record page shows instead of the record (no id, no account, not loadable), with the way on. Drawn
 * as antd's warning Result looks, in plain markup: the Result module carries 10 KB of pictures this never shows.
 */
export function RecordProblem({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <div className="record-problem" data-testid="detail-error">
        <ExclamationCircleFilled className="record-problem-icon" />
        <div className="record-problem-title">
          <PageTitle>{title}</PageTitle>
        </div>
        {description && <div className="record-problem-description">{description}</div>}
        <div className="record-problem-actions">
          {action}
          <Button onClick={() => void navigate(PATHS.recordList)}>{t('recordDetail.toRecords')}</Button>
        </div>
      </div>
    </StandaloneFrame>
  );
}
