import { useTranslation } from 'react-i18next';
import { RecordsPage } from '../features/records/RecordsPage';
import { RecordsView } from '../features/records/RecordsView';

/** /shareList: the records the user shares by link, across all folders. */
export default function SharesPage() {
  const { t } = useTranslation();
  return (
    <RecordsPage title={t('pages.shares')}>
      <RecordsView scope={{ shared: '1' }} emptyText={t('records.emptyShares')} />
    </RecordsPage>
  );
}
