import { SoundOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popconfirm } from 'antd';
import { useState } from 'react';
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

/**
 * Opt-in: saves a named speaker's voice as a profile, after saying what is kept (a voiceprint, not audio) and
 * only once the user ticks that the person agreed (the server refuses a save without it, too).
 */
export function SaveVoiceButton({ recordId, speaker, blocked }: SaveVoiceButtonProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveVoice();
  const [consent, setConsent] = useState(false);
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
      description={
        <div className="voices-what">
          <p>{t('voices.whatIsStored')}</p>
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} data-testid="detail-speaker-save-voice-consent">
            {t('voices.consent')}
          </Checkbox>
        </div>
      }
      okText={t('voices.saveOk')}
      okButtonProps={{ disabled: !consent, 'data-testid': 'detail-speaker-save-voice-ok' } as Record<`data-${string}`, string>}
      onOpenChange={(open) => open || setConsent(false)}
      onConfirm={async () => {
        try {
          await save.mutateAsync({ recordId, speaker, name: speaker, consent: true });
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
