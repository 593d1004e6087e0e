import { ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { Skeleton } from '../components/Skeleton';
import { NewRecordButton } from '../features/new-record/NewRecordButton';
import { useNewRecordActions } from '../features/new-record/use-new-record-actions';
import { formatDuration, formatTime } from '../features/records/format';
import { useRecords } from '../features/records/hooks';
import { JobProgress } from '../features/records/JobProgress';
import { StatusTag, TypeTag } from '../features/records/RecordTags';
import { recordLink } from '../features/records/links';
import { lazyComponent } from '../lib/lazy-component';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session';
import './home.css';

// Most visits find records here; the empty state's code loads only for those that do not.
const Empty = lazyComponent(() => import('../components/Empty').then((m) => ({ default: m.Empty })));

const RECENT = { pageNum: 1, pageSize: 5, orderByColumn: 'create_time', isAsc: 'desc' } as const;

export default function HomePage() {
  const { t } = useTranslation();
  const actions = useNewRecordActions();
  return (
    <div className="page home">
      <section className="home-hero">
        <div>
          <PageTitle>{t('home.welcome')}</PageTitle>
          <p className="home-intro">{t('home.intro')}</p>
        </div>
        <NewRecordButton />
      </section>

      <section className="home-actions">
        {actions.map((action) => (
          <button key={action.key} type="button" className={`home-action ${action.key}`} onClick={action.run}>
            <span className="home-action-icon">{action.icon}</span>
            <span className="home-action-label">{action.label}</span>
            <span className="home-action-description">{action.description}</span>
          </button>
        ))}
      </section>

      <RecentRecords />
    </div>
  );
}

/** The five newest records (spec §2 "home with recent records"); with none yet, the ways to make one. */
function RecentRecords() {
  const { t } = useTranslation();
  const actions = useNewRecordActions();
  const hasAccount = useSession((s) => s.userInfo !== null);
  // Silent: a failure here shows in the card rather than as a toast over the home page.
  const recent = useRecords(RECENT, { silent: true });
  const rows = recent.data?.rows ?? [];

  const body = () => {
    if (hasAccount && recent.isLoading) return <Skeleton paragraph={{ rows: 3 }} />;
    if (recent.isError) {
      return (
        <Empty simple description={t('home.recentFailed')}>
          <Button onClick={() => void recent.refetch()}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    if (rows.length === 0) {
      return (
        <Empty simple description={t('home.recentEmpty')} data-testid="home-recent-empty">
          <div className="home-recent-start">
            {actions.map((action) => (
              <Button key={action.key} icon={action.icon} onClick={action.run}>
                {action.label}
              </Button>
            ))}
          </div>
        </Empty>
      );
    }
    return (
      <ul className="home-recent-list" data-testid="home-recent-list">
        {rows.map((record) => (
          <li key={record.id}>
            <Link to={recordLink(record.id, record.type)} className="home-recent-item" data-testid={`recent-record-${record.id}`}>
              <span className="home-recent-name">{record.name}</span>
              <span className="home-recent-tags">
                <TypeTag type={record.type} />
                <StatusTag status={record.status} />
              </span>
              <span className="home-recent-meta">
                {formatDuration(record.duration)} · {formatTime(record.createTime)}
              </span>
              {/* A running job's bar, percentage and time left, as the records list shows them. */}
              {record.progress && (
                <span className="home-recent-progress">
                  <JobProgress progress={record.progress} />
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="home-recent" aria-labelledby="home-recent-title">
      <header className="home-recent-head">
        <h2 className="home-recent-title" id="home-recent-title">
          <ClockCircleOutlined /> {t('home.recent')}
        </h2>
        {rows.length > 0 && (
          <Link to={PATHS.recordList}>
            {t('home.viewAll')} <RightOutlined />
          </Link>
        )}
      </header>
      <div className="home-recent-body">{body()}</div>
    </section>
  );
}
