import {
  BookOutlined,
  ChromeOutlined,
  DownloadOutlined,
  FileTextOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  ShareAltOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/paths';
import { useComingSoon } from '../use-coming-soon';

/** Pages that highlight another entry of the menu. */
const MENU_KEY_OF: Record<string, string> = { [PATHS.vocabularyDetail]: PATHS.vocabulary };

/** Side navigation (spec §2). `onNavigate` lets the mobile drawer close after a choice. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items: MenuProps['items'] = [
    { key: PATHS.home, icon: <HomeOutlined />, label: t('pages.home') },
    {
      type: 'group',
      key: 'my-account',
      label: t('nav.myAccount'),
      children: [
        // The records issue turns this entry into the expandable folder tree.
        { key: PATHS.recordList, icon: <FileTextOutlined />, label: t('pages.records') },
        { key: PATHS.favourList, icon: <StarOutlined />, label: t('pages.favourites') },
        { key: PATHS.shareList, icon: <ShareAltOutlined />, label: t('pages.shares') },
        { key: PATHS.vocabulary, icon: <BookOutlined />, label: t('pages.vocabulary') },
      ],
    },
  ];

  return (
    <nav className="side-nav" data-testid="side-nav" aria-label={t('nav.label')}>
      <Menu
        className="side-nav-menu"
        mode="inline"
        selectedKeys={[MENU_KEY_OF[pathname] ?? pathname]}
        items={items}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
      />
      <div className="side-nav-links">
        <ExternalLink href={EXTERNAL_LINKS.pluginDownload} icon={<ChromeOutlined />} label={t('nav.pluginDownload')} />
        <ExternalLink href={EXTERNAL_LINKS.appDownload} icon={<DownloadOutlined />} label={t('nav.appDownload')} />
        <ExternalLink href={EXTERNAL_LINKS.helpCenter} icon={<QuestionCircleOutlined />} label={t('nav.helpCenter')} />
      </div>
    </nav>
  );
}

function ExternalLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  const comingSoon = useComingSoon();
  if (!href) {
    return (
      <a
        href="#"
        className="side-nav-link"
        onClick={(event) => {
          event.preventDefault();
          comingSoon();
        }}
      >
        {icon}
        <span>{label}</span>
      </a>
    );
  }
  return (
    <a href={href} className="side-nav-link" target="_blank" rel="noopener noreferrer">
      {icon}
      <span>{label}</span>
    </a>
  );
}
