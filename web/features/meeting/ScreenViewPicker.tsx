import { DesktopOutlined } from '@ant-design/icons';
import { Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCREEN_VIEWS } from '../../../contracts/meeting';
import type { ScreenView } from '../../../contracts/meeting';
import './live-summary.css';

/**
 * On the host's console: what every projected screen shows, the subtitles, the running summary or the
 * summary above the subtitles. The room keeps the choice, so a screen opened later shows it too.
 */
export function ScreenViewPicker({ value, onChange }: { value: ScreenView; onChange: (view: ScreenView) => void }) {
  const { t } = useTranslation();
  const label = t('meeting.liveSummary.view');
  return (
    <div className="screen-view-picker" data-testid="screen-view-picker">
      <Tooltip title={t('meeting.liveSummary.viewHint')}>
        <span className="screen-view-picker-label">
          <DesktopOutlined aria-hidden /> {label}
        </span>
      </Tooltip>
      <Segmented<ScreenView>
        size="small"
        value={value}
        onChange={onChange}
        options={SCREEN_VIEWS.map((view) => ({ value: view, label: t(`meeting.liveSummary.views.${view}`) }))}
        aria-label={label}
        data-testid="screen-view"
      />
    </div>
  );
}
