import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { VocabularyDetail } from '../features/vocabulary/VocabularyDetail';
import { VocabularySignIn } from '../features/vocabulary/VocabularySignIn';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session';
import { refreshPermissions } from '../lib/permissions';

/** /vocabularyDetail?id=: one library and its entries. */
export default function VocabularyDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hasAccount = useSession((s) => s.userInfo !== null);
  const id = Number(params.get('id'));
  useEffect(() => {
    if (hasAccount) void refreshPermissions();
  }, [hasAccount]);

  if (!hasAccount) {
    return (
      <div className="page vocabulary-page">
        <VocabularySignIn />
      </div>
    );
  }
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="page vocabulary-page">
        <Result
          status="404"
          title={t('vocabulary.detail.missing')}
          extra={
            <Link to={PATHS.vocabulary}>
              <Button type="primary">{t('vocabulary.detail.back')}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  // A fresh view per library: paging, search and selection belong to the library they were made in.
  return <VocabularyDetail key={id} id={id} />;
}
