import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { RecordProblem, parseRecordId } from '../components/RecordProblem';
import { DubEditor } from '../features/dubbing/DubEditor';
import { useDubProject } from '../features/dubbing/hooks';
import { useSession } from '../lib/session';
import { signInPath } from '../lib/paths';

/**
 * /dub?id= and /audioEdit?id= — one dubbing project in the editor (spec §2). Without an id, without an
 * account, or when the project cannot be read, it says so and what to do instead.
 */
export default function DubPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = parseRecordId(useSearchParams()[0].get('id'));
  const hasAccount = useSession((s) => s.userInfo !== null);
  const project = useDubProject(id);

  if (id === null) return <RecordProblem title={t('dubbing.editor.missingId')} />;
  if (!hasAccount) {
    return (
      <RecordProblem
        title={t('dubbing.editor.signInFirst')}
        action={
          <Button type="primary" onClick={() => void navigate(signInPath(pathname + search))}>
            {t('header.loginShort')}
          </Button>
        }
      />
    );
  }
  // A fresh editor per project: unsaved edits belong to the project they were made in.
  if (project.data) return <DubEditor key={id} project={project.data} />;
  if (project.isError) {
    return (
      <RecordProblem
        title={t('dubbing.editor.loadFailed')}
        description={project.error.message}
        action={<Button onClick={() => void project.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <PageSpinner />;
}
