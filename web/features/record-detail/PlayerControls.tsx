import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ClickPopover } from '../../components/ClickPopover';
import { PlayerTransport } from '../../components/PlayerTransport';
import { useTranslation } from 'react-i18next';
import type { MediaSync } from '../../lib/use-media-sync';
import { SHORTCUTS, bindingLabel, isBare } from './use-transcript-keys';

/** Under the player: the transport, and the keyboard shortcuts' help. */
export function PlayerControls({ sync }: { sync: MediaSync }) {
  return (
    <PlayerTransport sync={sync}>
      <ShortcutsHelp />
    </PlayerTransport>
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
    <ClickPopover title={t('recordDetail.tools.shortcuts')} content={content} placement="bottomRight" rootClassName="detail-shortcuts-popover">
      <Button
        icon={<QuestionCircleOutlined />}
        aria-label={t('recordDetail.tools.shortcuts')}
        title={t('recordDetail.tools.shortcuts')}
        data-testid="detail-shortcuts-help"
      />
    </ClickPopover>
  );
}
