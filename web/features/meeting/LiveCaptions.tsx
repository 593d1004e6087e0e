import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTION_STYLES } from '../../../contracts/meeting';
import type { CaptionStyle } from '../../../contracts/meeting';
import type { LiveState } from './live-transcript';
import { liveCaptions } from './rolling-captions';
import type { CaptionRow, CaptionShow } from './rolling-captions';
import { useSpeakerLook } from '../../lib/speaker-look';
import type { SpeakerLook } from '../../lib/speaker-look';

interface LiveCaptionsProps {
  lines: LiveState['lines'];
  partial: LiveState['partial'];
  style: LiveState['captions'];
  /** The translation shown; null for the original only. */
  language: string | null;
  show?: CaptionShow;
  look: Pick<SpeakerLook, 'color' | 'label'>;
}

/**
 * Captions the way subtitles read: at most two lines of the original and two of the translation, each
 * translation under its original, rolling up or popping on as the host chose (rolling-captions.ts). A row
 * is one subtitle line and never wraps; words still being recognised are dimmed.
 */
export function LiveCaptions({ lines, partial, style, language, show = 'both', look }: LiveCaptionsProps) {
  const blocks = liveCaptions(lines, partial, language, style, show);
  const row = (r: CaptionRow, kind: 'source' | 'translation') => (
    <p key={r.key} className={`caption-row projection-${kind}${r.unsettled ? ' caption-unsettled' : ''}`}>
      {r.speaker && (
        <span className="caption-speaker" style={{ color: look.color(r.speaker) }}>
          {look.label(r.speaker)}{' '}
        </span>
      )}
      {r.text}
    </p>
  );
  return (
    <div className="captions" data-testid="captions" data-style={style}>
      {blocks.map((block) => (
        <div
          key={block.key}
          className={block.seq === null ? 'projection-line projection-partial' : 'projection-line'}
          data-testid={block.seq === null ? 'projection-partial' : 'projection-line'}
          data-seq={block.seq ?? undefined}
        >
          {block.source.map((r) => row(r, 'source'))}
          {block.translation.map((r) => row(r, 'translation'))}
        </div>
      ))}
    </div>
  );
}

interface CaptionStripProps {
  socket: Pick<LiveState, 'lines' | 'partial' | 'captions'>;
  language: string | null;
  /** Given on the host's console: the host picks roll-up or pop-on for every screen. */
  onStyle?: (style: CaptionStyle) => void;
}

/** The two-line captions above the transcript on the console and the participants' page. */
export function CaptionStrip({ socket, language, onStyle }: CaptionStripProps) {
  const { t } = useTranslation();
  const look = useSpeakerLook(socket.lines.map((line) => line.speaker));
  return (
    <div className="caption-strip" data-testid="caption-strip">
      <LiveCaptions lines={socket.lines} partial={socket.partial} style={socket.captions} language={language} look={look} />
      {onStyle && (
        <Segmented<CaptionStyle>
          size="small"
          value={socket.captions}
          onChange={onStyle}
          options={CAPTION_STYLES.map((value) => ({ value, label: t(`meeting.captions.${value}`) }))}
          aria-label={t('meeting.captions.style')}
          data-testid="caption-style"
        />
      )}
    </div>
  );
}
