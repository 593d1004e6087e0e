import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCAL_UPLOAD } from '../../../contracts/constants';
import { Code } from '../../../contracts/errors';
import { RECORD_NAME_MAX } from '../../../contracts/record-vocabulary';
import type { LatestTask, TranswriteBody } from '../../../contracts/transcription';
import { Tooltip } from '../../components/Tooltip';
import { currentLocale } from '../../i18n';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';

import { usePayOnShortage } from '../pay/shortage';
import { ShortageAlert } from '../pay/ShortageAlert';
import { FolderTreeSelect } from '../folders/FolderTreeSelect';
import { storedFolderId, useCurrentFolder } from '../folders/current-folder';
import { useFolders } from '../folders/hooks';
import { findFolder } from '../folders/tree';

import { VocabularyPicker } from '../vocabulary/VocabularyPicker';
import { fetchLatestTask, fetchUploadLanguages, transwrite } from './api';
import { FileDropZone } from './FileDropZone';
import { FileList } from './FileList';
import { LanguageFields } from './LanguageFields';
import { useUploadDialog } from './store';
import { baseName, useUploadFiles } from './use-upload-files';
import type { UploadItem } from './use-upload-files';
import './upload.css';
import { FOLDERS_KEY, RECORDS_KEY, UPLOAD_LANGUAGES_KEY } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';

/** Spec §3 local-upload form as the dialog edits it; `speaker` is the checkbox, sent as '1' / '0'. */
interface FormValues {
  audioLanguage: string;
  /** Empty: no translation. */
  translationLanguage?: string;
  showName: string;
  folderId?: number;
  speaker: boolean;
  /** AUTO: the engine estimates the count (sent as maxSpeakersAuto, with the spec's default count beside it). */
  maxSpeakers: number | typeof AUTO;
  /** Vocabulary libraries to apply (SVIP). */
  documentIds: number[];
}

const AUTO = 'auto';

// Speaker recognition starts on, with the count left to the engine: a transcript without speakers is rarely
// what a meeting's notes need, and a fixed count cuts a four-person meeting into two unless the user knows to change it.
const DEFAULTS: FormValues = { audioLanguage: 'zh-CN', showName: '', speaker: true, maxSpeakers: AUTO, documentIds: [] };

const SPEAKER_COUNTS = Array.from({ length: LOCAL_UPLOAD.speakers.max - LOCAL_UPLOAD.speakers.min + 1 }, (_, i) => {
  const n = LOCAL_UPLOAD.speakers.min + i;
  return { value: n, label: String(n) };
});

function speakerSetting(json: string): Pick<FormValues, 'maxSpeakers'> & { enabled: boolean } {
  try {
    const parsed = JSON.parse(json) as { enabled?: unknown; maxSpeakers?: unknown; maxSpeakersAuto?: unknown };
    const max = Number(parsed.maxSpeakers);
    const inRange = Number.isInteger(max) && max >= LOCAL_UPLOAD.speakers.min && max <= LOCAL_UPLOAD.speakers.max;
    return { enabled: parsed.enabled === true, maxSpeakers: parsed.maxSpeakersAuto !== true && inRange ? max : AUTO };
  } catch {
    return { enabled: false, maxSpeakers: DEFAULTS.maxSpeakers };
  }
}

/**
 * Local file transcription (spec §2, §4 local transcription dialog, §5 local upload rules): files upload
 * as soon as they are added; confirm submits the uploaded file with the form. Mounted on open (see
 * TranscribeUploadHost), so every opening starts from the defaults with an empty list.
 */
