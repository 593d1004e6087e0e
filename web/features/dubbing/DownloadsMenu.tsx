import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { SRT_FILE_TYPES } from '../../../contracts/upload-files';
import type { DubProject } from '../../../contracts/dubbing';
import { downloadByLink } from '../../lib/download';
import { downloadConfig } from './api';
import type { DubDownloadOptions } from './api';

const FORMATS = ['srt', 'vtt', 'txt'] as const;

/** The dubbed video while it is kept, its subtitles as a zip, or both in one zip. */
export function DownloadsMenu({ project }: { project: DubProject }) {
  const { t } = useTranslation();
  const { id, name } = project.record;

  const fetchZip = (kind: 'subtitles' | 'withVideo', options: DubDownloadOptions) =>
    void downloadByLink(downloadConfig(id, kind, options)).catch(() => undefined); // the layer said why

  const items: MenuProps['items'] = [
    {
      key: 'video',
      disabled: !project.dubbedUrl,
      label: project.dubbedUrl ? (
        <a href={project.dubbedUrl} download={`${name}.mp4`} data-testid="dub-download-video">
          {t('dubbing.downloads.video')}
        </a>
      ) : (
        t('dubbing.downloads.noVideo')
      ),
    },
    ...FORMATS.map((type) => ({
      key: `subtitles-${type}`,
      label: t('dubbing.downloads.subtitles', { format: type.toUpperCase() }),
      children: SRT_FILE_TYPES.map((msgType) => ({
        key: `subtitles-${type}-${msgType}`,
        label: t(`dubbing.srt.types.${msgType}`),
        onClick: () => fetchZip('subtitles', { type, msgType }),
      })),
    })),
    {
      key: 'withVideo',
      disabled: !project.dubbedUrl,
      label: t('dubbing.downloads.withVideo'),
      onClick: () => fetchZip('withVideo', { type: 'srt', msgType: '3' }),
    },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button icon={<DownloadOutlined />} data-testid="dub-downloads">
        <span className="dub-label">{t('dubbing.downloads.title')}</span>
      </Button>
    </Dropdown>
  );
}
