import { AudioOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEETING_MODES } from '../../../contracts/meeting-modes';
import type { MeetingMode } from '../../../contracts/meeting-modes';
import type { CreateMeetingBody } from '../../../contracts/meeting-calls';
import { RECORD_NAME_MAX } from '../../../contracts/record-vocabulary';
import { Field } from '../../components/Field';
import { LazySelect } from '../../components/LazySelect';
import { MissingLanguages } from '../../components/MissingLanguages';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../../components/TextField';
import { currentLocale } from '../../i18n';
import { lazyComponent } from '../../lib/lazy-component';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { usePayOnShortage } from '../pay/shortage';
import { FolderSelectOnDemand } from '../folders/FolderSelectOnDemand';
import { VocabularyPicker } from '../vocabulary/VocabularyPicker';
import { useCurrentFolder } from '../folders/current-folder';
import { createMeeting, fetchMeetingLanguages } from './api';
import { MEETING_LANGUAGES_KEY } from '../../lib/query-keys';
import { refreshPermissions } from '../../lib/permissions';

interface SetupValues {
  mode: MeetingMode;
  sourceLanguage?: string;
  /** Interpreting only; kept while recording so switching back finds them. */
  targetLanguages: string[];
  name: string;
  folderId?: number;
  /** Vocabulary libraries to apply (SVIP). */
  documentIds: number[];
}

// Shown only after a refusal for want of balance: the alert's code loads then.
const ShortageAlert = lazyComponent(() => import('../pay/ShortageAlert').then((module) => ({ default: module.ShortageAlert })));

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

const MODE_TEXTS = {
  interpret: { name: 'meeting.page.modeInterpret', hint: 'meeting.page.modeInterpretHint' },
  record: { name: 'meeting.page.modeRecord', hint: 'meeting.page.modeRecordHint' },
} as const satisfies Record<MeetingMode, { name: string; hint: string }>;

/** The fields with a rule: their refusal shows once the user has changed them or tried to start. */
type CheckedField = 'sourceLanguage' | 'targetLanguages';

/**
 * /meeting without an id: what kind of meeting, in which languages, named how and filed where (spec §2
 * meeting page). Starting creates the meeting and opens its console; the microphone waits for the console's
 * own Start, so nothing is heard or charged before the host is ready. Plain state rather than antd Form:
 * two rules do not warrant its weight on a first screen.
 */
