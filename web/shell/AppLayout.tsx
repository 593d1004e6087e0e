import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DubUploadHost } from '../features/dubbing/DubUploadHost';
import { PayDialogHost } from '../features/pay/PayDialogHost';
import { TranscribeUploadHost } from '../features/upload/TranscribeUploadHost';
import { lazyComponent } from '../lib/lazy-component';
import { BACKGROUND_PATHS } from '../lib/paths';
import { useIsMobile } from '../lib/use-is-mobile';
import { AppHeader } from './AppHeader';
import { SideNav } from './SideNav';
import './layout.css';

// Only phones use the drawer, and only once its menu button is pressed: its code loads then.
const NavDrawer = lazyComponent(() => import('./NavDrawer'));

/** Header + side navigation around the account pages; on mobile the navigation moves into a drawer. */
export function AppLayout() {
  const isMobile = useIsMobile();
  // null until the drawer is first opened; after that it stays mounted so that closing it animates.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  const showBackground = BACKGROUND_PATHS.includes(pathname);

  return (
    <Layout className="app-shell">
      <AppHeader compact={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
      <Layout className="app-body" hasSider={!isMobile}>
        {isMobile ? (
          drawerOpen !== null && <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        ) : (
          <Layout.Sider className="app-sider" width={232} theme="light">
            <SideNav />
          </Layout.Sider>
        )}
        <Layout.Content
          className={showBackground ? 'app-content with-background' : 'app-content'}
          data-testid="layout-bg"
          data-background={showBackground ? 'on' : 'off'}
        >
          <Outlet />
        </Layout.Content>
      </Layout>
      <TranscribeUploadHost />
      <DubUploadHost />
      <PayDialogHost />
    </Layout>
  );
}
