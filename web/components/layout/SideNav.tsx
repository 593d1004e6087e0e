import {
  BookOutlined,
  ChromeOutlined,
  DownloadOutlined,
  FileTextOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  RightOutlined,
  ShareAltOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FolderTree } from '../../features/folders/FolderTree';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useComingSoon } from '../use-coming-soon';

/** Pages that highlight another entry of the menu. */
const MENU_KEY_OF: Record<string, string> = { [PATHS.vocabularyDetail]: PATHS.vocabulary };

/**
 * Side navigation (spec §2). The records entry opens and closes the folder tree under it, so the menu is
 * split around the tree. `onNavigate` lets the mobile drawer close after a choice.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  const [foldersOpen, setFoldersOpen] = useState(true);
  const selectedKeys = [MENU_KEY_OF[pathname] ?? pathname];

  const head: MenuProps['items'] = [
    { key: PATHS.home, icon: <HomeOutlined />, label: t('pages.home') },
    {
      type: 'group',
      key: 'my-account',
      label: t('nav.myAccount'),
      children: [
        {
          key: PATHS.recordList,
          icon: <FileTextOutlined />,
          label: (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label is all antd lets us mark; it says whether the folder tree under it is open.
            <span className="side-nav-records" aria-expanded={hasAccount ? foldersOpen : undefined} data-testid="nav-records">
              {t('pages.records')}
              {hasAccount && <RightOutlined className={foldersOpen ? 'side-nav-records-arrow open' : 'side-nav-records-arrow'} />}
            </span>
          ),
        },
      ],
    },
  ];
  const rest: MenuProps['items'] = [
    { key: PATHS.favourList, icon: <StarOutlined />, label: t('pages.favourites') },
    { key: PATHS.shareList, icon: <ShareAltOutlined />, label: t('pages.shares') },
    { key: PATHS.vocabulary, icon: <BookOutlined />, label: t('pages.vocabulary') },
  ];
  const go: MenuProps['onClick'] = ({ key }) => {
    void navigate(key);
    onNavigate?.();
  };

  return (
    <nav className="side-nav" data-testid="side-nav" aria-label={t('nav.label')}>
      <Menu
        className="side-nav-menu"
        mode="inline"
        selectedKeys={selectedKeys}
        items={head}
        onClick={(info) => {
          // Without an account there is no tree to open: the entry leads to the page, which offers sign-in.
          if (info.key === PATHS.recordList && hasAccount) setFoldersOpen((open) => !open);
          else go(info);
        }}
      />
      {foldersOpen && <FolderTree onNavigate={onNavigate} />}
      <Menu className="side-nav-menu side-nav-menu-rest" mode="inline" selectedKeys={selectedKeys} items={rest} onClick={go} />
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
      <button type="button" className="side-nav-link" onClick={comingSoon}>
        {icon}
        <span>{label}</span>
      </button>
    );
  }
  return (
    <a href={href} className="side-nav-link" target="_blank" rel="noopener noreferrer">
      {icon}
      <span>{label}</span>
    </a>
  );
}
