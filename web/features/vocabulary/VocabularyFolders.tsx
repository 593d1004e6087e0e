import { AppstoreOutlined, DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Tree } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VOCABULARY_LIMITS } from '../../../contracts/vocabulary-rules';
import type { VocabularyFolder } from '../../../contracts/vocabulary';
import { NameDialog } from '../../components/NameDialog';
import { Spinner } from '../../components/Spinner';
import { useEditVocabularyFolder, useRemoveVocabularyFolder, useVocabularyFolders } from './hooks';
import { canNest, walkVocabularyFolders } from './rules';
import { useFeedback } from '../../lib/feedback';

const ALL = 'all';

interface FolderNode extends TreeDataNode {
  folder: VocabularyFolder | null;
  depth: number;
  children: FolderNode[];
}

type NameRequest = { kind: 'create'; parent: VocabularyFolder | null } | { kind: 'rename'; folder: VocabularyFolder };

/** Clicks and keys on a node's menu must not also select the node. */
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The library folders (spec §5: up to 3 levels, names up to 250 characters): "All libraries", then the
 * user's folders, each with a menu to add a subfolder (while nesting allows), rename or delete it.
 */
export function VocabularyFolders({ value, onChange }: { value: number | undefined; onChange: (folderId: number | undefined) => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const folders = useVocabularyFolders();
  const edit = useEditVocabularyFolder();
  const remove = useRemoveVocabularyFolder();
  const [dialog, setDialog] = useState<NameRequest | null>(null);

  // The list beside works without folders, so a failure stays a small note here.
  if (!folders.data) {
    return (
      <div className="vocabulary-folders" data-testid="vocabulary-folders">
        {folders.isError ? (
          <Alert
            type="warning"
            message={t('folders.loadFailed')}
            action={
              <Button size="small" onClick={() => void folders.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Spinner className="vocabulary-loading" />
        )}
      </div>
    );
  }

  const toNode = (folder: VocabularyFolder, depth: number): FolderNode => ({
    key: String(folder.id),
    title: folder.folderName,
    folder,
    depth,
    children: folder.children.map((child) => toNode(child, depth + 1)),
  });
  const treeData: FolderNode[] = [
    { key: ALL, title: t('vocabulary.folders.all'), folder: null, depth: 0, children: [] },
    ...folders.data.map((f) => toNode(f, 1)),
  ];

  const submitName = async (name: string) => {
    if (dialog?.kind === 'rename') {
      await edit.mutateAsync({ id: dialog.folder.id, parentId: dialog.folder.parentId, folderName: name });
      void message.success(t('folders.renamed'));
    } else if (dialog) {
      await edit.mutateAsync({ parentId: dialog.parent?.id ?? 0, folderName: name });
      void message.success(t('folders.created'));
    }
  };

  const confirmDelete = (folder: VocabularyFolder) =>
    modal.confirm({
      title: t('folders.deleteTitle', { name: folder.folderName }),
      content: t('vocabulary.folders.deleteContent'),
      okText: t('vocabulary.delete'),
      okButtonProps: { danger: true, 'data-testid': 'vocabulary-folder-delete-confirm' },
      onOk: async () => {
        try {
          await remove.mutateAsync(folder.id);
          void message.success(t('folders.deleted'));
        } catch {
          return; // the request layer showed why
        }
        const gone = [...walkVocabularyFolders([folder])].map(({ folder: f }) => f.id);
        if (value !== undefined && gone.includes(value)) onChange(undefined);
      },
    });

  const actionsOf = (depth: number): MenuProps['items'] => [
    ...(canNest(depth)
      ? [{ key: 'add', icon: <FolderAddOutlined />, label: <span data-testid="vocabulary-folder-add-child">{t('folders.newSubfolder')}</span> }]
      : []),
    { key: 'rename', icon: <EditOutlined />, label: <span data-testid="vocabulary-folder-rename">{t('folders.rename')}</span> },
    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: <span data-testid="vocabulary-folder-delete">{t('vocabulary.delete')}</span> },
  ];

  const runAction = (key: string, folder: VocabularyFolder) => {
    if (key === 'add') setDialog({ kind: 'create', parent: folder });
    else if (key === 'rename') setDialog({ kind: 'rename', folder });
    else if (key === 'delete') confirmDelete(folder);
  };

  const max = VOCABULARY_LIMITS.folderNameChars;
  return (
    <div className="vocabulary-folders" data-testid="vocabulary-folders">
      <div className="vocabulary-folders-head">
        <span>{t('vocabulary.folders.title')}</span>
        <Button
          type="text"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ kind: 'create', parent: null })}
          aria-label={t('folders.newFolder')}
          data-testid="vocabulary-folder-new"
        />
      </div>
      <Tree<FolderNode>
        blockNode
        showIcon
        defaultExpandAll
        icon={(props) => ((props as { data?: FolderNode }).data?.folder ? <FolderOutlined /> : <AppstoreOutlined />)}
        treeData={treeData}
        selectedKeys={[value === undefined ? ALL : String(value)]}
        onSelect={(_, { node }) => onChange(node.folder ? node.folder.id : undefined)}
        titleRender={({ folder, depth, title }: FolderNode) => (
          <span className="vocabulary-folder-node" data-testid={`vocabulary-folder-${folder?.id ?? ALL}`}>
            <span className="vocabulary-folder-name" title={String(title)}>
              {String(title)}
            </span>
            {folder && (
              // biome-ignore lint/a11y/noStaticElementInteractions: keeps the menu button's clicks and keys from also selecting the folder; the button is the control.
              <span className="vocabulary-folder-actions" onClick={keepToSelf} onKeyDown={keepToSelf}>
                <Dropdown trigger={['click']} menu={{ items: actionsOf(depth), onClick: ({ key }) => runAction(key, folder) }}>
                  <Button
                    type="text"
                    size="small"
                    icon={<MoreOutlined />}
                    aria-label={t('folders.actions', { name: folder.folderName })}
                    data-testid={`vocabulary-folder-actions-${folder.id}`}
                  />
                </Dropdown>
              </span>
            )}
          </span>
        )}
      />
      {dialog && (
        <NameDialog
          // A new request is a new form, even when one opens while the last is closing.
          key={dialog.kind === 'rename' ? `rename-${dialog.folder.id}` : `create-${dialog.parent?.id ?? 0}`}
          title={
            dialog.kind === 'rename'
              ? t('folders.renameTitle')
              : dialog.parent
                ? t('folders.createChildTitle', { parent: dialog.parent.folderName })
                : t('folders.createTitle')
          }
          label={t('folders.nameLabel')}
          initialName={dialog.kind === 'rename' ? dialog.folder.folderName : ''}
          max={max}
          requiredMessage={t('folders.nameRequired')}
          tooLongMessage={t('folders.nameTooLong', { max })}
          testId="vocabulary-folder-name"
          onSubmit={submitName}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
