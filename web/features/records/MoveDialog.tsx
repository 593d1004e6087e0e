import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRow } from '../../../contracts/records';
import { FolderTreeSelect } from '../folders/FolderTreeSelect';
import { useFolders } from '../folders/hooks';
import { findFolder, useFolderLabel } from '../folders/tree';
import { useEditRecords } from './hooks';
import { useFeedback } from '../../lib/feedback';

/** Moves a record to another of the user's folders. */
export function MoveDialog({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const folders = useFolders();
  const label = useFolderLabel();
  const edit = useEditRecords();
  const [target, setTarget] = useState(record.folderId);

  const move = async () => {
    try {
      await edit.mutateAsync({ ids: [record.id], folderId: target });
    } catch {
      return; // the request layer showed why
    }
    const folder = findFolder(folders.data ?? [], target);
    void message.success(t('records.moved', { folder: folder ? label(folder) : '' }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('records.moveTitle')}
      onCancel={onClose}
      onOk={() => void move()}
      confirmLoading={edit.isPending}
      okButtonProps={{ disabled: target === record.folderId, 'data-testid': 'record-move-submit' }}
      width={420}
    >
      <Form layout="vertical">
        <Form.Item label={t('records.moveTarget')}>
          <FolderTreeSelect value={target} onChange={setTarget} placeholder={t('folders.choose')} data-testid="record-move-target" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
