import { DownloadOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Alert } from '../../components/Alert';
import { MenuDropdown } from '../../components/MenuDropdown';
import { PanelCard } from '../../components/PanelCard';
import { Skeleton } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';
import { Tag } from '../../components/Tag';
import { Tooltip } from '../../components/Tooltip';
import { Suspense, lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import type { RecordRow } from '../../../contracts/records';
import { SUMMARY_EXPORT_FORMATS } from '../../../contracts/record-vocabulary';
import type { MediaSummary } from '../../../contracts/summary';
import type { SummaryExportFormat } from '../../../contracts/record-vocabulary';
import { lazyComponent } from '../../lib/lazy-component';
import { lazyPage } from '../../lib/lazy-page';
import { formatTime } from '../records/format';
import { downloadSummary } from './api';
import { isSummarising, useStartSummary, useSummary } from './hooks';
import { MeetingListsPanel } from './MeetingListsPanel';
import { ChaptersPanel, KeyPointsPanel } from './SummaryPanels';
import { SummaryTabs } from './SummaryTabs';
import './summary.css';
import { useFeedback } from '../../lib/feedback';

// markmap and d3 are the weight of the mind map: they load when its tab is first opened, never with the page.
const loadMindMap = lazyPage(() => import('./MindMap'));
const MindMap = lazy(async () => ({ default: (await loadMindMap()).Component }));
// The speakers' tab draws progress bars, whose code waits for the tab too.
const SpeakerSummariesPanel = lazyComponent(() => import('./SpeakerSummariesPanel'), <Spinner />);

type BlockedKey = 'summary.waitTranscription' | 'summary.waitMeeting' | 'summary.waitFinishing' | 'summary.waitProcessing';

/** The statuses in which the server refuses a summary (its lines are still being written), and why. */
const BLOCKED: Partial<Record<RecordStatus, BlockedKey>> = {
  transcribing: 'summary.waitTranscription',
  in_progress: 'summary.waitMeeting',
  paused: 'summary.waitMeeting',
  // An ended meeting's transcript is being completed from its recording: its minutes come after.
  finishing: 'summary.waitFinishing',
  dub_start: 'summary.waitProcessing',
  dubbing: 'summary.waitProcessing',
};

export interface SummaryCardProps {
  record: RecordRow;
  /** The record has transcript lines to summarise. */
  hasTranscript: boolean;
  onSeek: (ms: number) => void;
}

/**
 * The record's AI summary (for a meeting, its minutes): generate it, follow it while it is made, read it in
 * four tabs that move the player, and download it. The last good summary stays readable while a new one is
 * made or after one failed.
 */
export function SummaryCard({ record, hasTranscript, onSeek }: SummaryCardProps) {
  const { t } = useTranslation();
  const query = useSummary(record.id, record.status);
  const start = useStartSummary(record.id);
  const meeting = record.type === 'meeting';
  const state = query.data;
  const summary = state?.summary ?? null;
  const blocked = BLOCKED[record.status];

  const startButton = (label: string, testId: string, icon?: ReactNode, primary = false) => {
    const button = (
      <Button
        size={primary ? 'middle' : 'small'}
        type={primary ? 'primary' : 'default'}
        icon={icon}
        loading={start.isPending}
        disabled={blocked !== undefined}
        onClick={() => start.mutate()}
        data-testid={testId}
      >
        {label}
      </Button>
    );
    return blocked ? <Tooltip title={t(blocked)}>{button}</Tooltip> : button;
  };

  let body: ReactNode;
  if (!state) {
    // Only a first read that failed is shown as a failure: a poll that fails keeps the state last read.
    body = query.isError ? (
      <Alert
        type="error"
        message={t('summary.loadFailed')}
        description={query.error.message}
        action={
          <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()} data-testid="summary-reload">
            {t('common.retry')}
          </Button>
        }
      />
    ) : (
      <Skeleton paragraph={{ rows: 3 }} />
    );
  } else {
    const running = isSummarising(state.status);
    body = (
      <>
        {running && (
          <div className="summary-progress" role="status" data-testid="summary-progress">
            <Spinner size="small" />
            <div>
              <strong>{t('summary.running')}</strong>
              <p className="detail-hint">{summary ? t('summary.previous') : t('summary.runningHint')}</p>
            </div>
          </div>
        )}
        {state.status === 'failed' && (
          <Alert
            type="error"
            message={
              <>
                {t('summary.failed')}
                <span className="summary-reason" data-testid="summary-error">
                  {state.errorReason || t('summary.noReason')}
                </span>
              </>
            }
            action={startButton(t('common.retry'), 'summary-retry', <ReloadOutlined />)}
          />
        )}
        {state.stale && summary && !running && (
          <Alert
            type="warning"
            message={t('summary.stale')}
            action={startButton(t('summary.regenerate'), 'summary-regenerate', <ReloadOutlined />)}
            data-testid="summary-stale"
          />
        )}
        {summary ? (
          <SummaryContent recordId={record.id} summary={summary} generatedAt={state.generatedAt} onSeek={onSeek} />
        ) : (
          !running &&
          state.status !== 'failed' && (
            <div className="summary-start" data-testid="summary-none">
              <p className="summary-intro">{t(meeting ? 'summary.minutesIntro' : 'summary.intro')}</p>
              {hasTranscript || blocked ? (
                <>
                  {startButton(t(meeting ? 'summary.generateMinutes' : 'summary.generate'), 'summary-generate', <RobotOutlined />, true)}
                  {blocked && <p className="detail-hint">{t(blocked)}</p>}
                </>
              ) : (
                <p className="detail-hint">{t('summary.noTranscript')}</p>
              )}
            </div>
          )
        )}
      </>
    );
  }

  return (
    <PanelCard
      className="detail-card detail-summary"
      title={t(meeting ? 'summary.minutesTitle' : 'summary.title')}
      extra={<ExportMenu recordId={record.id} disabled={!summary} />}
      data-testid="detail-summary"
    >
      <div className="summary-body">{body}</div>
    </PanelCard>
  );
}

