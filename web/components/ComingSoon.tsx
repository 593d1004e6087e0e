import { RocketOutlined } from '@ant-design/icons';
import { Button, Card, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { PATHS } from '../lib/paths';
import { PageTitle } from './PageTitle';

/**
 * Stands in for a page a later release builds: names the page and says it is coming, no invented content.
 * Inside the layout the page keeps its usual heading above the notice; standalone, the notice card carries it.
 */
export function ComingSoon({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = <PageTitle>{usePageTitle()}</PageTitle>;
  const notice = (
    <Card className="placeholder-card" variant="borderless">
      <Result
        icon={<RocketOutlined />}
        title={standalone ? title : t('common.comingSoon')}
        subTitle={
          <>
            {standalone && <Tag color="processing">{t('common.comingSoon')}</Tag>}
            <div>{t('common.featureComingSoon')}</div>
          </>
        }
        extra={<Button onClick={() => void navigate(PATHS.home)}>{t('common.backHome')}</Button>}
      />
    </Card>
  );
  if (standalone) return notice;
  return (
    <div className="page">
      {title}
      {notice}
    </div>
  );
}