export function MeetingSetup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stored] = useState(readMeetingConfig);
  const [values, setValues] = useState<SetupValues>(() => ({ mode: stored.mode ?? 'interpret', targetLanguages: [], name: '', documentIds: [] }));
  const [changed, setChanged] = useState<ReadonlySet<keyof SetupValues>>(new Set());
  const [tried, setTried] = useState(false);
  const translateCount = useSession((s) => s.permissions.translateCount);
  const recognitionCount = useSession((s) => s.permissions.recognitionCount);
  /** A refusal for want of balance or benefit, and the meeting it refused: started once paid (spec §8). */
  const [shortage, setShortage] = useState<{ msg: string; body: CreateMeetingBody } | null>(null);
  const payOnShortage = usePayOnShortage();

  const languages = useQuery({ queryKey: [...MEETING_LANGUAGES_KEY, currentLocale()], queryFn: fetchMeetingLanguages });
  const { folder } = useCurrentFolder();

  // The plan may have changed since sign-in (a purchase in another tab): the target limit follows it.
  useEffect(() => void refreshPermissions(), []);

  const sources = languages.data?.transcribeLanguage;
  const translations = languages.data?.translation;
  useEffect(() => {
    if (!sources?.length) return;
    const offered = (code: string | undefined) => (code && sources.some((l) => l.code === code) ? code : undefined);
    setValues((v) => (v.sourceLanguage ? v : { ...v, sourceLanguage: offered(stored.sourceLanguage) ?? offered(currentLocale()) ?? sources[0]!.code }));
  }, [sources, stored]);

  const targetsChosen = changed.has('targetLanguages');
  useEffect(() => {
    if (!translations || targetsChosen) return;
    const kept = (stored.targetLanguages ?? []).filter((code) => translations.some((l) => l.code === code));
    setValues((v) => ({ ...v, targetLanguages: kept.slice(0, translateCount) }));
  }, [translations, stored, translateCount, targetsChosen]);

  useEffect(() => {
    if (folder) setValues((v) => (v.folderId === undefined ? { ...v, folderId: folder.id } : v));
  }, [folder]);

  const change = <K extends keyof SetupValues>(field: K, value: SetupValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Interpreting into the spoken language is no interpreting at all.
      if (field === 'sourceLanguage') next.targetLanguages = v.targetLanguages.filter((code) => code !== value);
      return next;
    });
    setChanged((fields) => new Set(fields).add(field));
  };

  const refusals: Partial<Record<CheckedField, string>> = {
    ...(values.sourceLanguage ? {} : { sourceLanguage: t('meeting.page.sourceRequired') }),
    ...(values.mode !== 'record' && values.targetLanguages.length === 0 ? { targetLanguages: t('meeting.page.targetRequired') } : {}),
  };
  const refusal = (field: CheckedField) => (tried || changed.has(field) ? refusals[field] : undefined);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(refusals).length > 0) return;
    setShortage(null);
    const name = values.name.trim();
    const body: CreateMeetingBody & { documentIds?: number[] } = {
      mode: values.mode,
      sourceLanguage: values.sourceLanguage!,
      targetLanguages: values.mode === 'interpret' ? values.targetLanguages.filter((code) => code !== values.sourceLanguage) : [],
      ...(name ? { name } : {}),
      ...(values.folderId !== undefined ? { folderId: values.folderId } : {}),
      ...(values.documentIds.length ? { documentIds: values.documentIds } : {}),
    };
    create.mutate(body);
  };

  const sourceOptions = (sources ?? []).map((l) => ({ value: l.code, label: l.name }));
  const targetOptions = (translations ?? []).filter((l) => l.code !== values.sourceLanguage).map((l) => ({ value: l.code, label: l.name }));
  const sourceRefusal = refusal('sourceLanguage');
  const targetRefusal = refusal('targetLanguages');

  return (
    <section className="meeting-setup" data-testid="meeting-setup">
      <PageTitle>{t('meeting.page.setupTitle')}</PageTitle>
      <p className="meeting-setup-lead">{t('meeting.page.setupLead')}</p>
      <form onSubmit={submit} noValidate>
        <Field id="meeting-mode" label={t('meeting.page.mode')}>
          <div role="radiogroup" id="meeting-mode" aria-labelledby="meeting-mode-label" className="meeting-mode" data-testid="meeting-mode">
            {MEETING_MODES.map((mode) => (
              // antd's Radio as plain markup (meeting.css draws its ring): its code would load with the page.
              <label key={mode} className={values.mode === mode ? 'meeting-mode-option checked' : 'meeting-mode-option'}>
                <span className="meeting-mode-radio">
                  <input
                    type="radio"
                    name="meeting-mode"
                    value={mode}
                    checked={values.mode === mode}
                    onChange={() => change('mode', mode)}
                    data-testid={`meeting-mode-${mode}`}
                  />
                  <span className="meeting-mode-ring" />
                </span>
                <span>
                  <strong>{t(MODE_TEXTS[mode].name)}</strong>
                  <small>{t(MODE_TEXTS[mode].hint)}</small>
                </span>
              </label>
            ))}
          </div>
        </Field>
        <div className="meeting-setup-row">
          <Field
            id="meeting-source"
            label={t('meeting.page.sourceLanguage')}
            error={sourceRefusal}
            extra={
              <>
                {t('common.recognitionLimit', { count: recognitionCount })}
                <MissingLanguages missing={languages.data?.missing?.transcribeLanguage} kind="sources" testId="meeting-missing-sources" />
              </>
            }
          >
            <LazySelect<string>
              id="meeting-source"
              showSearch
              optionFilterProp="label"
              value={values.sourceLanguage}
              onChange={(code: string) => change('sourceLanguage', code)}
              status={sourceRefusal ? 'error' : undefined}
              loading={languages.isLoading}
              options={sourceOptions}
              placeholder={t('meeting.page.sourcePlaceholder')}
              data-testid="meeting-source"
            />
          </Field>
          {values.mode !== 'record' && (
            <Field
              id="meeting-targets"
              label={t('meeting.page.targetLanguages')}
              error={targetRefusal}
              extra={
                <>
                  {t('meeting.page.targetLimit', { count: translateCount })}
                  <MissingLanguages missing={languages.data?.missing?.translation} kind="targets" testId="meeting-missing-targets" />
                </>
              }
            >
              <LazySelect<string[]>
                id="meeting-targets"
                mode="multiple"
                showSearch
                optionFilterProp="label"
                maxCount={translateCount}
                value={values.targetLanguages}
                onChange={(codes: string[]) => change('targetLanguages', codes)}
                status={targetRefusal ? 'error' : undefined}
                loading={languages.isLoading}
                options={targetOptions}
                placeholder={t('meeting.page.targetPlaceholder')}
                data-testid="meeting-targets"
              />
            </Field>
          )}
        </div>
        <Field id="meeting-name" label={t('meeting.page.name')}>
          <TextField
            id="meeting-name"
            value={values.name}
            onValue={(name) => change('name', name)}
            placeholder={t('meeting.page.namePlaceholder')}
            maxLength={RECORD_NAME_MAX}
            data-testid="meeting-name"
          />
        </Field>
        <Field id="meeting-folder" label={t('upload.folder')}>
          <FolderSelectOnDemand
            id="meeting-folder"
            value={values.folderId}
            onChange={(id) => change('folderId', id)}
            placeholder={t('folders.choose')}
            data-testid="meeting-folder"
          />
        </Field>
        <Field id="meeting-vocabulary" label={t('vocabulary.picker.label')}>
          <VocabularyPicker value={values.documentIds} onChange={(ids) => change('documentIds', ids)} testId="meeting-vocabulary" buyByLink />
        </Field>
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
      </form>
    </section>
  );
}
