import { BackwardOutlined, DownOutlined, ForwardOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, SKIP_MS } from '../lib/use-media-sync';
import type { MediaSync } from '../lib/use-media-sync';
import { MenuDropdown } from './MenuDropdown';
import { Tooltip } from './Tooltip';
import './player-transport.css';

/**
 * Under a player: back and forward 5 s and the playback speed, then `children` (the record page's shortcuts
 * help). The record page and the share page drive their media through it alike.
 */
export function PlayerTransport({ sync, children }: { sync: MediaSync; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="detail-transport">
      <Tooltip title={t('recordDetail.tools.back')}>
        <Button icon={<BackwardOutlined />} aria-label={t('recordDetail.tools.back')} onClick={() => sync.skip(-SKIP_MS)} data-testid="detail-skip-back">
          5s
        </Button>
      </Tooltip>
      <Tooltip title={t('recordDetail.tools.forward')}>
        <Button icon={<ForwardOutlined />} aria-label={t('recordDetail.tools.forward')} onClick={() => sync.skip(SKIP_MS)} data-testid="detail-skip-forward">
          5s
        </Button>
      </Tooltip>
      {/* A menu rather than a Select (24 KB more), whose code loads as the pointer or focus reaches it. */}
      <MenuDropdown
        menu={{
          items: PLAYBACK_RATES.map((rate) => ({ key: String(rate), label: <span data-testid={`detail-speed-${rate}`}>{`${rate}×`}</span> })),
          selectable: true,
          selectedKeys: [String(sync.rate)],
          onClick: ({ key }) => sync.setRate(Number(key)),
        }}
      >
        <Button
          className="detail-speed"
          aria-label={`${t('recordDetail.tools.speed')} ${sync.rate}×`}
          title={t('recordDetail.tools.speed')}
          data-testid="detail-speed"
        >
          {`${sync.rate}×`}
          <DownOutlined />
        </Button>
      </MenuDropdown>
      {children}
    </div>
  );
}