function SummaryContent({
  recordId,
  summary,
  generatedAt,
  onSeek,
}: {
  recordId: number;
  summary: MediaSummary;
  generatedAt: number | null;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="detail-meta summary-meta">
        <Tag color={summary.method === 'llm' ? 'blue' : 'default'} data-testid="summary-method">
          {t(`summary.method.${summary.method}`)}
        </Tag>
        {generatedAt !== null && <span>{t('summary.generatedAt', { time: formatTime(generatedAt) })}</span>}
      </div>
      <SummaryTabs
        items={[
          { key: 'chapters', label: t('summary.tabs.chapters'), children: <ChaptersPanel chapters={summary.chapters} onSeek={onSeek} /> },
          { key: 'speakers', label: t('summary.tabs.speakers'), children: <SpeakerSummariesPanel speakers={summary.speakers} /> },
          { key: 'keyPoints', label: t('summary.tabs.keyPoints'), children: <KeyPointsPanel keyPoints={summary.keyPoints} onSeek={onSeek} /> },
          {
            key: 'lists',
            label: t('summary.tabs.lists', { count: summary.actionItems.length }),
            children: <MeetingListsPanel recordId={recordId} summary={summary} onSeek={onSeek} />,
          },
          {
            key: 'mindMap',
            label: t('summary.tabs.mindMap'),
            children: (
              <Suspense
                fallback={
                  <div className="summary-mind-map summary-mind-map-loading">
                    <Spinner />
                  </div>
                }
              >
                <MindMap root={summary.mindMap} onSeek={onSeek} />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}

function ExportMenu({ recordId, disabled }: { recordId: number; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  const save = async (format: SummaryExportFormat) => {
    setBusy(true);
    try {
      const name = await downloadSummary(recordId, format);
      void message.success(t('export.saved', { name }));
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <MenuDropdown
      disabled={disabled || busy}
      menu={{
        items: SUMMARY_EXPORT_FORMATS.map((format) => ({
          key: format,
          label: <span data-testid={`summary-export-${format}`}>{t(`summary.formats.${format}`)}</span>,
        })),
        onClick: ({ key }) => void save(key as SummaryExportFormat),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={disabled}
        aria-label={t('summary.export')}
        data-testid="summary-export"
      >
        <span className="summary-export-label">{t('summary.export')}</span>
      </Button>
    </MenuDropdown>
  );
}
