import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VOCABULARY_IMPORT_TYPES, VOCABULARY_LIMITS } from '../../../contracts/vocabulary-rules';
import type { VocabularyLibrary } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { currentLocale } from '../../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useIsMobile } from '../../lib/use-is-mobile';
import { importLibrary } from './api';
import type { ImportFields, ImportResult } from './api';
import { usePaymentRefusal } from './svip';
import { LibraryFields, newLibraryFields } from './LibraryFields';
import type { LibraryValues } from './LibraryFields';
import { importFileProblem, importMegabytes } from './rules';
import { VOCABULARY_KEY } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';

type ImportDialogProps = {
  onClose: () => void;
  /** After a successful import: the library the entries went into. */
  onImported?: (library: VocabularyLibrary) => void;
} & ({ library: VocabularyLibrary; defaults?: undefined } | { library?: undefined; defaults: { type: VocabularyType; folderId: number } });

/**
 * An Excel import (spec §5): one .xlsx of at most 5 MB, checked here before it is sent, either into an
 * existing library or as a new one described beside the file. The answer says what was added and what the
 * library already had.
 */
export function ImportDialog({ library, defaults, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LibraryValues>();
  const refused = usePaymentRefusal();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const choose = (chosen: File) => {
    const why = importFileProblem(chosen);
    if (why) {
      const text = why === 'type' ? t('vocabulary.import.notXlsx') : t('vocabulary.import.tooBig', { max: importMegabytes });
      void message.error(text);
      setProblem(text);
      setFile(null);
    } else {
      setProblem(null);
      setFile(chosen);
    }
    return false; // sent with the form, not by the Upload itself
  };

  const send = async () => {
    if (!file) {
      setProblem(t('vocabulary.import.chooseFile'));
      return;
    }
    let fields: ImportFields;
    if (library) fields = { id: library.id };
    else {
      try {
        fields = newLibraryFields(await form.validateFields());
      } catch {
        return; // the form shows what is missing
      }
    }
    setSending(true);
    setProblem(null);
    try {
      const answer = await importLibrary(file, fields);
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: VOCABULARY_KEY });
    } catch (error) {
      if (!refused(error)) setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const chosenType = Form.useWatch('type', form);
  const type = library?.type ?? chosenType ?? defaults?.type ?? 'words';
  const footer = result ? (
    <Button
      type="primary"
      onClick={() => {
        onImported?.(result.library);
        onClose();
      }}
      data-testid="import-done"
    >
      {t('vocabulary.import.done')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose}>{t('vocabulary.cancel')}</Button>
      <Button type="primary" loading={sending} onClick={() => void send()} data-testid="import-submit">
        {t('vocabulary.import.submit')}
      </Button>
    </>
  );

  return (
    <Modal
      open
      title={library ? t('vocabulary.import.moreTitle', { name: library.name }) : t('vocabulary.import.title')}
      onCancel={onClose}
      maskClosable={false}
      footer={footer}
      width={isMobile ? '100%' : 560}
    >
      <div data-testid="import-dialog">
        {result ? (
          <Alert
            type="success"
            showIcon
            message={t('vocabulary.import.result', { added: result.added, skipped: result.skipped })}
            description={t('vocabulary.import.resultLibrary', { name: result.library.name, count: result.library.count })}
            data-testid="import-result"
          />
        ) : (
          <>
            <div className="vocabulary-import-layout" data-testid="import-layout">
              <p>{t(type === 'terms' ? 'vocabulary.import.layoutTerms' : 'vocabulary.import.layoutWords')}</p>
              <p>
                {t('vocabulary.import.limits', {
                  max: importMegabytes,
                  words: VOCABULARY_LIMITS.importRows.words,
                  terms: VOCABULARY_LIMITS.importRows.terms,
                  sensitive: VOCABULARY_LIMITS.importRows.sensitive,
                })}
              </p>
            </div>
            {!library && (
              <Form<LibraryValues>
                form={form}
                layout="vertical"
                requiredMark={false}
                initialValues={{ name: '', type: defaults?.type, language: currentLocale(), folderId: defaults?.folderId ?? 0 }}
              >
                <LibraryFields form={form} creating />
              </Form>
            )}
            <Upload.Dragger
              accept={`${VOCABULARY_IMPORT_TYPES.extension},${VOCABULARY_IMPORT_TYPES.mime}`}
              maxCount={1}
              multiple={false}
              beforeUpload={choose}
              fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('vocabulary.import.drop')}</p>
              <p className="ant-upload-hint">{t('vocabulary.import.hint', { max: importMegabytes })}</p>
            </Upload.Dragger>
            {problem && <Alert className="vocabulary-import-problem" type="error" showIcon message={problem} data-testid="import-problem" />}
          </>
        )}
      </div>
    </Modal>
  );
}
