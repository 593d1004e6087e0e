import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VocabularyLibrary } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { currentLocale } from '../../i18n';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useEditLibrary } from './hooks';
import { usePaymentRefusal } from './svip';
import { LibraryFields, newLibraryFields } from './LibraryFields';
import type { LibraryValues } from './LibraryFields';
import { useFeedback } from '../../lib/feedback';

type LibraryDialogProps = { onClose: () => void } & (
  | { library: VocabularyLibrary; defaults?: undefined }
  | { library?: undefined; defaults: { type: VocabularyType; folderId: number } }
);

/** "New library", or renaming and moving one (mount to open; each opening starts afresh). */
export function LibraryDialog({ library, defaults, onClose }: LibraryDialogProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<LibraryValues>();
  const edit = useEditLibrary();
  const refused = usePaymentRefusal();

  const initialValues: Partial<LibraryValues> = library
    ? { name: library.name, folderId: library.folderId ?? 0 }
    : { name: '', type: defaults.type, language: currentLocale(), folderId: defaults.folderId };

  const finish = async (values: LibraryValues) => {
    try {
      if (library) {
        await edit.mutateAsync({ id: library.id, name: values.name.trim(), folderId: values.folderId });
        void message.success(t('vocabulary.library.saved'));
      } else {
        await edit.mutateAsync(newLibraryFields(values));
        void message.success(t('vocabulary.library.created'));
      }
      onClose();
    } catch (error) {
      refused(error); // anything else was shown by the request layer
    }
  };

  return (
    <Modal
      open
      title={library ? t('vocabulary.library.editTitle') : t('vocabulary.library.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={edit.isPending}
      okButtonProps={{ 'data-testid': 'library-submit' }}
      width={isMobile ? '100%' : 520}
      destroyOnHidden
    >
      <Form<LibraryValues> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(v) => void finish(v)}>
        <LibraryFields form={form} creating={!library} />
      </Form>
    </Modal>
  );
}
