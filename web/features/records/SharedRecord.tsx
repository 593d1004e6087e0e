import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Space } from 'antd';
import { useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Code } from '../../../contracts/errors';
import type { SharedRecord as SharedRecordData, SubtitleLine } from '../../../contracts/records';
import { PageTitle } from '../../components/PageTitle';
import { Skeleton } from '../../components/Skeleton';
import { Empty } from '../../components/Empty';
import { PATHS, signInPath } from '../../lib/paths';
import { isRequestError } from '../../lib/request';
import { useSignedInUser } from '../../lib/session';
import { formatDate, formatDuration, formatTime } from './format';
import { formatClock } from '../../../contracts/timecode';
import { useSpeakerLook } from '../../lib/speaker-look';
import { useMediaSync } from '../../lib/use-media-sync';
import type { SpeakerLook } from '../../lib/speaker-look';
import { useCopyReplica, useSharedRecord } from './hooks';
import { shareDownloadPath } from './links';
import { TypeTag } from './RecordTags';
import { SharedPlayer } from './SharedPlayer';
import './shared-record.css';
import { useFeedback } from '../../lib/feedback';

const block = (event: SyntheticEvent) => event.preventDefault();

/**
 * A shared record, read-only, for anyone holding its share link (spec §1, §2 /meetingShare). Text cannot be
 * selected or copied unless the owner allowed copying; then a signed-in viewer can also copy the record into
 * their own records. An expired, revoked or unknown link says so.
 */
export function SharedRecord({ token }: { token: string }) {
  return <SharedLoader token={token}>{(record) => <SharedView token={token} record={record} />}</SharedLoader>;
}

/**
 * Loads the record a share link names and shows `children` with it, or what stands in the way: an expired,
 * revoked or unknown link, a failure to retry, or a placeholder while it loads (/meetingShare and
 * /meetingShareDownload alike).
 */
