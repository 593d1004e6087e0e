import { CrownOutlined, GiftOutlined, MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../components/Brand';
import { LanguagePicker } from '../components/LanguagePicker';
import { usePayDialog } from '../features/pay/store';
import { lazyDialog } from '../lib/lazy-dialog';
import { UserMenu } from './UserMenu';

// Redeeming a card needs a form; its code loads when the dialog first opens.
const CardExchangeDialog = lazyDialog(() => import('./CardExchangeDialog').then((m) => ({ default: m.CardExchangeDialog })));

/** The top bar (spec §2). `compact` is the mobile variant: icon-only actions and a menu button for the drawer. */
export function AppHeader({ compact, onOpenMenu }: { compact: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const [cardDialogOpen, setCardDialogOpen] = useState(false);
  const openPay = usePayDialog((s) => s.open);

  return (
    <header className="app-header" data-testid="app-header">
      {compact && <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} data-testid="mobile-menu-button" />}
      <Brand />
      <div className="app-header-actions">
        <HeaderAction
          compact={compact}
          icon={<GiftOutlined />}
          label={t('header.cardExchange')}
          onClick={() => setCardDialogOpen(true)}
          testId="card-exchange-button"
        />
        <HeaderAction compact={compact} icon={<CrownOutlined />} label={t('header.purchase')} onClick={() => openPay()} testId="purchase-button" highlight />
        <LanguagePicker compact={compact} />
        <UserMenu compact={compact} />
      </div>
      {cardDialogOpen && <CardExchangeDialog open onClose={() => setCardDialogOpen(false)} />}
    </header>
  );
}

interface HeaderActionProps {
  compact: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId: string;
  highlight?: boolean;
}

/** A header button that shrinks to its icon (with the label as title and accessible name) on mobile. */
function HeaderAction({ compact, icon, label, onClick, testId, highlight = false }: HeaderActionProps) {
  return (
    <Button
      type="text"
      icon={icon}
      onClick={onClick}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      className={highlight ? 'header-action highlight' : 'header-action'}
      data-testid={testId}
    >
      {compact ? null : label}
    </Button>
  );
}
