import { AudioOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEETING_MODES } from '../../../contracts/meeting';
import type { MeetingMode } from '../../../contracts/meeting';
import type { CreateMeetingBody } from '../../../contracts/meeting-calls';
import { RECORD_NAME_MAX } from '../../../contracts/record-vocabulary';
import { MissingLanguages } from '../../components/MissingLanguages';
import { PageTitle } from '../../components/PageTitle';
import { currentLocale } from '../../i18n';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { ShortageAlert, usePayOnShortage } from '../pay/shortage';
import { FolderTreeSelect } from '../folders/FolderTreeSelect';
import { VocabularyPicker } from '../vocabulary/VocabularyPicker';
import { useCurrentFolder } from '../folders/current-folder';
import { createMeeting, fetchMeetingLanguages } from './api';
import { MEETING_LANGUAGES_KEY } from '../../lib/query-keys';
import { refreshPermissions } from '../../lib/permissions';

interface SetupValues {
  mode: MeetingMode;
  sourceLanguage?: string;
  targetLanguages: string[];
  name: string;
  folderId?: number;
  /** Vocabulary libraries to apply (SVIP). */
  documentIds: number[];
}

/** Spec §3 "meeting config": the last languages chosen, offered again next time. */
const MEETING_CONFIG_STORAGE_KEY = 'meetingConfig';
type MeetingConfig = Pick<SetupValues, 'mode' | 'sourceLanguage' | 'targetLanguages'>;

function readMeetingConfig(): Partial<MeetingConfig> {
  try {
    const stored = JSON.parse(localStorage.getItem(MEETING_CONFIG_STORAGE_KEY) ?? '{}') as Partial<MeetingConfig>;
    return {
      mode: MEETING_MODES.includes(stored.mode as MeetingMode) ? stored.mode : undefined,
      sourceLanguage: typeof stored.sourceLanguage === 'string' ? stored.sourceLanguage : undefined,
      targetLanguages: Array.isArray(stored.targetLanguages) ? stored.targetLanguages.filter((l) => typeof l === 'string') : undefined,
    };
  } catch {
    return {};
  }
}

