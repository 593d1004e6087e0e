import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { VocabularyList } from '../features/vocabulary/VocabularyList';
import { VocabularySignIn } from '../features/vocabulary/VocabularySignIn';
import { useSession } from '../lib/session';
import { refreshPermissions } from '../lib/permissions';

/** /vocabulary: the user's vocabulary libraries, by folder and type. */
export default function VocabularyPage() {
  const { t } = useTranslation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  // A purchase in another tab changes what may be created here.
  useEffect(() => {
    if (hasAccount) void refreshPermissions();
  }, [hasAccount]);
  return (
    <div className="page vocabulary-page">
      <PageTitle>{t('pages.vocabulary')}</PageTitle>
      {hasAccount ? <VocabularyList /> : <VocabularySignIn />}
    </div>
  );
}
