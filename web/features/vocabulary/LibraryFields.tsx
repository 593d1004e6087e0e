import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { VOCABULARY_LIMITS, VOCABULARY_TYPES } from '../../../contracts/vocabulary-rules';
import type { VocabularyFolder } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { useSession } from '../../lib/session';
import { useLanguageOptions, useVocabularyFolders } from './hooks';
import { charCount, hasRight } from './rules';

/** What describes a library: its name, and on creation its type, languages and folder. */
export interface LibraryValues {
  name: string;
  type: VocabularyType;
  language: string;
  targetLanguage?: string;
  /** 0: the top level. */
  folderId: number;
}

interface FolderOption {
  value: number;
  title: string;
  children: FolderOption[];
}

const toOption = (folder: VocabularyFolder): FolderOption => ({ value: folder.id, title: folder.folderName, children: folder.children.map(toOption) });

/** The top level and the user's folders, for filing a library. */
export function VocabularyFolderSelect({ value, onChange, testId }: { value?: number; onChange?: (id: number) => void; testId?: string }) {
  const { t } = useTranslation();
  const folders = useVocabularyFolders();
  return (
    <TreeSelect<number>
      value={value}
      onChange={onChange}
      treeData={[{ value: 0, title: t('vocabulary.folders.top'), children: [] }, ...(folders.data ?? []).map(toOption)]}
      loading={folders.isLoading}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/**
 * The library form's items; `creating` adds type and languages, which never change afterwards (spec §3: the
 * type is fixed, and the entries are in their language).
 */
export function LibraryFields({ form, creating }: { form: FormInstance<LibraryValues>; creating: boolean }) {
  const { t } = useTranslation();
  const permissions = useSession((s) => s.permissions);
  const languages = useLanguageOptions();
  const type = Form.useWatch('type', form);
  const max = VOCABULARY_LIMITS.nameChars;
  return (
    <>
      <Form.Item
        name="name"
        label={t('vocabulary.library.name')}
        rules={[
          { required: true, whitespace: true, message: t('vocabulary.library.nameRequired') },
          {
            validator: (_, value: string | undefined) =>
              charCount((value ?? '').trim()) > max ? Promise.reject(new Error(t('vocabulary.library.nameTooLong', { max }))) : Promise.resolve(),
          },
        ]}
      >
        <Input placeholder={t('vocabulary.library.nameRequired')} data-testid="library-name" />
      </Form.Item>
      {creating && (
        <>
          <Form.Item name="type" label={t('vocabulary.library.type')} rules={[{ required: true }]}>
            <Radio.Group data-testid="library-type">
              {VOCABULARY_TYPES.map((value) => (
                <Radio key={value} value={value} disabled={!hasRight(permissions, value)} data-testid={`library-type-${value}`}>
                  {t(`vocabulary.types.${value}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <div className="vocabulary-form-row">
            <Form.Item
              name="language"
              label={t(type === 'terms' ? 'vocabulary.library.sourceLanguage' : 'vocabulary.library.language')}
              rules={[{ required: true, message: t('vocabulary.library.languageRequired') }]}
            >
              <Select showSearch optionFilterProp="label" options={languages} data-testid="library-language" />
            </Form.Item>
            {type === 'terms' && (
              <Form.Item
                name="targetLanguage"
                label={t('vocabulary.library.targetLanguage')}
                dependencies={['language']}
                rules={[
                  { required: true, message: t('vocabulary.library.targetRequired') },
                  ({ getFieldValue }) => ({
                    validator: (_, value?: string) =>
                      value && value === getFieldValue('language') ? Promise.reject(new Error(t('vocabulary.library.targetSame'))) : Promise.resolve(),
                  }),
                ]}
              >
                <Select showSearch optionFilterProp="label" options={languages} data-testid="library-target-language" />
              </Form.Item>
            )}
          </div>
        </>
      )}
      <Form.Item name="folderId" label={t('vocabulary.library.folder')}>
        <VocabularyFolderSelect testId="library-folder" />
      </Form.Item>
    </>
  );
}

/** The body fields of a new library, as the edit and import calls take them. */
export function newLibraryFields(values: LibraryValues) {
  return {
    type: values.type,
    name: values.name.trim(),
    language: values.language,
    targetLanguage: values.type === 'terms' ? (values.targetLanguage ?? null) : null,
    folderId: values.folderId,
  };
}
