import { CloseOutlined, LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Select, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { SRT_FILE_TYPES, SRT_MAX_BYTES, type SrtFileType, extensionOf } from '../../../contracts/upload-files';
import { formatLimit } from '../upload/use-upload-files';
import { uploadSrt } from './api';
import { useFeedback } from '../../lib/feedback';

/** A video's subtitle file (spec §3 srtUrl, srtFileType); `url` is null while it uploads. */
export interface SrtAttachment {
  name: string;
  url: string | null;
  type: SrtFileType;
}

interface SrtAttachProps {
  value: SrtAttachment | undefined;
  /** Takes an update, because the upload finishes after the user may have changed the kind or removed the file. */
  onChange: (update: (previous: SrtAttachment | undefined) => SrtAttachment | undefined) => void;
  testId: string;
}

/** One optional .srt per video, with what it holds (spec §2, §5: .srt only, one per file). */
export function SrtAttach({ value, onChange, testId }: SrtAttachProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();

  const attach = (file: File) => {
    if (extensionOf(file.name) !== 'srt') void message.warning(t('dubbing.srt.onlySrt'));
    else if (file.size > SRT_MAX_BYTES) void message.warning(t('dubbing.srt.tooLarge', { max: formatLimit(SRT_MAX_BYTES) }));
    else {
      const mine = (previous: SrtAttachment | undefined) => previous?.name === file.name && previous.url === null;
      onChange(() => ({ name: file.name, url: null, type: '1' }));
      uploadSrt(file).then(
        ({ url }) => onChange((previous) => (mine(previous) ? { ...previous!, url } : previous)),
        (error: unknown) => {
          onChange((previous) => (mine(previous) ? undefined : previous));
          void message.error(error instanceof Error ? error.message : t('upload.uploadError'));
        },
      );
    }
    return Upload.LIST_IGNORE;
  };

  if (!value) {
    return (
      <Upload accept=".srt" showUploadList={false} beforeUpload={attach} data-testid={testId}>
        <Button type="link" size="small" icon={<PaperClipOutlined />} className="dub-srt-add">
          {t('dubbing.srt.attach')}
        </Button>
      </Upload>
    );
  }
  return (
    <div className="dub-srt" data-testid={`${testId}-attached`}>
      {value.url === null ? <LoadingOutlined aria-label={t('upload.uploading')} /> : <PaperClipOutlined />}
      <span className="dub-srt-name" title={value.name}>
        {value.name}
      </span>
      <Select<SrtFileType>
        size="small"
        value={value.type}
        onChange={(type) => onChange((previous) => previous && { ...previous, type })}
        options={SRT_FILE_TYPES.map((type) => ({ value: type, label: t(`dubbing.srt.types.${type}`) }))}
        aria-label={t('dubbing.srt.kind')}
        popupMatchSelectWidth={false}
        data-testid={`${testId}-type`}
      />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('dubbing.srt.remove')}
        title={t('dubbing.srt.remove')}
        onClick={() => onChange(() => undefined)}
      />
    </div>
  );
}
