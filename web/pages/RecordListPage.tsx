import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty } from '../components/Empty';
import { Spinner } from '../components/Spinner';
import { storeCurrentFolder, useCurrentFolder } from '../features/folders/current-folder';
import { useFolderLabel } from '../features/folders/tree';
import { NewRecordButton } from '../features/new-record/NewRecordButton';
import { RecordsPage } from '../features/records/RecordsPage';
import { RecordsView } from '../features/records/RecordsView';
import { LineSearchField } from '../features/search/LineSearchField';

/**
 * /recordList: the records of one folder — `?folderId=`, else the remembered one, else the default folder —
 * with New record beside the title, so a file can be added where the records are.
 */
export default function RecordListPage() {
  const { t } = useTranslation();
  const { folders, folder } = useCurrentFolder();
  const label = useFolderLabel();
  const name = folder ? label(folder) : null;

  // Links with ?folderId= and renames change the current folder too; remember it for the next visit.
  useEffect(() => {
    if (folder && name) storeCurrentFolder(folder.id, name);
  }, [folder, name]);

  return (
    <RecordsPage
      title={name ?? t('pages.records')}
      action={
        <>
          <LineSearchField />
          <NewRecordButton size="middle" />
        </>
      }
    >
      {folder ? (
        // A fresh view per folder: filters, page and selection belong to the folder they were made in.
        <RecordsView key={folder.id} scope={{ folderId: folder.id }} emptyText={t('records.emptyFolder')} />
      ) : folders.isError ? (
        <Empty className="section-card" description={t('folders.loadFailed')}>
          <Button onClick={() => void folders.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : (
        <Spinner className="records-loading" />
      )}
    </RecordsPage>
  );
}
