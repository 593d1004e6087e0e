import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DubProject } from '../../../contracts/dubbing';
import { Empty } from '../../components/Empty';
import { Segmented } from '../../components/Segmented';
import type { useMediaSync } from '../../lib/use-media-sync';
import { formatDate } from '../records/format';

/** The dubbed video when there is one, else the original; a switch compares the two. */
export function DubPreview({ project, sync }: { project: DubProject; sync: ReturnType<typeof useMediaSync> }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<'original' | 'dubbed'>('dubbed');
  const shown = choice === 'dubbed' && project.dubbedUrl ? 'dubbed' : 'original';
  const src = shown === 'dubbed' ? project.dubbedUrl : project.originalUrl;

  return (
    <>
      {project.dubbedUrl && project.originalUrl && (
        <Segmented
          block
          value={shown}
          onChange={setChoice}
          options={[
            { value: 'original', label: t('dubbing.editor.original') },
            { value: 'dubbed', label: t('dubbing.editor.dubbed') },
          ]}
          data-testid="dub-preview-switch"
        />
      )}
      {src ? (
        <video
          key={src}
          className="dub-video"
          ref={(element) => {
            sync.mediaRef.current = element;
          }}
          src={src}
          controls
          playsInline
          preload="metadata"
          data-testid="dub-video"
          data-kind={shown}
          {...sync.mediaEvents}
        />
      ) : (
        <Empty simple description={t('dubbing.editor.noVideo')} />
      )}
      {project.dubbedUrl && project.expiresAt && <p className="dub-muted">{t('dubbing.editor.keptUntil', { date: formatDate(project.expiresAt) })}</p>}
    </>
  );
}
