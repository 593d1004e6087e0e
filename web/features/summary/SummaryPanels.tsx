import { useTranslation } from 'react-i18next';
import type { Chapter, KeyPoint } from '../../../contracts/summary';
import { Empty } from '../../components/Empty';
import { formatDuration } from '../records/format';

/** Two of the list tabs of a summary (the speakers' is in SpeakerSummariesPanel.tsx). Every time is a button, so the player can be moved there by keyboard too. */

// Down to the second, so a time shows where the player lands rather than the next second.
export const clock = (ms: number) => formatDuration(Math.floor(ms / 1000));

export function ChaptersPanel({ chapters, onSeek }: { chapters: Chapter[]; onSeek: (ms: number) => void }) {
  const { t } = useTranslation();
  if (chapters.length === 0) return <Empty simple description={t('summary.noChapters')} />;
  return (
    <ol className="summary-list" data-testid="summary-chapters">
      {chapters.map((chapter, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a summary's lists are replaced whole, never reordered, and may repeat a time.
        <li key={`${chapter.start}-${i}`} className="summary-chapter">
          <button
            type="button"
            className="summary-seek summary-chapter-head"
            onClick={() => onSeek(chapter.start)}
            title={t('summary.playFrom', { time: clock(chapter.start) })}
            data-testid={`summary-chapter-${i}`}
          >
            <span className="summary-time">
              {clock(chapter.start)}–{clock(chapter.end)}
            </span>
            <span className="summary-chapter-title">{chapter.title}</span>
          </button>
          {chapter.summary && <p className="summary-text">{chapter.summary}</p>}
        </li>
      ))}
    </ol>
  );
}

export function KeyPointsPanel({ keyPoints, onSeek }: { keyPoints: KeyPoint[]; onSeek: (ms: number) => void }) {
  const { t } = useTranslation();
  if (keyPoints.length === 0) return <Empty simple description={t('summary.noKeyPoints')} />;
  return (
    <ul className="summary-list" data-testid="summary-key-points">
      {keyPoints.map((point, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a summary's lists are replaced whole, never reordered, and may repeat a time.
        <li key={`${point.start}-${i}`} className="summary-key-point">
          <button
            type="button"
            className="summary-seek summary-time"
            onClick={() => onSeek(point.start)}
            aria-label={t('summary.playFrom', { time: clock(point.start) })}
            data-testid={`summary-key-point-${i}`}
          >
            {clock(point.start)}
          </button>
          <span className="summary-text">{point.text}</span>
        </li>
      ))}
    </ul>
  );
}
