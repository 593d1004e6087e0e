import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { PATHS } from '../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        status="404"
        title={<PageTitle>{t('pages.notFound')}</PageTitle>}
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => void navigate(PATHS.home)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
