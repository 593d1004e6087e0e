import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { useRecordMedia } from './hooks';
import { PlayerControls } from './PlayerControls';
import type { MediaSync } from '../../lib/use-media-sync';

interface MediaPlayerProps {
  recordId: number;
  status: RecordStatus;
  sync: MediaSync;
}

/** The record's audio or video from its signed URL, wired to the transcript, with its controls; says so when there is none yet. */
export function MediaPlayer({ recordId, status, sync }: MediaPlayerProps) {
  const { t } = useTranslation();
  const media = useRecordMedia(recordId);
  const [broken, setBroken] = useState(false);
  const { refetch, isError } = media;

  // A fresh record's audio is extracted by its job: when the status moves on, it may be there now. Only the
  // status is the cue (not the failure itself), so a missing file is not asked for in a loop.
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    if (isError) void refetch();
  }, [status, isError, refetch]);

  if (media.isPending) {
    return (
      <div className="detail-player-empty">
        <Spinner />
      </div>
    );
  }
  if (media.isError || broken) {
    const refresh = () => {
      setBroken(false);
      void refetch();
    };
    return (
      <Alert
        className="detail-player-empty"
        type="info"
        message={t('recordDetail.mediaMissing')}
        action={
          <Button size="small" loading={media.isFetching} onClick={refresh}>
            {t('recordDetail.refresh')}
          </Button>
        }
        data-testid="detail-media-missing"
      />
    );
  }

  const common = {
    ref: (element: HTMLMediaElement | null) => {
      sync.mediaRef.current = element;
    },
    src: media.data.url,
    controls: true,
    preload: 'metadata',
    'data-testid': 'detail-player',
    onError: () => setBroken(true),
    ...sync.mediaEvents,
  };
  return (
    <>
      {media.data.kind === 'video' ? <video className="detail-video" playsInline {...common} /> : <audio className="detail-audio" {...common} />}
      <PlayerControls sync={sync} />
      <p className="detail-hint">{t('recordDetail.tools.readHint')}</p>
    </>
  );
}
