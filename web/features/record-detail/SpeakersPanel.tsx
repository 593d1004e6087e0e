import { EditOutlined, MergeOutlined, UserOutlined } from '@ant-design/icons';
import type { SpeakerLook } from '../../lib/speaker-look';
import { Button } from 'antd';
import { Empty } from '../../components/Empty';
import { MenuDropdown } from '../../components/MenuDropdown';
import { PanelCard } from '../../components/PanelCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerNameDialog } from './dialogs';
import type { SpeakerStat } from './transcript-edit';
import { defaultSpeakerNumber } from '../../../contracts/speaker-labels';
import { SaveVoiceButton } from '../voices/SaveVoiceButton';

interface SpeakersPanelProps {
  speakers: SpeakerStat[];
  look: SpeakerLook;
  /** The transcript is still being made: its speakers are not known yet, rather than none. */
  pending?: boolean;
  editable: boolean;
  /** False when refused (the model said why); the dialog then stays open. */
  onRename: (from: string, to: string) => boolean;
  onMerge: (from: string, into: string) => void;
  /** Offers to save each speaker someone named as a voice profile: the record, and why not now (unsaved edits) or null. */
  voices?: { recordId: number; blocked: string | null };
}

/** Who speaks (in their colour, default names in the viewer's language) and how often; renaming a speaker, or merging one the recogniser split in two. */
export function SpeakersPanel({ speakers, look, pending = false, editable, onRename, onMerge, voices }: SpeakersPanelProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);

  return (
    <PanelCard className="detail-card" title={t('recordDetail.speakers.title')} data-testid="detail-speakers">
      {speakers.length === 0 ? (
        <Empty simple description={t(pending ? 'jobProgress.speakersLater' : 'recordDetail.speakers.none')} />
      ) : (
        <ul className="detail-speakers">
          {speakers.map(({ name, lines }) => (
            <li key={name} className="detail-speaker-row" data-speaker={name}>
              <UserOutlined className="detail-speaker-icon" style={{ color: look.color(name) }} />
              <span className="detail-speaker-name">{look.label(name)}</span>
              <span className="detail-speaker-count">{t('recordDetail.speakers.lines', { count: lines })}</span>
              {editable && (
                <span className="detail-speaker-actions">
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('recordDetail.speakers.rename', { name: look.label(name) })}
                    title={t('recordDetail.speakers.rename', { name: look.label(name) })}
                    onClick={() => setRenaming(name)}
                    data-testid="detail-speaker-rename"
                  />
                  {voices && defaultSpeakerNumber(name) === null && <SaveVoiceButton recordId={voices.recordId} speaker={name} blocked={voices.blocked} />}
                  {speakers.length > 1 && (
                    <MenuDropdown
                      menu={{
                        items: speakers
                          .filter((other) => other.name !== name)
                          .map((other) => ({ key: other.name, label: <span data-testid="detail-speaker-merge-into">{look.label(other.name)}</span> })),
                        onClick: ({ key }) => onMerge(name, key),
                      }}
                    >
                      <Button
                        type="text"
                        size="small"
                        icon={<MergeOutlined />}
                        aria-label={t('recordDetail.speakers.mergeInto', { name: look.label(name) })}
                        title={t('recordDetail.speakers.mergeInto', { name: look.label(name) })}
                        data-testid="detail-speaker-merge"
                      />
                    </MenuDropdown>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {renaming !== null && (
        <SpeakerNameDialog
          name={look.label(renaming)}
          testId="detail-speaker-name"
          onSubmit={(name) => (onRename(renaming, name) ? Promise.resolve() : Promise.reject(new Error('refused')))}
          onClose={() => setRenaming(null)}
        />
      )}
    </PanelCard>
  );
}
