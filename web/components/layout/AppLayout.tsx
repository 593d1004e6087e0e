import { Drawer, Layout } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PayDialogHost } from '../../features/pay/PayDialogHost';
import { TranscribeUploadHost } from '../../features/upload/TranscribeUploadHost';
import { BACKGROUND_PATHS } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { Brand } from '../Brand';
import { AppHeader } from './AppHeader';
import { SideNav } from './SideNav';
import './layout.css';

/** Header + side navigation around the account pages; on mobile the navigation moves into a drawer. */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const showBackground = BACKGROUND_PATHS.includes(pathname);

  return (
    <Layout className="app-shell">
      <AppHeader compact={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
      <Layout className="app-body" hasSider={!isMobile}>
        {isMobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            closable={false}
            title={<Brand />}
            width={264}
            styles={{ body: { padding: 0 } }}
          >
            <SideNav onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
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
      <PayDialogHost />
    </Layout>
  );
}
