import { useTranslation } from 'react-i18next';
import { RecordsPage } from '../features/records/RecordsPage';
import { RecordsView } from '../features/records/RecordsView';

/** /favourList: starred records across all folders. */
export default function FavouritesPage() {
  const { t } = useTranslation();
  return (
    <RecordsPage title={t('pages.favourites')}>
      <RecordsView scope={{ favourite: '1' }} emptyText={t('records.emptyFavourites')} />
    </RecordsPage>
  );
}
