import { AudioOutlined, TranslationOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { StandaloneFrame } from '../../components/StandaloneFrame';
import { usePageTitle } from '../../lib/page-title';
import './auth.css';

/**
 * The frame of the sign-in, register and reset screens: a centred card whose left pane presents the product
 * (hidden on phones) and whose right pane holds the page's title, form and links.
 */
export function AuthCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <StandaloneFrame>
      <div className="auth-card" data-testid="auth-card">
        <aside className="auth-showcase" aria-hidden="true">
          <h2>{t('auth.showcaseTitle')}</h2>
          <p>{t('auth.showcaseIntro')}</p>
          <ul>
            <li>
              <AudioOutlined /> {t('newRecord.realtime')}
            </li>
            <li>
              <TranslationOutlined /> {t('newRecord.localFile')}
            </li>
            <li>
              <VideoCameraOutlined /> {t('newRecord.dubbing')}
            </li>
          </ul>
        </aside>
        <section className="auth-pane">
          <PageTitle>{title}</PageTitle>
          {children}
          {footer && <div className="auth-footer">{footer}</div>}
        </section>
      </div>
    </StandaloneFrame>
  );
}
