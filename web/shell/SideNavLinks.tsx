import { ChromeOutlined, DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINKS } from '../lib/links';

/** The side navigation's download and help links, those the deployment has configured. */
export default function SideNavLinks() {
  const { t } = useTranslation();
  return (
    <div className="side-nav-links">
      <ExternalLink href={EXTERNAL_LINKS.pluginDownload} icon={<ChromeOutlined />} label={t('nav.pluginDownload')} />
      <ExternalLink href={EXTERNAL_LINKS.appDownload} icon={<DownloadOutlined />} label={t('nav.appDownload')} />
      <ExternalLink href={EXTERNAL_LINKS.helpCenter} icon={<QuestionCircleOutlined />} label={t('nav.helpCenter')} />
    </div>
  );
}

/** A deployment's download or help address; one it has not configured is not shown at all. */
function ExternalLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  if (!href) return null;
  return (
    <a href={href} className="side-nav-link" target="_blank" rel="noopener noreferrer">
      <span aria-hidden>{icon}</span>
      <span>{label}</span>
    </a>
  );
}
