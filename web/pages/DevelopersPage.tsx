import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { PageTitle } from '../components/PageTitle';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { lazyComponent } from '../lib/lazy-component';
import { PATHS } from '../lib/paths';
import './developers.css';

// The renderer is most of this page's weight: it loads after the page's own frame is drawn.
const ApiReference = lazyComponent(() => import('../features/developer/ApiReference'), <PageSpinner />);

/** /developers: what a personal API key can call, for people writing their own programs against Tingyi. */
export default function DevelopersPage() {
  const { t } = useTranslation();
  return (
    <StandaloneFrame>
      <div className="developers">
        <PageTitle>{t('developers.title')}</PageTitle>
        <Typography.Paragraph className="developers-intro">
          {t('developers.intro')} <Link to={PATHS.userProfile}>{t('developers.keys')}</Link>
        </Typography.Paragraph>
        <ApiReference />
      </div>
    </StandaloneFrame>
  );
}
