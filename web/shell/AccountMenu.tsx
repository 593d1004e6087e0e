import { useQuery } from '@tanstack/react-query';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccountDetailQuietly } from '../features/account/api';
import { usePayDialog } from '../features/pay/store';
import { ACCOUNT_DETAIL_KEY } from '../lib/query-keys';
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
      <MinutesLeft />
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

/**
 * The transcription minutes left (the trial's 60 included), in the header where a user looks before
 * uploading, in full; the date they last until is its tooltip, and a press tops them up.
 */
function MinutesLeft() {
  const { t } = useTranslation();
  const openPay = usePayDialog((s) => s.open);
  const accounts = useQuery({ queryKey: ACCOUNT_DETAIL_KEY, queryFn: fetchAccountDetailQuietly });
  const duration = accounts.data?.find((item) => item.accountType === 'duration');
  if (!duration?.active) return null;
  const minutes = Math.floor(duration.remainingSeconds / 60);
  return (
    <button
      type="button"
      className="minutes-left"
      title={`${duration.accountTypeName}: ${duration.remarkString}`}
      aria-label={`${t('header.minutesLeft', { minutes })} (${duration.remarkString})`}
      onClick={() => openPay({ packageType: duration.packageType })}
      data-testid="minutes-left"
    >
      <ClockCircleOutlined /> {t('header.minutesLeft', { minutes })}
    </button>
  );
}
