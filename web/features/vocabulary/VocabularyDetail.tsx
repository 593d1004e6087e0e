import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ImportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Form, Input, Result, Table } from 'antd';
import type { CheckboxProps, TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VOCABULARY_LIMITS } from '../../../contracts/vocabulary-rules';
import type { VocabularyEntry, VocabularyLibrary } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { PageTitle } from '../../components/PageTitle';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { Tag } from '../../components/Tag';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { exportLibrary } from './api';
import { useEditEntry, useLanguageName, useLibrary, useRemoveEntries } from './hooks';
import { usePaymentRefusal } from './svip';
import { ImportDialog } from './ImportDialog';
import { BatchDelete, IconAction, ListPagination, SearchBox, useClampPage, usePaging } from './parts';
import { entryProblem, hasRight } from './rules';
import type { EntryProblem } from './rules';
import { SvipNotice } from './SvipNotice';
import './vocabulary.css';
import { useFeedback } from '../../lib/feedback';

const TABLE_MIN_WIDTH = 560;

interface EntryValues {
  text: string;
  translation: string;
}

interface Editing extends EntryValues {
  id: number;
  problem: EntryProblem | null;
}

/** The translated reason an entry is refused. */
function useProblemText() {
  const { t } = useTranslation();
  return (problem: EntryProblem, type: VocabularyType) => {
    if (problem.reason === 'eitherRequired') return t('vocabulary.entries.eitherRequired');
    if (problem.reason === 'required') return t(type === 'sensitive' ? 'vocabulary.entries.sensitiveRequired' : 'vocabulary.entries.wordRequired');
    return t('vocabulary.entries.tooLong', { max: problem.max });
  };
}

/**
 * /vocabularyDetail?id= (spec §3): one library — its type, language and how full it is — and its entries a
 * page at a time, searchable, added, edited in place and deleted within the limits of spec §5.
 */