export function SharedLoader({ token, children }: { token: string; children: (record: SharedRecordData) => ReactNode }) {
  const { t } = useTranslation();
  const shared = useSharedRecord(token);
  const gone = token === '' || (isRequestError(shared.error) && shared.error.code === Code.GONE);

  let content: ReactNode;
  if (gone) content = <SharedExpired />;
  else if (shared.data) content = children(shared.data);
  else if (shared.isError) {
    content = (
      <Result
        status="error"
        title={<PageTitle>{t('sharedPage.loadFailed')}</PageTitle>}
        extra={<Button onClick={() => void shared.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else content = <Skeleton paragraph={{ rows: 8 }} />;
  return <div className="shared-page">{content}</div>;
}

/** What an expired, revoked or unknown share link shows. */
function SharedExpired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="shared-expired">
      <Result
        status="warning"
        title={<PageTitle>{t('sharedPage.expiredTitle')}</PageTitle>}
        subTitle={t('sharedPage.expiredDescription')}
        extra={
          <Button type="primary" onClick={() => void navigate(PATHS.home)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

function SharedView({ token, record }: { token: string; record: SharedRecordData }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const user = useSignedInUser();
  const copy = useCopyReplica();
  const { allowCopy, translationLanguage } = record;
  // Without the owner's consent the text is shown, not handed out: no selection, copy, cut or context menu.
  const guard = allowCopy ? {} : { onCopy: block, onCut: block, onContextMenu: block, onDragStart: block };

  const copyToMine = () => {
    if (!user) {
      void navigate(signInPath(pathname + search));
      return;
    }
    copy.mutate(
      { token },
      {
        onSuccess: (row) =>
          void message.success({
            content: (
              <span>
                {t('sharedPage.copied')}{' '}
                <Button type="link" size="small" onClick={() => void navigate(`${PATHS.recordList}?folderId=${row.folderId}`)}>
                  {t('sharedPage.openRecords')}
                </Button>
              </span>
            ),
            duration: 6,
          }),
      },
    );
  };

  return (
    <Card
      variant="borderless"
      className={allowCopy ? 'shared-record' : 'shared-record no-copy'}
      data-testid="shared-record"
      data-allow-copy={allowCopy ? 'yes' : 'no'}
      {...guard}
    >
      <SharedHeading record={record}>
        {allowCopy && (
          <Space wrap>
            <Link to={shareDownloadPath(token)} data-testid="shared-open-download">
              <Button icon={<DownloadOutlined />}>{t('sharedPage.download')}</Button>
            </Link>
            <Button type="primary" icon={<CopyOutlined />} loading={copy.isPending} onClick={copyToMine} data-testid="copy-replica">
              {t('sharedPage.copyReplica')}
            </Button>
          </Space>
        )}
      </SharedHeading>
      {!allowCopy && <Alert className="shared-notice" type="info" showIcon message={t('sharedPage.copyBlocked')} />}
      <SharedTranscript token={token} lines={record.lines} language={translationLanguage} />
    </Card>
  );
}

/** A shared record's name and facts (type, owner, dates, length), with `children` as its actions. */
export function SharedHeading({ record, children }: { record: SharedRecordData; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="shared-head">
      <div>
        <PageTitle>{record.name}</PageTitle>
        <div className="shared-meta">
          <TypeTag type={record.type} />
          <span>{t('sharedPage.sharedBy', { name: record.ownerName })}</span>
          <span>{t('sharedPage.created', { date: formatDate(record.createTime) })}</span>
          <span>{t('sharedPage.duration', { duration: formatDuration(record.duration) })}</span>
          {record.expiresAt !== null && <span>{t('sharedPage.expiresAt', { date: formatTime(record.expiresAt) })}</span>}
        </div>
      </div>
      {children}
    </header>
  );
}

/** The player over the lines: a clicked line plays from its start, and the line playing is marked. */
function SharedTranscript({ token, lines, language }: { token: string; lines: SubtitleLine[]; language: string | null | undefined }) {
  const { t } = useTranslation();
  const sync = useMediaSync(lines);
  // Without audio a line has nothing to play: the lines stay plain text.
  const [playable, setPlayable] = useState(true);
  if (lines.length === 0) return <Empty description={t('sharedPage.noLines')} />;
  return (
    <>
      <SharedPlayer token={token} sync={sync} onMissing={() => setPlayable(false)} />
      <SharedLines lines={lines} language={language} activeIndex={sync.activeIndex} onPlay={playable ? sync.seek : undefined} />
    </>
  );
}

/** The shared lines, each speaker in their colour and default names in the visitor's language. */
function SharedLines({
  lines,
  language,
  activeIndex,
  onPlay,
}: {
  lines: SubtitleLine[];
  language: string | null | undefined;
  activeIndex: number;
  onPlay: ((ms: number) => void) | undefined;
}) {
  const look = useSpeakerLook(lines.map((line) => line.speaker));
  return (
    <ol className="shared-lines">
      {lines.map((line, i) => (
        <Line
          key={line.id}
          line={line}
          look={look}
          translation={language && !line.translating ? line.translations[language] : undefined}
          active={i === activeIndex}
          onPlay={onPlay}
        />
      ))}
    </ol>
  );
}

/** A line whose words were edited: its new translation is on its way (the page reloads to show it). */
function UpdatingTranslation() {
  const { t } = useTranslation();
  return (
    <p className="shared-translation shared-translation-updating" data-testid="shared-line-updating">
      {t('sharedPage.translationUpdating')}
    </p>
  );
}

interface LineProps {
  line: SubtitleLine;
  look: SpeakerLook;
  translation: string | undefined;
  active: boolean;
  onPlay: ((ms: number) => void) | undefined;
}

function Line({ line, look, translation, active, onPlay }: LineProps) {
  const { t } = useTranslation();
  // The record page's clock: a line shows the same time to its owner and to whoever holds the link.
  const clock = formatClock(line.start);
  const play = onPlay && (() => onPlay(line.start));
  return (
    // A click anywhere on the line plays it, as on the record page; its time is the button keyboards reach.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the line's time button is its keyboard way in.
    <li
      className={`shared-line${play ? ' shared-line-playable' : ''}${active ? ' shared-line-active' : ''}`}
      data-testid="shared-line"
      aria-current={active ? 'true' : undefined}
      onClick={play}
    >
      <div className="shared-line-head">
        {line.speaker && (
          <span className="shared-speaker" style={{ color: look.color(line.speaker) }}>
            {look.label(line.speaker)}
          </span>
        )}
        {play ? (
          <button
            type="button"
            className="shared-time shared-time-play"
            aria-label={t('sharedPage.playFrom', { time: clock })}
            data-testid="shared-line-time"
            onClick={(event) => {
              event.stopPropagation();
              play();
            }}
          >
            <time>{clock}</time>
          </button>
        ) : (
          <time className="shared-time" data-testid="shared-line-time">
            {clock}
          </time>
        )}
      </div>
      <p className="shared-text">{line.text}</p>
      {translation && <p className="shared-translation">{translation}</p>}
      {line.translating && <UpdatingTranslation />}
    </li>
  );
}
