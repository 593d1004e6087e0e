import { memo, useLayoutEffect, useRef } from 'react';
import type { CSSProperties } from 'react';
import type { LiveState } from './live-transcript';
import { formatDuration } from '../records/format';
import { useSpeakerLook } from '../../lib/speaker-look';

/** How close to the bottom (px) still counts as "following" the newest line. */
const FOLLOW_SLACK = 48;

interface LiveSubtitlesProps {
  lines: LiveState['lines'];
  partial: LiveState['partial'];
  /** The translation shown under each final, or null for the original only. */
  language: string | null;
  /** Shown while nothing has been said yet. */
  placeholder: string;
  fontSize?: number;
}

/**
 * The live transcript the console and the participants share: finals with speaker (in their colour) and time, the chosen
 * translation under each, and the line being spoken updating in place. It follows the newest line unless
 * the reader scrolled up to read back, and follows again once they return to the bottom.
 */
export const LiveSubtitles = memo(function LiveSubtitles({ lines, partial, language, placeholder, fontSize }: LiveSubtitlesProps) {
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const look = useSpeakerLook(lines.map((line) => line.speaker));

  // biome-ignore lint/correctness/useExhaustiveDependencies: new lines, a changed partial or language are what make it scroll.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [lines, partial, language]);

  const onScroll = () => {
    const el = box.current;
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK;
  };

  const style = fontSize ? ({ '--live-font': `${fontSize}px` } as CSSProperties) : undefined;
  const empty = lines.length === 0 && !partial?.text;
  return (
    <div className="live-subtitles" ref={box} onScroll={onScroll} style={style} data-testid="live-subtitles" aria-live="polite">
      {empty ? (
        <p className="live-placeholder">{placeholder}</p>
      ) : (
        <ol className="live-lines">
          {lines.map((line) => {
            const translation = language ? line.translations[language] : undefined;
            return (
              <li key={line.seq} className="live-line" data-testid="live-line">
                <div className="live-line-head">
                  {line.speaker && (
                    <span className="live-speaker" style={{ color: look.color(line.speaker) }}>
                      {look.label(line.speaker)}
                    </span>
                  )}
                  <time className="live-time">{formatDuration(line.start / 1000)}</time>
                </div>
                <p className="live-text">{line.text}</p>
                {translation && <p className="live-translation">{translation}</p>}
              </li>
            );
          })}
          {partial?.text && (
            <li className="live-line live-partial" data-testid="live-partial">
              <div className="live-line-head">
                <time className="live-time">{formatDuration(partial.start / 1000)}</time>
              </div>
              <p className="live-text">{partial.text}</p>
            </li>
          )}
        </ol>
      )}
    </div>
  );
});
