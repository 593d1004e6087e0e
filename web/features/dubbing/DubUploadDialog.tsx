import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DUB_UPLOAD } from '../../../contracts/constants';
import type { DubTranswriteBody } from '../../../contracts/dubbing';
import { Code } from '../../../contracts/errors';
import { currentLocale } from '../../i18n';
import { PATHS } from '../../lib/paths';
import { isRequestError } from '../../lib/request';
import { DUB_VIDEO_UPLOAD } from '../../lib/uploader';
import { useIsMobile } from '../../lib/use-is-mobile';

import { FolderTreeSelect } from '../folders/FolderTreeSelect';
import { useCurrentFolder } from '../folders/current-folder';
import { findFolder } from '../folders/tree';

import { FileDropZone } from '../upload/FileDropZone';
import { FileList } from '../upload/FileList';
import { LanguageFields } from '../upload/LanguageFields';
import { formatLimit, useUploadFiles } from '../upload/use-upload-files';
import type { UploadRules } from '../upload/use-upload-files';
import { checkDubbingCost, dubTranswrite, fetchDubLanguages } from './api';
import { ColourInput } from './ColourInput';
import { SrtAttach } from './SrtAttach';
import type { SrtAttachment } from './SrtAttach';
import { useDubDialog } from './store';
import { parseMaxChars, storeStyle, storedStyle } from './subtitle-style';
import type { SubtitleStyleValues } from './subtitle-style';
import { usePayShortage } from './use-pay-shortage';
import '../upload/upload.css';
import './dubbing.css';
import { DUB_LANGUAGES_KEY, FOLDERS_KEY, RECORDS_KEY } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';

/** Spec §3 dub form as the dialog edits it. */
interface FormValues extends SubtitleStyleValues {
  audioLanguage: string;
  /** Empty: the video is re-voiced in its own language. */
  translationLanguage?: string;
  maxSpeakers: number;
  maxSpeakersAuto: boolean;
  exportSubtitleInVideo: boolean;
  /** The owner's consent to dubbing each speaker in their own cloned voice. */
  cloneVoices: boolean;
  folderId?: number;
}

const DEFAULTS: Omit<FormValues, keyof SubtitleStyleValues> = {
  audioLanguage: 'zh-CN',
  translationLanguage: 'en-US',
  maxSpeakers: DUB_UPLOAD.speakers.default,
  maxSpeakersAuto: false,
  exportSubtitleInVideo: false,
  cloneVoices: false,
};

/** Spec §5 dub upload: mp4 only, 5 files, 5 GB, 4 h, a picked folder's own files only. */
const DUB_RULES: UploadRules = {
  extensions: ['mp4'],
  maxFiles: DUB_UPLOAD.maxFiles,
  maxBytes: DUB_UPLOAD.maxBytes,
  maxSeconds: DUB_UPLOAD.maxSeconds,
  countRule: 'list',
  bothLimits: true,
  maxPathSegments: 2,
  progressCap: DUB_UPLOAD.progressCap,
  target: DUB_VIDEO_UPLOAD,
};

const SPEAKER_COUNTS = Array.from({ length: DUB_UPLOAD.speakers.max - DUB_UPLOAD.speakers.min + 1 }, (_, i) => {
  const n = DUB_UPLOAD.speakers.min + i;
  return { value: n, label: String(n) };
});

/**
 * AI dubbing upload (spec §2 dubbing upload dialog, §4 dub upload, §5): videos upload as soon as they are
 * added; start checks the voiceover package can pay for their total length, then starts one dubbing per
 * video and opens the first in the editor. Mounted on open, so every opening starts afresh.
 */
