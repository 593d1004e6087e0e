import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerTransport } from '../../components/PlayerTransport';
import type { MediaSync } from '../../lib/use-media-sync';
import { sharedMediaUrl } from './api';

/**
 * The shared record's audio, streamed through its share link (the server answers byte ranges, so it seeks),
 * with the record page's transport. A record with no stored audio, or a link closed meanwhile, says so instead.
 */
export function SharedPlayer({ token, sync, onMissing }: { token: string; sync: MediaSync; onMissing: () => void }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  if (missing) {
    return (
      <p className="shared-player-missing" data-testid="shared-audio-missing">
        {t('sharedPage.audioMissing')}
      </p>
    );
  }
  return (
    <div className="shared-player">
      <audio
        ref={(element) => {
          sync.mediaRef.current = element;
        }}
        className="shared-audio"
        src={sharedMediaUrl(token)}
        controls
        preload="metadata"
        aria-label={t('sharedPage.audio')}
        data-testid="shared-player"
        onError={() => {
          setMissing(true);
          onMissing();
        }}
        {...sync.mediaEvents}
      />
      <PlayerTransport sync={sync} />
    </div>
  );
}
