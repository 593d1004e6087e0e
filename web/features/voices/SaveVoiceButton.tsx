import { SoundOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { useSaveVoice } from './hooks';

interface SaveVoiceButtonProps {
  recordId: number;
  /** The speaker as the saved transcript names them. */
  speaker: string;
  /** Why it cannot be saved now (unsaved edits), or null. */
  blocked: string | null;
}

/** Opt-in: saves a named speaker's voice as a profile, after saying what is kept (a voiceprint, not audio). */
export function SaveVoiceButton({ recordId, speaker, blocked }: SaveVoiceButtonProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveVoice();
  const button = (
    <Button
      type="text"
      size="small"
      icon={<SoundOutlined />}
      disabled={blocked !== null}
      loading={save.isPending}
      aria-label={t('voices.save', { name: speaker })}
      title={blocked ?? t('voices.save', { name: speaker })}
      data-testid="detail-speaker-save-voice"
    />
  );
  if (blocked !== null) return button;
  return (
    <Popconfirm
      title={t('voices.save', { name: speaker })}
      description={<span className="voices-what">{t('voices.whatIsStored')}</span>}
      okText={t('voices.saveOk')}
      okButtonProps={{ 'data-testid': 'detail-speaker-save-voice-ok' } as Record<`data-${string}`, string>}
      onConfirm={async () => {
        try {
          await save.mutateAsync({ recordId, speaker, name: speaker });
          void message.success(t('voices.saved', { name: speaker }));
        } catch {
          // The request layer showed why.
        }
      }}
    >
      {button}
    </Popconfirm>
  );
}
