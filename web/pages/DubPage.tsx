import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/PageSpinner';
import { useRecordPage } from '../components/use-record-page';
import { useDubProject } from '../features/dubbing/hooks';
import { lazyComponent } from '../lib/lazy-component';

// The editor's code is fetched once there is a project to edit, beside the project itself: a visit without
// one (no id, signed out) downloads only what says so.
const loadEditor = () => import('../features/dubbing/DubEditor').then((m) => ({ default: m.DubEditor }));
const DubEditor = lazyComponent(loadEditor, <PageSpinner />);

/**
 * /dub?id= and /audioEdit?id= — one dubbing project in the editor (spec §2). Without an id, without an
 * account, or when the project cannot be read, it says so and what to do instead.
 */
export default function DubPage() {
  const { t } = useTranslation();
  const page = useRecordPage(useDubProject, {
    missingId: t('dubbing.editor.missingId'),
    signInFirst: t('dubbing.editor.signInFirst'),
    loadFailed: t('dubbing.editor.loadFailed'),
  });
  useEffect(() => {
    if (page.id !== null) void loadEditor();
  }, [page.id]);
  // A fresh editor per project: unsaved edits belong to the project they were made in.
  return page.fallback ?? <DubEditor key={page.id} project={page.data} />;
}