export function VocabularyDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const permissions = useSession((s) => s.permissions);
  const languageName = useLanguageName();
  const problemText = useProblemText();
  const [search, setSearch] = useState('');
  const { page, setPage, first } = usePaging();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const [form] = Form.useForm<EntryValues>();
  const edit = useEditEntry();
  const remove = useRemoveEntries();
  const refused = usePaymentRefusal();

  const query = useLibrary({ id, keyword: search || undefined, pageNum: page.num, pageSize: page.size });
  const data = query.data;

  useClampPage(data, page, setPage);

  if (query.isError && !data) {
    return (
      <div className="page vocabulary-page">
        <Result
          status="warning"
          title={t('vocabulary.detail.loadFailed')}
          extra={[
            <Button key="retry" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>,
            <Link key="back" to={PATHS.vocabulary}>
              {t('vocabulary.detail.back')}
            </Link>,
          ]}
        />
      </div>
    );
  }
  if (!data) return <Spinner className="vocabulary-loading" />;

  const library: VocabularyLibrary = data.library;
  const type = library.type;
  const terms = type === 'terms';
  const limit = VOCABULARY_LIMITS.perLibrary[type];
  const allowed = hasRight(permissions, type);
  const full = library.count >= limit;

  const add = async (values: EntryValues) => {
    try {
      await edit.mutateAsync({ id, text: values.text.trim(), translation: terms ? (values.translation ?? '').trim() : '' });
      void message.success(t('vocabulary.entries.added'));
      form.resetFields();
    } catch (error) {
      refused(error);
    }
  };

  const save = async () => {
    if (!editing) return;
    const problem = entryProblem(type, editing.text, editing.translation);
    if (problem) {
      setEditing({ ...editing, problem });
      return;
    }
    try {
      await edit.mutateAsync({ id, entryId: editing.id, text: editing.text.trim(), translation: terms ? editing.translation.trim() : '' });
      void message.success(t('vocabulary.entries.saved'));
      setEditing(null);
    } catch (error) {
      refused(error);
    }
  };

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: ids.length === 1 ? t('vocabulary.entries.deleteOne') : t('vocabulary.entries.deleteTitle', { count: ids.length }),
      okText: t('vocabulary.delete'),
      okButtonProps: { danger: true, 'data-testid': 'entries-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id, ids });
          void message.success(t('vocabulary.entries.deleted', { count: ids.length }));
          setSelected((kept) => kept.filter((x) => !ids.includes(x)));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const download = async () => {
    try {
      await exportLibrary(library);
    } catch {
      // The request layer showed why.
    }
  };

  /** A rule of the add form for one field, from the shared check of spec §5. */
  const ruleFor = (field: 'text' | 'translation') => ({
    validator: (_: unknown, value: string | undefined) => {
      const values = form.getFieldsValue();
      const problem = entryProblem(
        type,
        field === 'text' ? (value ?? '') : (values.text ?? ''),
        field === 'translation' ? (value ?? '') : (values.translation ?? ''),
      );
      return problem && problem.field === field ? Promise.reject(new Error(problemText(problem, type))) : Promise.resolve();
    },
  });

  const cell = (entry: VocabularyEntry, field: 'text' | 'translation') => {
    if (editing?.id !== entry.id) return <span className="vocabulary-entry-text">{entry[field]}</span>;
    const error = editing.problem?.field === field ? problemText(editing.problem, type) : null;
    return (
      <div>
        <Input
          size="small"
          value={editing[field]}
          status={error ? 'error' : undefined}
          aria-label={t(field === 'text' ? `vocabulary.entries.${terms ? 'original' : 'word'}` : 'vocabulary.entries.translation')}
          onChange={(e) => setEditing({ ...editing, [field]: e.target.value, problem: null })}
          onPressEnter={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(null);
          }}
          data-testid={`entry-edit-${field}`}
        />
        {error && (
          <div className="vocabulary-entry-error" role="alert" data-testid="entry-edit-error">
            {error}
          </div>
        )}
      </div>
    );
  };

  const columns: TableColumnsType<VocabularyEntry> = [
    { title: t(terms ? 'vocabulary.entries.original' : 'vocabulary.entries.word'), key: 'text', render: (_, entry) => cell(entry, 'text') },
    ...(terms
      ? [{ title: t('vocabulary.entries.translation'), key: 'translation', render: (_: unknown, entry: VocabularyEntry) => cell(entry, 'translation') }]
      : []),
    {
      title: t('vocabulary.list.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, entry) =>
        editing?.id === entry.id ? (
          <span className="vocabulary-actions">
            <IconAction
              title={t('common.save')}
              label={t('common.save')}
              icon={<CheckOutlined />}
              loading={edit.isPending}
              onClick={() => void save()}
              testId="entry-edit-save"
            />
            <IconAction
              title={t('vocabulary.cancel')}
              label={t('vocabulary.cancel')}
              icon={<CloseOutlined />}
              onClick={() => setEditing(null)}
              testId="entry-edit-cancel"
            />
          </span>
        ) : (
          <span className="vocabulary-actions">
            <IconAction
              title={t('vocabulary.entries.edit')}
              label={t('vocabulary.entries.editNamed', { text: entry.text || entry.translation })}
              icon={<EditOutlined />}
              disabled={!allowed}
              onClick={() => setEditing({ id: entry.id, text: entry.text, translation: entry.translation, problem: null })}
              testId={`entry-edit-${entry.id}`}
            />
            <IconAction
              title={t('vocabulary.delete')}
              label={t('vocabulary.entries.deleteNamed', { text: entry.text || entry.translation })}
              icon={<DeleteOutlined />}
              danger
              onClick={() => confirmDelete([entry.id])}
              testId={`entry-delete-${entry.id}`}
            />
          </span>
        ),
    },
  ];

  return (
    <div className="page vocabulary-page" data-testid="vocabulary-detail">
      <Link to={PATHS.vocabulary} className="vocabulary-back" data-testid="vocabulary-back">
        <ArrowLeftOutlined /> {t('vocabulary.detail.back')}
      </Link>
      <PageTitle>{library.name}</PageTitle>
      <div className="vocabulary-detail-meta" data-testid="vocabulary-detail-meta">
        <Tag color="blue">{t(`vocabulary.types.${type}`)}</Tag>
        <span>{library.targetLanguage ? `${languageName(library.language)} → ${languageName(library.targetLanguage)}` : languageName(library.language)}</span>
        <span className={full ? 'vocabulary-count full' : 'vocabulary-count'} data-testid="vocabulary-count">
          {t('vocabulary.detail.count', { count: library.count, limit })}
        </span>
        <span className="vocabulary-toolbar-actions">
          <Button icon={<ImportOutlined />} disabled={!allowed} onClick={() => setImporting(true)} data-testid="vocabulary-import-more">
            {t('vocabulary.import.more')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid="vocabulary-export">
            {t('vocabulary.export')}
          </Button>
        </span>
      </div>
      {!allowed && <SvipNotice className="vocabulary-svip" />}

      <div className="vocabulary-main vocabulary-detail-body">
        {allowed && (
          <Form<EntryValues>
            form={form}
            layout="inline"
            className="vocabulary-entry-form"
            initialValues={{ text: '', translation: '' }}
            onFinish={(values) => void add(values)}
            data-testid="entry-add-form"
          >
            <Form.Item name="text" rules={[ruleFor('text')]} dependencies={terms ? ['translation'] : []}>
              <Input
                placeholder={t(
                  terms ? 'vocabulary.entries.original' : type === 'sensitive' ? 'vocabulary.entries.sensitivePlaceholder' : 'vocabulary.entries.word',
                )}
                aria-label={t(terms ? 'vocabulary.entries.original' : 'vocabulary.entries.word')}
                disabled={full}
                data-testid="entry-add-text"
              />
            </Form.Item>
            {terms && (
              <Form.Item name="translation" rules={[ruleFor('translation')]}>
                <Input
                  placeholder={t('vocabulary.entries.translation')}
                  aria-label={t('vocabulary.entries.translation')}
                  disabled={full}
                  data-testid="entry-add-translation"
                />
              </Form.Item>
            )}
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined />}
                disabled={full}
                loading={edit.isPending && !editing}
                data-testid="entry-add-submit"
              >
                {t('vocabulary.entries.add')}
              </Button>
            </Form.Item>
            {full && <span className="vocabulary-full">{t('vocabulary.entries.full', { limit })}</span>}
          </Form>
        )}
        <div className="vocabulary-toolbar">
          <SearchBox
            label={t('vocabulary.entries.search')}
            max={VOCABULARY_LIMITS.termChars}
            onSearch={(text) => {
              setSearch(text);
              first();
              setSelected([]);
            }}
            testId="entries-search"
          />
          <span className="vocabulary-toolbar-actions">
            <BatchDelete count={selected.length} onClick={() => confirmDelete(selected)} testId="entries-batch-delete" />
          </span>
        </div>
        <Spinner spinning={query.isFetching}>
          {data.rows.length === 0 ? (
            <Empty description={search ? t('vocabulary.entries.emptySearch') : t('vocabulary.entries.empty')} data-testid="entries-empty" />
          ) : (
            <Table<VocabularyEntry>
              rowKey="id"
              columns={columns}
              dataSource={data.rows}
              pagination={false}
              scroll={{ x: TABLE_MIN_WIDTH }}
              onRow={(entry) => ({ 'data-testid': `entry-row-${entry.id}` }) as HTMLAttributes<HTMLElement>}
              rowSelection={{
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (entry) => ({ 'aria-label': entry.text || entry.translation, 'data-testid': `entry-select-${entry.id}` }) as CheckboxProps,
              }}
              data-testid="entries-table"
            />
          )}
        </Spinner>
        <ListPagination page={page} total={data.total} onChange={setPage} testId="entries-pagination" />
      </div>
      {importing && <ImportDialog library={library} onClose={() => setImporting(false)} />}
    </div>
  );
}