export default function TranscribeUploadDialog() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const payOnShortage = usePayOnShortage();
  const isMobile = useIsMobile();
  const { close: closeDialog, onSuccess } = useUploadDialog();
  const [form] = Form.useForm<FormValues>();
  const speakerOn = Form.useWatch('speaker', form);
  const recognitionCount = useSession((s) => s.permissions.recognitionCount);

  const [recovery, setRecovery] = useState<LatestTask | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState(false);
  /** The server's words when the balance or quota is short (spec §8 92505000/1/3). */
  const [shortage, setShortage] = useState<string | null>(null);

  // The name follows the file until the user types one of their own.
  const autoName = useRef('');
  const files = useUploadFiles({
    onAdded: (name) => {
      const typed = String(form.getFieldValue('showName') ?? '');
      if (typed.trim() !== '' && typed !== autoName.current) return;
      autoName.current = baseName(name);
      form.setFieldValue('showName', autoName.current);
    },
  });

  const languages = useQuery({ queryKey: [...UPLOAD_LANGUAGES_KEY, currentLocale()], queryFn: fetchUploadLanguages });
  const folders = useFolders();
  const { folder: currentFolder } = useCurrentFolder();
  const currentFolderRef = useRef(currentFolder);
  currentFolderRef.current = currentFolder;

  useEffect(() => {
    let live = true;
    fetchLatestTask()
      .then((task) => {
        if (live && task?.state === 'TRANSCRIBED') setRecovery(task);
      })
      .catch(() => undefined); // no banner, nothing else lost
    // Spec §4: the target folder is set a moment after opening, once the tree select has its data.
    const timer = setTimeout(() => form.setFieldValue('folderId', currentFolderRef.current?.id ?? Number(storedFolderId())), LOCAL_UPLOAD.folderDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [form]);

  // A deployment that cannot transcribe the default language starts from one it can.

  const resume = (task: LatestTask) => {
    const speaker = speakerSetting(task.speaker);
    form.setFieldsValue({
      audioLanguage: task.languages || DEFAULTS.audioLanguage,
      translationLanguage: task.targetLanguages || undefined,
      showName: task.showName,
      speaker: speaker.enabled,
      maxSpeakers: speaker.maxSpeakers,
    });
    autoName.current = task.showName;
    files.restore({ id: task.id, name: task.showName, duration: task.duration });
    setRecovery(null);
  };

  const close = () => {
    // After a refused submit, or for a file taken over from earlier, the upload stays for another try.
    files.discard({ keepOnServer: submitError || files.items.some((item) => item.restored) });
    closeDialog();
  };

  const remove = async (item: UploadItem) => {
    const left = await files.remove(item);
    if (left === 0) {
      setSubmitError(false);
      setShortage(null);
    }
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    const showName = String(values.showName ?? '').trim();
    if (showName === '') {
      void message.warning(t('upload.namePlaceholder'));
      return;
    }
    const folderId = values.folderId;
    const folder = folderId === undefined ? undefined : findFolder(folders.data ?? [], folderId);
    setSubmitting(true);
    setShortage(null);
    try {
      const body: TranswriteBody & { documentIds?: number[] } = {
        ids: files.items.map((item) => item.fileId!),
        audioLanguage: values.audioLanguage,
        translationLanguage: values.translationLanguage ?? '',
        showName,
        speaker: values.speaker ? '1' : '0',
        // The spec's field keeps its default beside Auto, for a reader of the form that knows no Auto.
        ...(values.maxSpeakers === AUTO ? { maxSpeakers: LOCAL_UPLOAD.speakers.default, maxSpeakersAuto: true } : { maxSpeakers: values.maxSpeakers }),
        folderId,
        folderName: folder?.name ?? '',
        ...(values.documentIds?.length ? { documentIds: values.documentIds } : {}),
      };
      const result = await transwrite(body);
      if (result.code !== Code.OK) {
        setSubmitError(true);
        void message.warning(result.msg);
        return;
      }
      void message.success(t('upload.started'));
      void queryClient.invalidateQueries({ queryKey: RECORDS_KEY });
      void queryClient.invalidateQueries({ queryKey: FOLDERS_KEY }); // record counts
      onSuccess?.(result.ids[0]!);
      closeDialog();
    } catch (error) {
      // Any other refusal was already shown by the request layer.
      setSubmitError(true);
      setShortage(payOnShortage(error, afterPaying));
    } finally {
      setSubmitting(false);
    }
  };

  // Spec §8: the pay dialog opens on a shortage, and a payment retries the submit with the same form.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const afterPaying = { onPaid: () => void submitRef.current() };

  return (
    <Modal
      open
      title={t('upload.title')}
      onCancel={close}
      maskClosable={false}
      footer={null}
      width={isMobile ? '100%' : 600}
      style={isMobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      className="upload-dialog"
    >
      <div data-testid="upload-dialog">
        {recovery && files.items.length === 0 && (
          <Alert
            type="info"
            showIcon
            className="upload-recovery"
            message={t('upload.recovery', { name: recovery.showName })}
            action={
              <Button size="small" type="primary" onClick={() => resume(recovery)} data-testid="upload-recovery-resume">
                {t('upload.resume')}
              </Button>
            }
            data-testid="upload-recovery-banner"
          />
        )}
        {files.items.length < LOCAL_UPLOAD.maxFiles && <FileDropZone onFiles={(added) => void files.add(added)} />}
        {files.items.length > 0 && <FileList items={files.items} onRemove={remove} />}

        <Form form={form} layout="vertical" initialValues={DEFAULTS} className="upload-form" requiredMark={false}>
          <LanguageFields
            languages={languages}
            testIdPrefix="upload"
            noTranslation={t('upload.noTranslation')}
            audioExtra={t('common.recognitionLimit', { count: recognitionCount })}
          />
          <Form.Item name="showName" label={t('upload.name')} normalize={(value: string) => value.trimStart()}>
            <Input placeholder={t('upload.namePlaceholder')} maxLength={RECORD_NAME_MAX} data-testid="upload-name" />
          </Form.Item>
          <Form.Item name="folderId" label={t('upload.folder')}>
            <FolderTreeSelect placeholder={t('folders.choose')} data-testid="upload-folder" />
          </Form.Item>
          <Form.Item name="documentIds" label={t('vocabulary.picker.label')}>
            <VocabularyPicker testId="upload-vocabulary" />
          </Form.Item>
          <div className="upload-form-row upload-speaker-row">
            <Form.Item name="speaker" valuePropName="checked">
              <Checkbox data-testid="upload-speaker">
                {t('upload.speaker')}{' '}
                <Tooltip title={t('upload.speakerTip')}>
                  <QuestionCircleOutlined className="upload-tip-icon" aria-label={t('upload.speakerTip')} />
                </Tooltip>
              </Checkbox>
            </Form.Item>
            {speakerOn && (
              <Form.Item name="maxSpeakers" label={t('upload.speakerCount')} className="upload-speaker-count">
                <Select<FormValues['maxSpeakers']>
                  options={[{ value: AUTO, label: t('upload.speakerCountAuto') }, ...SPEAKER_COUNTS]}
                  data-testid="upload-speaker-count"
                />
              </Form.Item>
            )}
          </div>
        </Form>

        {shortage !== null && (
          <ShortageAlert msg={shortage} note={t('upload.shortageNote')} events={afterPaying} className="upload-shortage" testId="upload-shortage" />
        )}

        <div className="upload-actions">
          <Button type="primary" block={isMobile} disabled={!files.ready} loading={submitting} onClick={() => void submit()} data-testid="upload-submit">
            {t('upload.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
