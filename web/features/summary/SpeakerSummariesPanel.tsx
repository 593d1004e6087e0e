import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpeakerSummary } from '../../../contracts/summary';
import { Empty } from '../../components/Empty';
import { useSpeakerLabel } from '../../lib/speaker-look';
import { clock } from './SummaryPanels';

/** The summary's speakers tab: each speaker's share of the talk and what they said. Loads when first opened. */
export default function SpeakerSummariesPanel({ speakers }: { speakers: SpeakerSummary[] }) {
  const { t } = useTranslation();
  const label = useSpeakerLabel();
  if (speakers.length === 0) return <Empty simple description={t('summary.noSpeakers')} />;
  const total = speakers.reduce((sum, s) => sum + s.talkMs, 0);
  return (
    <ul className="summary-list" data-testid="summary-speakers">
      {speakers.map((speaker, i) => {
        const share = total > 0 ? Math.round((speaker.talkMs / total) * 100) : 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a summary's lists are replaced whole, never reordered, and may repeat a time.
          <li key={`${speaker.speaker}-${i}`} className="summary-speaker" data-testid={`summary-speaker-${i}`}>
            <div className="summary-speaker-head">
              <span className="summary-speaker-name">{label(speaker.speaker)}</span>
              <span className="summary-time">{clock(speaker.talkMs)}</span>
            </div>
            <Progress percent={share} size="small" format={(p) => `${p}%`} aria-label={t('summary.talkShare', { share })} />
            {speaker.summary && <p className="summary-text">{speaker.summary}</p>}
          </li>
        );
      })}
    </ul>
  );
}
