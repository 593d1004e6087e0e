import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DubUploadHost } from '../features/dubbing/DubUploadHost';
import { PayDialogHost } from '../features/pay/PayDialogHost';
import { useSearchShortcut } from '../features/search/use-search-shortcut';
import { TranscribeUploadHost } from '../features/upload/TranscribeUploadHost';
import { lazyComponent } from '../lib/lazy-component';
import { BACKGROUND_PATHS } from '../lib/paths';
import { useIsMobile } from '../lib/use-is-mobile';
import { AppHeader } from './AppHeader';
import { SideNav } from './SideNav';
import './layout.css';

// Only phones use the drawer, and only once its menu button is pressed: its code loads then.
const NavDrawer = lazyComponent(() => import('./NavDrawer'));

/**
 * Header + side navigation around the account pages; on mobile the navigation moves into a drawer. Plain
 * elements styled as antd's Layout would draw them: its code would weigh on every account page for four boxes.
 */
export function AppLayout() {
  const isMobile = useIsMobile();
  // null until the drawer is first opened; after that it stays mounted so that closing it animates.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  const showBackground = BACKGROUND_PATHS.includes(pathname);
  useSearchShortcut();

  return (
    <div className="app-shell">
      <AppHeader compact={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
      <div className={isMobile ? 'app-body' : 'app-body with-sider'}>
        {isMobile ? (
          drawerOpen !== null && <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        ) : (
          <aside className="app-sider">
            <SideNav />
          </aside>
        )}
        <main
          className={showBackground ? 'app-content with-background' : 'app-content'}
          data-testid="layout-bg"
          data-background={showBackground ? 'on' : 'off'}
        >
          <Outlet />
        </main>
      </div>
      <TranscribeUploadHost />
      <DubUploadHost />
      <PayDialogHost />
    </div>
  );
}