export default function DubUploadDialog() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const closeDialog = useDubDialog((s) => s.close);
  const payShortage = usePayShortage();
  const [form] = Form.useForm<FormValues>();
  const speakersAuto = Form.useWatch('maxSpeakersAuto', form);
  const exportSubtitles = Form.useWatch('exportSubtitleInVideo', form);

  const files = useUploadFiles({ rules: DUB_RULES });
  const [srts, setSrts] = useState<Record<string, SrtAttachment>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState(false);
  // Videos an earlier, refused try already started (by file key: the projects made). They are projects now
  // and the server refuses their upload a second time, so another try starts only the rest.
  const started = useRef(new Map<string, number[]>());

  const languages = useQuery({ queryKey: [...DUB_LANGUAGES_KEY, currentLocale()], queryFn: fetchDubLanguages });
  const { folders, folder: currentFolder } = useCurrentFolder();

  // The target starts as the folder the records list shows, once the tree is known.
  useEffect(() => {
    if (currentFolder && form.getFieldValue('folderId') === undefined) form.setFieldValue('folderId', currentFolder.id);
  }, [currentFolder, form]);

  const attachSrt = (key: string) => (update: (previous: SrtAttachment | undefined) => SrtAttachment | undefined) =>
    setSrts((all) => {
      const next = update(all[key]);
      const { [key]: _, ...rest } = all;
      return next ? { ...rest, [key]: next } : rest;
    });
  const srtsReady = Object.values(srts).every((srt) => srt.url !== null);

  const close = () => {
    // After a refused submit the uploads stay for another try.
    files.discard({ keepOnServer: submitError });
    closeDialog();
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    const maxChars = parseMaxChars(values.subtitleMaxCharCountPerSegment);
    if (values.exportSubtitleInVideo && maxChars === null) {
      void message.warning(t('dubbing.upload.maxCharsInvalid'));
      return;
    }
    const folder = values.folderId === undefined ? undefined : findFolder(folders.data ?? [], values.folderId);
    const base: Omit<DubTranswriteBody, 'ids'> = {
      audioLanguage: values.audioLanguage,
      translationLanguage: values.translationLanguage ?? null,
      maxSpeakers: values.maxSpeakers,
      maxSpeakersAuto: values.maxSpeakersAuto,
      speaker: values.maxSpeakers >= 2 ? '1' : '0',
      folderId: values.folderId,
      folderName: folder?.name ?? '',
      exportSubtitleInVideo: values.exportSubtitleInVideo,
      cloneVoices: values.cloneVoices,
      subtitleFontSize: values.subtitleFontSize ?? 'auto',
      subtitleMaxCharCountPerSegment: maxChars ?? DUB_UPLOAD.maxCharsPerSegment,
      subtitlePrimaryColor: values.subtitlePrimaryColor,
      subtitleOutlineColor: values.subtitleOutlineColor,
    };
    setSubmitting(true);
    try {
      try {
        const waiting = files.items.filter((item) => !started.current.has(item.key));
        await checkDubbingCost(waiting.reduce((sum, item) => sum + item.duration, 0));
      } catch (error) {
        setSubmitError(true);
        if (!payShortage(error))
          void message.warning(isRequestError(error, 'business') ? t('dubbing.upload.insufficientBalance') : String((error as Error).message));
        return;
      }
      const created: number[] = [];
      for (const item of files.items) {
        const done = started.current.get(item.key);
        if (done) {
          created.push(...done);
          continue;
        }
        const srt = srts[item.key];
        const result = await dubTranswrite({ ...base, ids: [item.fileId!], ...(srt?.url ? { srtUrl: srt.url, srtFileType: srt.type } : {}) });
        if (result.code !== Code.OK) {
          setSubmitError(true);
          void message.warning(result.msg);
          return;
        }
        started.current.set(item.key, result.ids);
        created.push(...result.ids);
      }
      storeStyle({
        subtitleFontSize: values.subtitleFontSize,
        subtitleMaxCharCountPerSegment: values.subtitleMaxCharCountPerSegment,
        subtitlePrimaryColor: values.subtitlePrimaryColor,
        subtitleOutlineColor: values.subtitleOutlineColor,
      });
      void message.success(t('dubbing.upload.started'));
      void queryClient.invalidateQueries({ queryKey: RECORDS_KEY });
      void queryClient.invalidateQueries({ queryKey: FOLDERS_KEY }); // record counts
      closeDialog();
      if (created[0] !== undefined) void navigate(`${PATHS.dub}?id=${created[0]}`);
    } catch (error) {
      // Any other refusal was already shown by the request layer.
      setSubmitError(true);
      payShortage(error);
    } finally {
      setSubmitting(false);
    }
  };

  const limits = { hours: DUB_UPLOAD.maxSeconds / 3600, size: formatLimit(DUB_UPLOAD.maxBytes), count: DUB_UPLOAD.maxFiles };

  return (
    <Modal
      open
      title={t('dubbing.upload.title')}
      onCancel={close}
      maskClosable={false}
      footer={null}
      width={isMobile ? '100%' : 640}
      style={isMobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      className="upload-dialog dub-dialog"
    >
      <div data-testid="dub-dialog">
        {files.items.length < DUB_UPLOAD.maxFiles && (
          <FileDropZone
            accept=".mp4"
            text={t('dubbing.upload.dropText')}
            hint={t('dubbing.upload.dropHint', limits)}
            onFiles={(added) => void files.add(added)}
          />
        )}
        {files.items.length > 0 && (
          <FileList
            items={files.items}
            onRemove={async (item) => {
              await files.remove(item);
              attachSrt(item.key)(() => undefined);
            }}
            extra={(item) => <SrtAttach value={srts[item.key]} onChange={attachSrt(item.key)} testId="dub-srt" />}
          />
        )}

        <Form form={form} layout="vertical" initialValues={{ ...DEFAULTS, ...storedStyle() }} className="upload-form" requiredMark={false}>
          <LanguageFields languages={languages} testIdPrefix="dub" noTranslation={t('dubbing.upload.noTranslation')} />
          <div className="upload-form-row upload-speaker-row">
            <Form.Item name="maxSpeakers" label={t('upload.speakerCount')}>
              <Select options={SPEAKER_COUNTS} disabled={speakersAuto} data-testid="dub-speaker-count" />
            </Form.Item>
            <Form.Item name="maxSpeakersAuto" valuePropName="checked">
              <Checkbox data-testid="dub-speakers-auto">{t('dubbing.upload.speakersAuto')}</Checkbox>
            </Form.Item>
          </div>
          <Form.Item name="cloneVoices" valuePropName="checked" extra={t('dubbing.upload.cloneVoicesHint')}>
            <Checkbox data-testid="dub-clone-voices">{t('dubbing.upload.cloneVoices')}</Checkbox>
          </Form.Item>
          <Form.Item name="exportSubtitleInVideo" valuePropName="checked">
            <Checkbox data-testid="dub-export-subtitles">{t('dubbing.upload.exportSubtitles')}</Checkbox>
          </Form.Item>
          <div className="upload-form-row">
            <Form.Item name="subtitleMaxCharCountPerSegment" label={t('dubbing.upload.maxChars')}>
              <Input inputMode="numeric" disabled={!exportSubtitles} data-testid="dub-max-chars" />
            </Form.Item>
            <Form.Item name="subtitleFontSize" label={t('dubbing.upload.fontSize')}>
              <InputNumber
                min={DUB_UPLOAD.fontSize.min}
                max={DUB_UPLOAD.fontSize.max}
                precision={0}
                placeholder={t('dubbing.upload.fontSizeAuto')}
                suffix="px"
                style={{ width: '100%' }}
                data-testid="dub-font-size"
              />
            </Form.Item>
            <Form.Item name="subtitlePrimaryColor" label={t('dubbing.upload.fontColour')}>
              <ColourInput data-testid="dub-font-colour" />
            </Form.Item>
            <Form.Item name="subtitleOutlineColor" label={t('dubbing.upload.strokeColour')}>
              <ColourInput data-testid="dub-stroke-colour" />
            </Form.Item>
          </div>
          <Form.Item name="folderId" label={t('upload.folder')}>
            <FolderTreeSelect placeholder={t('folders.choose')} data-testid="dub-folder" />
          </Form.Item>
        </Form>

        <div className="upload-actions">
          <Button
            type="primary"
            block={isMobile}
            disabled={!files.ready || !srtsReady}
            loading={submitting}
            onClick={() => void submit()}
            data-testid="dub-submit"
          >
            {t('dubbing.upload.start')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
