import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { PageTitle } from '../components/PageTitle';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { useRecordDetail } from '../features/record-detail/hooks';
import { RecordDetailView } from '../features/record-detail/RecordDetailView';
import { signInPath } from '../features/records/RecordsPage';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session';

/** `?id=` as a record id, or null when missing or not an id. */
function recordId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * /meetingDetail?id= — one of the user's records with its player and editable transcript (spec §2 record
 * detail). Without an id, without an account, or when the record cannot be read, it says so instead.
 */
export default function MeetingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = recordId(useSearchParams()[0].get('id'));
  const hasAccount = useSession((s) => s.userInfo !== null);
  const detail = useRecordDetail(id);

  // Spec §8 "missing parameters".
  if (id === null) return <Problem title={t('recordDetail.missingId')} />;
  if (!hasAccount) {
    return (
      <Problem
        title={t('recordDetail.signInFirst')}
        action={
          <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
            {t('header.loginShort')}
          </Button>
        }
      />
    );
  }
  // A fresh view per record: undo history and unsaved edits belong to the record they were made in.
  if (detail.data) return <RecordDetailView key={id} detail={detail.data} />;
  if (detail.isError) {
    return (
      <Problem
        title={t('recordDetail.loadFailed')}
        description={detail.error.message}
        action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <PageSpinner />;
}

function Problem({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
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
