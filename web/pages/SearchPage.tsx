import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { SearchView } from '../features/search/SearchView';

/** /search?q=: every line of the user's records that holds the words, and questions asked of all of them. */
export default function SearchPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageTitle>{t('pages.search')}</PageTitle>
      <SearchView />
    </div>
  );
}
