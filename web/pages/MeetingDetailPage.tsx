import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { RecordProblem, parseRecordId } from '../components/RecordProblem';
import { useRecordDetail } from '../features/record-detail/hooks';
import { RecordDetailView } from '../features/record-detail/RecordDetailView';
import { useSession } from '../lib/session';
import { signInPath } from '../lib/paths';

/**
 * /meetingDetail?id= — one of the user's records with its player and editable transcript (spec §2 record
 * detail). Without an id, without an account, or when the record cannot be read, it says so instead.
 */
export default function MeetingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = parseRecordId(useSearchParams()[0].get('id'));
  const hasAccount = useSession((s) => s.userInfo !== null);
  const detail = useRecordDetail(id);

  // Spec §8 "missing parameters".
  if (id === null) return <RecordProblem title={t('recordDetail.missingId')} />;
  if (!hasAccount) {
    return (
      <RecordProblem
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
      <RecordProblem
        title={t('recordDetail.loadFailed')}
        description={detail.error.message}
        action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <PageSpinner />;
}
