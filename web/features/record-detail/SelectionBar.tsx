import { CloseOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpeakerLook } from '../../lib/speaker-look';
import { SpeakerPicker } from './TranscriptLines';

interface SelectionBarProps {
  count: number;
  names: readonly string[];
  speakers: SpeakerLook;
  /** A speaker's name, or null for a new speaker. */
  onPick: (name: string | null) => void;
  onClear: () => void;
}

/** Over the transcript while lines are selected: how many, giving them all to one speaker, and clearing the choice. */
export function SelectionBar({ count, names, speakers, onPick, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div className="detail-selection" data-testid="detail-selection">
      <span>{t('recordDetail.editing.selected', { count })}</span>
      <SpeakerPicker
        current=""
        names={names}
        speakers={speakers}
        label={t('recordDetail.editing.moveSelection')}
        testId="detail-selection-speaker"
        onPick={onPick}
      >
        <UserSwitchOutlined /> {t('recordDetail.editing.moveSelection')}
      </SpeakerPicker>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('recordDetail.editing.clearSelection')}
        title={t('recordDetail.editing.clearSelection')}
        onClick={onClear}
        data-testid="detail-selection-clear"
      />
    </div>
  );
}
