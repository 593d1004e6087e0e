import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { NewRecordButton } from '../features/new-record/NewRecordButton';
import { useNewRecordActions } from '../features/new-record/use-new-record-actions';
import './home.css';

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

      {/* The records issue fills this with the latest records. */}
      <Card
        className="home-recent"
        variant="borderless"
        title={
          <span className="home-recent-title">
            <ClockCircleOutlined /> {t('home.recent')}
          </span>
        }
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.recentPending')} />
      </Card>
    </div>
  );
}
