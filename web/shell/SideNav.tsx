import { BookOutlined, FileTextOutlined, HomeOutlined, RightOutlined, ShareAltOutlined, StarOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FolderTree } from '../features/folders/FolderTree';
import { lazyComponent } from '../lib/lazy-component';
import { EXTERNAL_LINKS } from '../lib/links';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session';

const hasExternalLinks = Object.values(EXTERNAL_LINKS).some(Boolean);
// Only deployments that configure download or help links show them: their code and icons load there alone.
const SideNavLinks = lazyComponent(() => import('./SideNavLinks'));

/** Pages that highlight another entry of the menu. */
const MENU_KEY_OF: Record<string, string> = { [PATHS.vocabularyDetail]: PATHS.vocabulary };

/**
 * Side navigation (spec §2): plain links, so every entry can also open in a new tab. The records entry opens
 * the records list; its arrow folds the folder tree under it. Download and help links the deployment has not
 * configured are left out. `onNavigate` lets the mobile drawer close after a choice.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  const [foldersOpen, setFoldersOpen] = useState(true);
  const selected = MENU_KEY_OF[pathname] ?? pathname;
  const entry = (to: string, icon: ReactNode, label: string) => (
    <NavEntry to={to} icon={icon} label={label} current={selected === to} onNavigate={onNavigate} />
  );

  return (
    <nav className="side-nav" data-testid="side-nav" aria-label={t('nav.label')}>
      <ul className="side-nav-list">{entry(PATHS.home, <HomeOutlined />, t('pages.home'))}</ul>
      <h2 className="side-nav-group" id="side-nav-my-account">
        {t('nav.myAccount')}
      </h2>
      <ul className="side-nav-list" aria-labelledby="side-nav-my-account">
        {hasAccount ? (
          // With an account the entry opens the list of the current folder, and its arrow folds the folder tree away.
          <li className="side-nav-records">
            <Link
              to={PATHS.recordList}
              className={selected === PATHS.recordList ? 'side-nav-item current' : 'side-nav-item'}
              aria-current={selected === PATHS.recordList ? 'page' : undefined}
              onClick={() => {
                setFoldersOpen(true);
                onNavigate?.();
              }}
              data-testid="nav-records"
            >
              <span className="side-nav-icon" aria-hidden>
                <FileTextOutlined />
              </span>
              <span className="side-nav-label">{t('pages.records')}</span>
            </Link>
            <button
              type="button"
              className="side-nav-fold"
              aria-expanded={foldersOpen}
              aria-label={t(foldersOpen ? 'nav.hideFolders' : 'nav.showFolders')}
              title={t(foldersOpen ? 'nav.hideFolders' : 'nav.showFolders')}
              onClick={() => setFoldersOpen((open) => !open)}
              data-testid="nav-records-fold"
            >
              <RightOutlined className={foldersOpen ? 'side-nav-records-arrow open' : 'side-nav-records-arrow'} aria-hidden />
            </button>
            {foldersOpen && <FolderTree onNavigate={onNavigate} />}
          </li>
        ) : (
          // Without an account there is no tree to open: the entry leads to the page, which offers sign-in.
          <NavEntry
            to={PATHS.recordList}
            icon={<FileTextOutlined />}
            label={t('pages.records')}
            current={selected === PATHS.recordList}
            onNavigate={onNavigate}
            testId="nav-records"
          />
        )}
        {entry(PATHS.favourList, <StarOutlined />, t('pages.favourites'))}
        {entry(PATHS.shareList, <ShareAltOutlined />, t('pages.shares'))}
        {entry(PATHS.vocabulary, <BookOutlined />, t('pages.vocabulary'))}
      </ul>
      {hasExternalLinks && <SideNavLinks />}
    </nav>
  );
}

interface NavEntryProps {
  to: string;
  icon: ReactNode;
  label: string;
  current: boolean;
  onNavigate: (() => void) | undefined;
  testId?: string;
}

function NavEntry({ to, icon, label, current, onNavigate, testId }: NavEntryProps) {
  return (
    <li>
      <Link
        to={to}
        className={current ? 'side-nav-item current' : 'side-nav-item'}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        data-testid={testId}
      >
        <span className="side-nav-icon" aria-hidden>
          {icon}
        </span>
        <span className="side-nav-label">{label}</span>
      </Link>
    </li>
  );
}
