import { Drawer } from 'antd';
import { Brand } from '../components/Brand';
import { SideNav } from './SideNav';

/** The mobile layout's navigation: the side navigation in a drawer from the left, closed after a choice. */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} closable={false} title={<Brand />} width={264} styles={{ body: { padding: 0 } }}>
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
