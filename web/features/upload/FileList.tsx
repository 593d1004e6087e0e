import { CheckCircleFilled, DeleteOutlined, FileOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/Tooltip';
import { formatDuration } from '../records/format';
import type { UploadItem } from './use-upload-files';
import { useFeedback } from '../../lib/feedback';

interface FileListProps {
  items: UploadItem[];
  onRemove: (item: UploadItem) => Promise<unknown>;
  /** More for a row under its name (the dubbing dialog's subtitle file). */
  extra?: (item: UploadItem) => ReactNode;
}

/** The added files: name, length, upload state, and a delete that asks first (spec §4). */
export function FileList({ items, onRemove, extra }: FileListProps) {
  const { t } = useTranslation();
  const { modal } = useFeedback();

  const confirmRemove = (item: UploadItem) =>
    modal.confirm({
      title: t('upload.deleteTitle', { name: item.name }),
      okText: t('upload.delete'),
      okButtonProps: { danger: true, 'data-testid': 'upload-delete-confirm' },
      // A refused delete keeps the row; the request layer said why.
      onOk: () => onRemove(item).catch(() => undefined),
    });

  return (
    <ul className="upload-files">
      {items.map((item) => {
        const done = item.fileId !== null;
        return (
          <li key={item.key} className="upload-file" data-testid="upload-file-row">
            <FileOutlined className="upload-file-icon" />
            <div className="upload-file-main">
              <div className="upload-file-line">
                <span className="upload-file-name" title={item.name}>
                  {item.name}
                </span>
                <span className="upload-file-duration">{formatDuration(item.duration)}</span>
              </div>
              {!done && <Progress percent={item.percent} size="small" data-testid="upload-progress" />}
              {extra?.(item)}
            </div>
            {done ? (
              <CheckCircleFilled className="upload-file-done" aria-label={t('upload.uploaded')} data-testid="upload-file-done" />
            ) : (
              <LoadingOutlined className="upload-file-loading" aria-label={t('upload.uploading')} />
            )}
            <Tooltip title={t('upload.delete')}>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('upload.delete')}
                onClick={() => confirmRemove(item)}
                data-testid="upload-file-delete"
              />
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
