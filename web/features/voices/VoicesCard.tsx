import { DeleteOutlined, EditOutlined, MergeOutlined } from '@ant-design/icons';
import { Button, Card, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE_NAME_MAX, type VoiceProfile } from '../../../contracts/voices';
import { Empty } from '../../components/Empty';
import { MenuDropdown } from '../../components/MenuDropdown';
import { NameDialog } from '../../components/NameDialog';
import { useFeedback } from '../../lib/feedback';
import { useDeleteVoice, useMergeVoices, useRenameVoice, useSetVoiceSettings, useVoiceSettings, useVoices } from './hooks';
import './voices.css';

/** The account's voice profiles (settings): what is kept, the on/off switch, and each voice renamed, merged or deleted. */
export function VoicesCard() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const voices = useVoices();
  const settings = useVoiceSettings();
  const setSettings = useSetVoiceSettings();
  const rename = useRenameVoice();
  const merge = useMergeVoices();
  const remove = useDeleteVoice();
  const [renaming, setRenaming] = useState<VoiceProfile | null>(null);
  const list = voices.data ?? [];

  const confirmDelete = (voice: VoiceProfile) =>
    modal.confirm({
      title: t('voices.deleteTitle', { name: voice.name }),
      content: t('voices.deleteText'),
      okText: t('voices.delete'),
      okButtonProps: { danger: true, 'data-testid': 'voice-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(voice.id);
          void message.success(t('voices.deleted', { name: voice.name }));
        } catch {
          // The request layer showed why.
        }
      },
    });

  return (
    <Card title={t('voices.title')} variant="borderless" className="section-card voices-card" data-testid="voices-card">
      <p className="voices-intro">{t('voices.intro')}</p>
      <label className="voices-switch">
        <Switch
          checked={settings.data?.identify ?? true}
          loading={settings.isLoading || setSettings.isPending}
          onChange={(on) => setSettings.mutate(on)}
          data-testid="voices-identify"
        />
        <span>{t('voices.identify')}</span>
      </label>
      {list.length === 0 ? (
        <Empty simple description={t('voices.none')} />
      ) : (
        <ul className="voices-list">
          {list.map((voice) => (
            <li key={voice.id} className="voices-row" data-testid="voice-row" data-voice={voice.name}>
              <span className="voices-name">{voice.name}</span>
              <span className="voices-seconds">{t('voices.seconds', { count: Math.round(voice.seconds) })}</span>
              <span className="voices-actions">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('voices.rename', { name: voice.name })}
                  title={t('voices.rename', { name: voice.name })}
                  onClick={() => setRenaming(voice)}
                  data-testid="voice-rename"
                />
                {list.length > 1 && (
                  <MenuDropdown
                    menu={{
                      items: list
                        .filter((o) => o.id !== voice.id)
                        .map((o) => ({ key: String(o.id), label: <span data-testid="voice-merge-into">{o.name}</span> })),
                      onClick: ({ key }) => merge.mutate({ from: voice.id, into: Number(key) }),
                    }}
                  >
                    <Button
                      type="text"
                      size="small"
                      icon={<MergeOutlined />}
                      aria-label={t('voices.mergeInto', { name: voice.name })}
                      title={t('voices.mergeInto', { name: voice.name })}
                      data-testid="voice-merge"
                    />
                  </MenuDropdown>
                )}
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('voices.deleteTitle', { name: voice.name })}
                  title={t('voices.deleteTitle', { name: voice.name })}
                  onClick={() => confirmDelete(voice)}
                  data-testid="voice-delete"
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {renaming && (
        <NameDialog
          title={t('voices.renameTitle')}
          label={t('voices.nameLabel')}
          initialName={renaming.name}
          max={VOICE_NAME_MAX}
          requiredMessage={t('voices.nameRequired')}
          tooLongMessage={t('voices.nameTooLong', { max: VOICE_NAME_MAX })}
          testId="voice-name"
          onSubmit={(name) => rename.mutateAsync({ id: renaming.id, name })}
          onClose={() => setRenaming(null)}
        />
      )}
    </Card>
  );
}
