import { EditOutlined, LoadingOutlined, SoundOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DubLineRow, DubSpeaker } from '../../../contracts/dubbing';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { SpeakerNameDialog } from '../record-detail/dialogs';
import { editSpeaker, fetchSpeakers, fetchVoices } from './api';
import type { useListen } from './use-listen';
import { speakersKey, voicesKey } from '../../lib/query-keys';
import { useSpeakerLabel } from '../../lib/speaker-look';

interface DubSpeakersProps {
  id: number;
  /** What the dubbed voices speak. */
  language: string;
  /** The lines shown: a voice is previewed with its speaker's own words when they are on the page. */
  rows: readonly DubLineRow[];
  editable: boolean;
  listen: ReturnType<typeof useListen>;
  /** A voice or name changed: the lines show it (and are marked changed for the re-dub). */
  onChanged: () => void;
}

/** Who speaks, in which voice; a voice is heard before it is chosen, and a speaker can be renamed. */
export function DubSpeakers({ id, language, rows, editable, listen, onChanged }: DubSpeakersProps) {
  const { t } = useTranslation();
  const label = useSpeakerLabel();
  const queryClient = useQueryClient();
  const speakers = useQuery({ queryKey: speakersKey(id), queryFn: () => fetchSpeakers(id) });
  const voices = useQuery({ queryKey: voicesKey(language), queryFn: () => fetchVoices(language), staleTime: Infinity });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);

  const change = async (body: { speaker: string; name?: string; voice?: string }) => {
    setSaving(body.speaker);
    try {
      queryClient.setQueryData<DubSpeaker[]>(speakersKey(id), await editSpeaker({ id, ...body }));
      onChanged();
    } finally {
      setSaving(null);
    }
  };

  const preview = (speaker: DubSpeaker) => {
    const own = rows.find((row) => row.speaker === speaker.speaker && row.translation.trim());
    const voice = voices.data?.find((v) => v.id === speaker.voice);
    void listen.listen(`voice-${speaker.speaker}`, { text: own?.translation ?? voice?.name ?? speaker.speaker, language, voice: speaker.voice || undefined });
  };

  const body = () => {
    if (speakers.isPending) return <Spinner />;
    if (speakers.isError || speakers.data.length === 0) {
      return <Empty simple description={t(speakers.isError ? 'dubbing.speakers.loadFailed' : 'recordDetail.speakers.none')} />;
    }
    const options = (voices.data ?? []).map((v) => ({ value: v.id, label: `${v.name} · ${t(`dubbing.speakers.genders.${v.gender}`)}` }));
    // A cloned voice is the speaker's own, not one of the language's voices: offered to them alone.
    const optionsOf = (speaker: DubSpeaker) =>
      speaker.mode === 'cloned' ? [{ value: speaker.voice, label: t('dubbing.speakers.ownVoice') }, ...options] : options;
    return (
      <ul className="dub-speakers">
        {speakers.data.map((speaker) => (
          <li key={speaker.speaker} className="dub-speaker-row" data-testid="dub-speaker" data-speaker={speaker.speaker}>
            <div className="dub-speaker-head">
              <UserOutlined />
              <span className="dub-speaker-name">{label(speaker.speaker)}</span>
              <span className="dub-muted">{t('recordDetail.speakers.lines', { count: speaker.lines })}</span>
              <Tag
                color={speaker.mode === 'cloned' ? 'green' : undefined}
                title={t(`dubbing.speakers.modeHint.${speaker.mode}`)}
                data-testid="dub-speaker-mode"
                data-mode={speaker.mode}
              >
                {t(`dubbing.speakers.modes.${speaker.mode}`)}
              </Tag>
              {editable && (
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('recordDetail.speakers.rename', { name: label(speaker.speaker) })}
                  title={t('recordDetail.speakers.rename', { name: label(speaker.speaker) })}
                  onClick={() => setRenaming(speaker.speaker)}
                  data-testid="dub-speaker-rename"
                />
              )}
            </div>
            <div className="dub-speaker-voice">
              <Select
                value={speaker.voice || undefined}
                options={optionsOf(speaker)}
                loading={voices.isLoading || saving === speaker.speaker}
                disabled={!editable || saving === speaker.speaker}
                placeholder={t('dubbing.speakers.chooseVoice')}
                aria-label={t('dubbing.speakers.voiceOf', { name: label(speaker.speaker) })}
                onChange={(voice: string) => void change({ speaker: speaker.speaker, voice }).catch(() => undefined)}
                data-testid="dub-speaker-voice"
              />
              <Button
                // The engine speaks a clone only inside a dub; listening takes the language's voices.
                disabled={speaker.mode === 'cloned'}
                icon={listen.playing === `voice-${speaker.speaker}` ? <LoadingOutlined /> : <SoundOutlined />}
                aria-label={t('dubbing.speakers.preview', { name: label(speaker.speaker) })}
                title={t('dubbing.speakers.preview', { name: label(speaker.speaker) })}
                onClick={() => preview(speaker)}
                data-testid="dub-speaker-preview"
              />
            </div>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Card size="small" title={t('recordDetail.speakers.title')} className="dub-card" data-testid="dub-speakers">
      {body()}
      {renaming !== null && (
        <SpeakerNameDialog
          name={label(renaming)}
          testId="dub-speaker-name"
          onSubmit={(name) => change({ speaker: renaming, name })}
          onClose={() => setRenaming(null)}
        />
      )}
    </Card>
  );
}
