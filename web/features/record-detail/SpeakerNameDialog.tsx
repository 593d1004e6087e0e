import { useTranslation } from 'react-i18next';
import { NameDialog } from '../../components/NameDialog';

/** The server's limit on a speaker name (contracts: 100 characters). */
const SPEAKER_NAME_MAX = 100;

interface SpeakerNameDialogProps {
  name: string;
  /** The dialog's title: renaming a speaker unless said otherwise (naming a new one). */
  title?: string;
  testId: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Renaming a speaker (or naming a new one), in the record detail page and the dubbing editor alike. */
export function SpeakerNameDialog({ name, title, testId, onSubmit, onClose }: SpeakerNameDialogProps) {
  const { t } = useTranslation();
  return (
    <NameDialog
      title={title ?? t('recordDetail.speakers.renameTitle')}
      label={t('recordDetail.speakers.nameLabel')}
      initialName={name}
      max={SPEAKER_NAME_MAX}
      requiredMessage={t('recordDetail.speakers.nameRequired')}
      tooLongMessage={t('recordDetail.speakers.nameTooLong', { max: SPEAKER_NAME_MAX })}
      testId={testId}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
