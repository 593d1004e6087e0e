import { DeleteOutlined, DownloadOutlined, EditOutlined, FolderOpenOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Radio, Table, Tabs } from 'antd';
import type { CheckboxProps, TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { VOCABULARY_LIMITS, VOCABULARY_TYPES } from '../../../contracts/vocabulary-rules';
import type { VocabularyLibrary } from '../../../contracts/vocabulary';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { formatTime } from '../records/format';
import { exportLibrary } from './api';
import { useLanguageName, useLibraries, useRemoveLibraries } from './hooks';
import { ImportDialog } from './ImportDialog';
import { LibraryDialog } from './LibraryDialog';
import { BatchDelete, IconAction, ListPagination, SearchBox, useClampPage, usePaging } from './parts';
import { hasRight } from './rules';
import { SvipNotice } from './SvipNotice';
import { VocabularyFolders } from './VocabularyFolders';
import './vocabulary.css';
import { useFeedback } from '../../lib/feedback';

type Dialog = { kind: 'create' } | { kind: 'import' } | { kind: 'edit'; library: VocabularyLibrary };

/** Below this the table scrolls sideways rather than squeezing names to nothing (a phone shows one column instead). */
const TABLE_MIN_WIDTH = 640;

export const libraryLink = (id: number) => `${PATHS.vocabularyDetail}?id=${id}`;

/**
 * /vocabulary (spec §3 Vocabulary library): the folder tree beside the libraries of one type, searchable
 * by name, a page at a time, with their actions, batch delete, "New library" and "Import Excel".
 */
export function VocabularyList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const permissions = useSession((s) => s.permissions);
  const [type, setType] = useState<VocabularyType>('words');
  const [folderId, setFolderId] = useState<number | undefined>(undefined);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const languageName = useLanguageName();
  const remove = useRemoveLibraries();
  const allowed = hasRight(permissions, type);
  const isMobile = useIsMobile();

  const { page, setPage, first } = usePaging();
  const libraries = useLibraries({ type, folderId, name: name || undefined, pageNum: page.num, pageSize: page.size });
  const data = libraries.data;
  const rows = data?.rows ?? [];
  useClampPage(data, page, setPage);

  const restart = () => {
    first();
    setSelected([]);
  };

  const confirmDelete = (ids: number[], libraryName?: string) =>
    modal.confirm({
      title: libraryName ? t('vocabulary.list.deleteOneTitle', { name: libraryName }) : t('vocabulary.list.deleteManyTitle', { count: ids.length }),
      content: t('vocabulary.list.deleteContent'),
      okText: t('vocabulary.delete'),
      okButtonProps: { danger: true, 'data-testid': 'vocabulary-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          void message.success(t('vocabulary.list.deleted', { count: ids.length }));
          setSelected((kept) => kept.filter((id) => !ids.includes(id)));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const download = async (library: VocabularyLibrary) => {
    try {
      await exportLibrary(library);
    } catch {
      // The request layer showed why.
    }
  };

  const limit = VOCABULARY_LIMITS.perLibrary[type];
  const language = (library: VocabularyLibrary) =>
    library.targetLanguage ? `${languageName(library.language)} → ${languageName(library.targetLanguage)}` : languageName(library.language);
  const nameCell = (library: VocabularyLibrary) => (
    <>
      <Link to={libraryLink(library.id)} className="vocabulary-library-name" title={library.name} data-testid={`library-name-${library.id}`}>
        {library.name}
      </Link>
      <div className="vocabulary-library-meta">{language(library)}</div>
    </>
  );
  const actions = (library: VocabularyLibrary) => (
    <span className="vocabulary-actions">
      <IconAction
        title={t('vocabulary.list.open')}
        label={t('vocabulary.list.openNamed', { name: library.name })}
        icon={<FolderOpenOutlined />}
        onClick={() => void navigate(libraryLink(library.id))}
        testId={`library-open-${library.id}`}
      />
      <IconAction
        title={t('vocabulary.list.edit')}
        label={t('vocabulary.list.editNamed', { name: library.name })}
        icon={<EditOutlined />}
        disabled={!allowed}
        onClick={() => setDialog({ kind: 'edit', library })}
        testId={`library-edit-${library.id}`}
      />
      <IconAction
        title={t('vocabulary.export')}
        label={t('vocabulary.list.exportNamed', { name: library.name })}
        icon={<DownloadOutlined />}
        onClick={() => void download(library)}
        testId={`library-export-${library.id}`}
      />
      <IconAction
        title={t('vocabulary.delete')}
        label={t('vocabulary.list.deleteNamed', { name: library.name })}
        icon={<DeleteOutlined />}
        danger
        onClick={() => confirmDelete([library.id], library.name)}
        testId={`library-delete-${library.id}`}
      />
    </span>
  );
  const count = (library: VocabularyLibrary) => `${library.count} / ${limit}`;
  // A phone has room for one column: the name, what the library holds and its actions, one under the other.
  const columns: TableColumnsType<VocabularyLibrary> = isMobile
    ? [
        {
          title: t('vocabulary.list.name'),
          key: 'name',
          render: (_, library) => (
            <div className="vocabulary-library-card">
              {nameCell(library)}
              <div className="vocabulary-library-meta">
                {count(library)} · {formatTime(library.updateTime)}
              </div>
              {actions(library)}
            </div>
          ),
        },
      ]
    : [
        { title: t('vocabulary.list.name'), key: 'name', ellipsis: true, render: (_, library) => nameCell(library) },
        { title: t('vocabulary.list.count'), key: 'count', width: 110, align: 'right', render: (_, library) => count(library) },
        { title: t('vocabulary.list.updated'), dataIndex: 'updateTime', width: 170, render: (ms: number) => formatTime(ms) },
        { title: t('vocabulary.list.actions'), key: 'actions', width: 160, fixed: 'right', render: (_, library) => actions(library) },
      ];

  const choose = (value: VocabularyType) => {
    setType(value);
    restart();
  };
  const kindLabel = (value: VocabularyType) => <span data-testid={`vocabulary-tab-${value}`}>{t(`vocabulary.types.${value}`)}</span>;

  const list = () => {
    if (libraries.isError && !data) {
      return (
        <Empty description={t('vocabulary.list.loadFailed')}>
          <Button onClick={() => void libraries.refetch()}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    if (!data) return <Spinner className="vocabulary-loading" />;
    if (rows.length === 0) {
      return <Empty description={name ? t('vocabulary.list.emptySearch') : t('vocabulary.list.empty')} data-testid="vocabulary-empty" />;
    }
    return (
      <Table<VocabularyLibrary>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={isMobile ? undefined : { x: TABLE_MIN_WIDTH }}
        onRow={(library) => ({ 'data-testid': `library-row-${library.id}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (library) => ({ 'aria-label': library.name, 'data-testid': `library-select-${library.id}` }) as CheckboxProps,
        }}
      />
    );
  };

  return (
    <div className="vocabulary-layout">
      <VocabularyFolders
        value={folderId}
        onChange={(id) => {
          setFolderId(id);
          restart();
        }}
      />
      <div className="vocabulary-main">
        {!allowed && <SvipNotice className="vocabulary-svip" />}
        {isMobile ? (
          // On a phone the three kinds sit side by side, each name whole, instead of tabs folded into a menu.
          <Radio.Group
            className="vocabulary-kinds button-grid"
            value={type}
            onChange={(e) => choose(e.target.value as VocabularyType)}
            optionType="button"
            buttonStyle="solid"
          >
            {VOCABULARY_TYPES.map((value) => (
              <Radio.Button key={value} value={value}>
                {kindLabel(value)}
              </Radio.Button>
            ))}
          </Radio.Group>
        ) : (
          <Tabs
            activeKey={type}
            onChange={(key) => choose(key as VocabularyType)}
            items={VOCABULARY_TYPES.map((value) => ({ key: value, label: kindLabel(value) }))}
          />
        )}
        <div className="vocabulary-toolbar">
          <SearchBox
            label={t('vocabulary.list.search')}
            max={VOCABULARY_LIMITS.nameChars}
            onSearch={(text) => {
              setName(text);
              restart();
            }}
            testId="vocabulary-search"
          />
          <span className="vocabulary-toolbar-actions">
            <BatchDelete count={selected.length} onClick={() => confirmDelete(selected)} testId="vocabulary-batch-delete" />
            <Button icon={<ImportOutlined />} disabled={!allowed} onClick={() => setDialog({ kind: 'import' })} data-testid="vocabulary-import">
              {t('vocabulary.import.open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} disabled={!allowed} onClick={() => setDialog({ kind: 'create' })} data-testid="vocabulary-create">
              {t('vocabulary.list.create')}
            </Button>
          </span>
        </div>
        <Spinner spinning={libraries.isFetching && Boolean(data)}>
          <div data-testid="vocabulary-table">{list()}</div>
        </Spinner>
        <ListPagination page={page} total={data?.total ?? 0} onChange={setPage} testId="vocabulary-pagination" />
      </div>
      {dialog?.kind === 'create' && <LibraryDialog defaults={{ type, folderId: folderId ?? 0 }} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <LibraryDialog library={dialog.library} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'import' && <ImportDialog defaults={{ type, folderId: folderId ?? 0 }} onClose={() => setDialog(null)} />}
    </div>
  );
}