function storeMeetingConfig(config: MeetingConfig): void {
  try {
    localStorage.setItem(MEETING_CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage disabled: nothing to offer next time.
  }
}

/**
 * /meeting without an id: what kind of meeting, in which languages, named how and filed where (spec §2
 * meeting page). Starting creates the meeting and opens its console; the microphone waits for the console's
 * own Start, so nothing is heard or charged before the host is ready.
 */
export function MeetingSetup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SetupValues>();
  const mode = Form.useWatch('mode', form);
  const source = Form.useWatch('sourceLanguage', form);
  const translateCount = useSession((s) => s.permissions.translateCount);
  const recognitionCount = useSession((s) => s.permissions.recognitionCount);
  /** A refusal for want of balance or benefit, and the meeting it refused: started once paid (spec §8). */
  const [shortage, setShortage] = useState<{ msg: string; body: CreateMeetingBody } | null>(null);
  const payOnShortage = usePayOnShortage();
  const [stored] = useState(readMeetingConfig);

  const languages = useQuery({ queryKey: [...MEETING_LANGUAGES_KEY, currentLocale()], queryFn: fetchMeetingLanguages });
  const { folder } = useCurrentFolder();

  // The plan may have changed since sign-in (a purchase in another tab): the target limit follows it.
  useEffect(() => void refreshPermissions(), []);

  const sources = languages.data?.transcribeLanguage;
  const translations = languages.data?.translation;
  useEffect(() => {
    if (!sources?.length || form.getFieldValue('sourceLanguage')) return;
    const offered = (code: string | undefined) => (code && sources.some((l) => l.code === code) ? code : undefined);
    form.setFieldValue('sourceLanguage', offered(stored.sourceLanguage) ?? offered(currentLocale()) ?? sources[0]!.code);
  }, [sources, stored, form]);

  useEffect(() => {
    if (!translations || form.isFieldTouched('targetLanguages')) return;
    const kept = (stored.targetLanguages ?? []).filter((code) => translations.some((l) => l.code === code));
    form.setFieldValue('targetLanguages', kept.slice(0, translateCount));
  }, [translations, stored, translateCount, form]);

  useEffect(() => {
    if (folder && form.getFieldValue('folderId') === undefined) form.setFieldValue('folderId', folder.id);
  }, [folder, form]);

  const create = useMutation({
    mutationFn: createMeeting,
    onSuccess: (meeting, body) => {
      storeMeetingConfig({ mode: body.mode ?? 'interpret', sourceLanguage: body.sourceLanguage, targetLanguages: body.targetLanguages ?? [] });
      // Replace: going back from the console should not land on a form that starts yet another meeting.
      void navigate(`${PATHS.meeting}?id=${meeting.id}`, { replace: true });
    },
    onError: (error, body) => {
      const msg = payOnShortage(error, afterPaying(body));
      if (msg !== null) setShortage({ msg, body });
    },
  });

  const { mutate } = create;
  const afterPaying = (body: CreateMeetingBody) => ({ onPaid: () => mutate(body) });

  const submit = (values: SetupValues) => {
    setShortage(null);
    const name = values.name.trim();
    const body: CreateMeetingBody & { documentIds?: number[] } = {
      mode: values.mode,
      sourceLanguage: values.sourceLanguage!,
      targetLanguages: values.mode === 'interpret' ? values.targetLanguages.filter((code) => code !== values.sourceLanguage) : [],
      ...(name ? { name } : {}),
      ...(values.folderId !== undefined ? { folderId: values.folderId } : {}),
      ...(values.documentIds?.length ? { documentIds: values.documentIds } : {}),
    };
    create.mutate(body);
  };

  const sourceOptions = (sources ?? []).map((l) => ({ value: l.code, label: l.name }));
  const targetOptions = (translations ?? []).filter((l) => l.code !== source).map((l) => ({ value: l.code, label: l.name }));

  return (
    <Card className="meeting-setup" variant="borderless" data-testid="meeting-setup">
      <PageTitle>{t('meeting.page.setupTitle')}</PageTitle>
      <p className="meeting-setup-lead">{t('meeting.page.setupLead')}</p>
      <Form<SetupValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ mode: stored.mode ?? 'interpret', targetLanguages: [], name: '', documentIds: [] }}
        onFinish={submit}
        onValuesChange={(changed: Partial<SetupValues>) => {
          // Interpreting into the spoken language is no interpreting at all.
          if (changed.sourceLanguage) {
            const targets = (form.getFieldValue('targetLanguages') as string[]).filter((code) => code !== changed.sourceLanguage);
            form.setFieldValue('targetLanguages', targets);
          }
        }}
      >
        <Form.Item name="mode" label={t('meeting.page.mode')}>
          <Radio.Group className="meeting-mode" data-testid="meeting-mode">
            <Radio value="interpret" data-testid="meeting-mode-interpret">
              <strong>{t('meeting.page.modeInterpret')}</strong>
              <small>{t('meeting.page.modeInterpretHint')}</small>
            </Radio>
            <Radio value="record" data-testid="meeting-mode-record">
              <strong>{t('meeting.page.modeRecord')}</strong>
              <small>{t('meeting.page.modeRecordHint')}</small>
            </Radio>
          </Radio.Group>
        </Form.Item>
        <div className="meeting-setup-row">
          <Form.Item
            name="sourceLanguage"
            label={t('meeting.page.sourceLanguage')}
            extra={
              <>
                {t('common.recognitionLimit', { count: recognitionCount })}
                <MissingLanguages missing={languages.data?.missing?.transcribeLanguage} kind="sources" testId="meeting-missing-sources" />
              </>
            }
            rules={[{ required: true, message: t('meeting.page.sourceRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={languages.isLoading}
              options={sourceOptions}
              placeholder={t('meeting.page.sourcePlaceholder')}
              data-testid="meeting-source"
            />
          </Form.Item>
          {mode !== 'record' && (
            <Form.Item
              name="targetLanguages"
              label={t('meeting.page.targetLanguages')}
              extra={
                <>
                  {t('meeting.page.targetLimit', { count: translateCount })}
                  <MissingLanguages missing={languages.data?.missing?.translation} kind="targets" testId="meeting-missing-targets" />
                </>
              }
              rules={[{ required: true, type: 'array', min: 1, message: t('meeting.page.targetRequired') }]}
            >
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                maxCount={translateCount}
                loading={languages.isLoading}
                options={targetOptions}
                placeholder={t('meeting.page.targetPlaceholder')}
                data-testid="meeting-targets"
              />
            </Form.Item>
          )}
        </div>
        <Form.Item name="name" label={t('meeting.page.name')}>
          <Input placeholder={t('meeting.page.namePlaceholder')} maxLength={RECORD_NAME_MAX} data-testid="meeting-name" />
        </Form.Item>
        <Form.Item name="folderId" label={t('upload.folder')}>
          <FolderTreeSelect placeholder={t('folders.choose')} data-testid="meeting-folder" />
        </Form.Item>
        <Form.Item name="documentIds" label={t('vocabulary.picker.label')}>
          <VocabularyPicker testId="meeting-vocabulary" buyByLink />
        </Form.Item>
        {shortage !== null && (
          <ShortageAlert
            msg={shortage.msg}
            note={t('meeting.states.paidStartsMeeting')}
            events={afterPaying(shortage.body)}
            className="meeting-setup-shortage"
            testId="meeting-shortage"
          />
        )}
        <Button type="primary" htmlType="submit" size="large" block icon={<AudioOutlined />} loading={create.isPending} data-testid="meeting-create">
          {t('meeting.page.create')}
        </Button>
      </Form>
    </Card>
  );
}
