import { useTranslation } from 'react-i18next';
import { useRecordPage } from '../components/use-record-page';
import { DubEditor } from '../features/dubbing/DubEditor';
import { useDubProject } from '../features/dubbing/hooks';

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
  // A fresh editor per project: unsaved edits belong to the project they were made in.
  return page.fallback ?? <DubEditor key={page.id} project={page.data} />;
}
