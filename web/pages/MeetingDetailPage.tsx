import { useTranslation } from 'react-i18next';
import { useRecordPage } from '../components/use-record-page';
import { RecordDetailView } from '../features/record-detail/RecordDetailView';
import { useRecordDetail } from '../features/record-detail/hooks';

/**
 * /meetingDetail?id= — one of the user's records with its player and editable transcript (spec §2 record
 * detail). Without an id, without an account, or when the record cannot be read, it says so instead.
 */
export default function MeetingDetailPage() {
  const { t } = useTranslation();
  const page = useRecordPage(useRecordDetail, {
    missingId: t('recordDetail.missingId'),
    signInFirst: t('recordDetail.signInFirst'),
    loadFailed: t('recordDetail.loadFailed'),
  });
  // A fresh view per record: undo history and unsaved edits belong to the record they were made in.
  return page.fallback ?? <RecordDetailView key={page.id} detail={page.data} />;
}
