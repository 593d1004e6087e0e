import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../components/UserAvatar';
import { MenuDropdown } from '../components/MenuDropdown';
import { QrCodeDialog } from '../features/account/dialogs';
import { lazyComponent } from '../lib/lazy-component';
import type { UserInfo } from '../lib/session';

// The panel (its menu and account list) loads with the dropdown's code, when the avatar is first pointed at.
const loadPanel = () => import('./AccountPanel');
const AccountPanel = lazyComponent(loadPanel);
const warmUp = () => void loadPanel().catch(() => {});

/** A signed-in user's avatar and the dropdown under it: their accounts, their pages and logging out. */
export default function AccountMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <>
      <MenuDropdown
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        popupRender={() => (
          <AccountPanel
            user={user}
            onDone={() => setOpen(false)}
            onOpenQrCode={() => {
              setOpen(false);
              setQrOpen(true);
            }}
          />
        )}
      >
        <button type="button" className="avatar-button" aria-label={t('header.accountMenu')} data-testid="user-menu" onPointerEnter={warmUp} onFocus={warmUp}>
          <UserAvatar user={user} />
        </button>
      </MenuDropdown>
      {qrOpen && <QrCodeDialog open onClose={() => setQrOpen(false)} />}
    </>
  );
}
