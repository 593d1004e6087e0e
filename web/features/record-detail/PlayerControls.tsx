import { BackwardOutlined, DownOutlined, ForwardOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ClickPopover } from '../../components/ClickPopover';
import { MenuDropdown } from '../../components/MenuDropdown';
import { Tooltip } from '../../components/Tooltip';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, SKIP_MS } from './use-media-sync';
import type { MediaSync } from './use-media-sync';
import { SHORTCUTS, bindingLabel, isBare } from './use-transcript-keys';

/** Under the player: back and forward 5 s, the playback speed, and the keyboard shortcuts' help. */
export function PlayerControls({ sync }: { sync: MediaSync }) {
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
      <ShortcutsHelp />
    </div>
  );
}

/** The keys of a line itself: it has the focus, so they never reach the page's table. */
const LINE_KEYS = [
  ['edit', 'Enter'],
  ['done', 'Esc'],
] as const;

/** Every shortcut of the page with its keys; the bare ones say they rest while a text field has the focus. */
function ShortcutsHelp() {
  const { t } = useTranslation();
  const content = (
    <table className="detail-shortcuts" data-testid="detail-shortcuts">
      <tbody>
        {SHORTCUTS.map(({ action, bindings }) => (
          <tr key={action}>
            <th scope="row">{t(`recordDetail.tools.keys.${action}`)}</th>
            <td>
              {bindings.map((b) => (
                <span key={bindingLabel(b)} className="detail-shortcut">
                  <kbd>{bindingLabel(b)}</kbd>
                  {isBare(b) && <small>{t('recordDetail.tools.notWhileTyping')}</small>}
                </span>
              ))}
            </td>
          </tr>
        ))}
        {LINE_KEYS.map(([action, key]) => (
          <tr key={action}>
            <th scope="row">{t(`recordDetail.tools.keys.${action}`)}</th>
            <td>
              <kbd>{key}</kbd>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ClickPopover title={t('recordDetail.tools.shortcuts')} content={content} placement="bottomRight">
      <Button
        icon={<QuestionCircleOutlined />}
        aria-label={t('recordDetail.tools.shortcuts')}
        title={t('recordDetail.tools.shortcuts')}
        data-testid="detail-shortcuts-help"
      />
    </ClickPopover>
  );
}
