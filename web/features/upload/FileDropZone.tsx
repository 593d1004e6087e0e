import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPLOAD } from '../../../contracts/constants';

const MB = 1024 * 1024;

/**
 * Where files come in: click to pick files, drop files or folders, or pick a folder with the link below.
 * Every batch goes to `onFiles` whole; antd's own list and requests stay unused.
 */
interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** What to drop; audio or video by default. */
  text?: string;
  /** The formats and limits line; the local upload's by default. */
  hint?: string;
  /** The file picker's filter, e.g. ".mp4". */
  accept?: string;
}

export function FileDropZone({ onFiles, text, hint, accept }: FileDropZoneProps) {
  const { t } = useTranslation();
  // A folder input picks folders only, so the zone's input stays a file input; while something is dragged
  // over it the zone switches to folder mode, which is what makes antd walk dropped folders.
  const [dragging, setDragging] = useState(false);
  const batch: UploadProps['beforeUpload'] = (file, all) => {
    if (file === all[0]) onFiles(all);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="upload-drop">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: tracks a drag over the drop area; the area's own button picks files by keyboard. */}
      <div
        data-testid="upload-dropzone"
        onDragEnter={() => setDragging(true)}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
      >
        <Upload.Dragger multiple directory={dragging} accept={accept} showUploadList={false} beforeUpload={batch} onDrop={() => setDragging(false)}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{text ?? t('upload.dropText')}</p>
          <p className="ant-upload-hint">
            {hint ??
              t('upload.dropHint', {
                formats: LOCAL_UPLOAD.extensions.join(' / '),
                mb: LOCAL_UPLOAD.maxBytes / MB,
                hours: LOCAL_UPLOAD.maxSeconds / 3600,
              })}
          </p>
        </Upload.Dragger>
      </div>
      <Upload directory accept={accept} showUploadList={false} beforeUpload={batch}>
        <Button type="link" size="small" icon={<FolderOpenOutlined />}>
          {t('upload.chooseFolder')}
        </Button>
      </Upload>
    </div>
  );
}
