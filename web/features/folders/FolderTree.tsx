import { DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOpenOutlined, FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Skeleton, Tree } from 'antd';
import type { MenuProps, TreeDataNode } from 'antd';
import type { Key, SyntheticEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FOLDER } from '../../../contracts/constants';
import type { FolderNode } from '../../../contracts/records';
import { lazyDialog } from '../../lib/lazy-dialog';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCurrentFolder, storeCurrentFolder } from './current-folder';
import { useEditFolder, useRemoveFolder } from './hooks';
import { canAddSubfolder, subtreeIds, subtreeRecordCount, useFolderLabel, walkFolders } from './tree';
import './folders.css';

// The side navigation is on every page; the naming form loads when a folder is first created or renamed.
const NameDialog = lazyDialog(() => import('../../components/NameDialog').then((m) => ({ default: m.NameDialog })));

interface FolderTreeNode extends TreeDataNode {
  folder: FolderNode;
  children: FolderTreeNode[];
}

type NameRequest = { kind: 'create'; parent: FolderNode | null } | { kind: 'rename'; folder: FolderNode };

/** Events from a node's action menu (rendered in a portal, but bubbling through React) must not select the node. */
const keepToSelf = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The records entry's folder tree in the side navigation (spec §2): the user's folders, expandable, the
 * current one selected on /recordList; each folder's menu creates a subfolder (while nesting allows),
 * renames or deletes it. The default folder cannot be renamed or deleted.
 */
export function FolderTree({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  const { folders, folder: current } = useCurrentFolder();
  const label = useFolderLabel();
  const edit = useEditFolder();
  const remove = useRemoveFolder();
  const [dialog, setDialog] = useState<NameRequest | null>(null);
  const [expanded, setExpanded] = useState<Key[] | null>(null);

  if (!hasAccount) return null;
  if (folders.isError) {
    return (
      <div className="folder-tree folder-tree-error" data-testid="folder-tree">
        <span>{t('folders.loadFailed')}</span>
        <Button type="link" size="small" onClick={() => void folders.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!folders.data) {
    return (
      <div className="folder-tree">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }

  const tree = folders.data;
  // Every branch starts open: three levels at most, so the whole tree stays short.
  const expandedKeys = expanded ?? [...walkFolders(tree)].filter((f) => f.children.length > 0).map((f) => String(f.id));
  const toNode = (folder: FolderNode): FolderTreeNode => ({
    key: String(folder.id),
    title: label(folder),
    folder,
    children: folder.children.map(toNode),
  });

  const goTo = (folder: FolderNode, replace = false) => {
    storeCurrentFolder(folder.id, label(folder));
    void navigate(`${PATHS.recordList}?folderId=${folder.id}`, { replace });
  };

  const submitName = async (name: string) => {
    if (dialog?.kind === 'rename') {
      await edit.mutateAsync({ id: dialog.folder.id, parentId: dialog.folder.parentId, folderName: name });
      void message.success(t('folders.renamed'));
    } else if (dialog) {
      const { parent } = dialog;
      await edit.mutateAsync({ parentId: parent?.id ?? 0, folderName: name });
      if (parent) setExpanded([...new Set([...expandedKeys, String(parent.id)])]);
      void message.success(t('folders.created'));
    }
  };

  const confirmDelete = (folder: FolderNode) => {
    const count = subtreeRecordCount(folder);
    modal.confirm({
      title: t('folders.deleteTitle', { name: label(folder) }),
      content: (
        <div data-testid="folder-delete-summary">
          <p>{count > 0 ? t('folders.deleteMoves', { count }) : t('folders.deleteNoRecords')}</p>
          {folder.children.length > 0 && <p>{t('folders.deleteSubfolders')}</p>}
        </div>
      ),
      okText: t('folders.delete'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-confirm' },
      onOk: async () => {
        try {
          const { movedRecords } = await remove.mutateAsync(folder.id);
          void message.success(movedRecords > 0 ? t('folders.deletedMoved', { count: movedRecords }) : t('folders.deleted'));
        } catch {
          return; // the request layer showed why
        }
        // The list must not stay on a folder that no longer exists.
        if (current && subtreeIds(folder).includes(current.id)) {
          const fallback = tree.find((f) => f.isDefault) ?? tree[0];
          if (!fallback) return;
          if (pathname === PATHS.recordList) goTo(fallback, true);
          else storeCurrentFolder(fallback.id, label(fallback));
        }
      },
    });
  };

  const actionsOf = (folder: FolderNode): MenuProps['items'] => [
    ...(canAddSubfolder(folder)
      ? [{ key: 'add', icon: <FolderAddOutlined />, label: <span data-testid="folder-add-child">{t('folders.newSubfolder')}</span> }]
      : []),
    ...(folder.isDefault
      ? []
      : [
          { key: 'rename', icon: <EditOutlined />, label: <span data-testid="folder-rename">{t('folders.rename')}</span> },
          { key: 'delete', icon: <DeleteOutlined />, danger: true, label: <span data-testid="folder-delete">{t('folders.delete')}</span> },
        ]),
  ];

  const runAction = (key: string, folder: FolderNode) => {
    if (key === 'add') setDialog({ kind: 'create', parent: folder });
    else if (key === 'rename') setDialog({ kind: 'rename', folder });
    else if (key === 'delete') confirmDelete(folder);
  };

  return (
    <div className="folder-tree" data-testid="folder-tree">
      <Tree<FolderTreeNode>
        blockNode
        showIcon
        icon={(props) => ((props as { expanded?: boolean }).expanded ? <FolderOpenOutlined /> : <FolderOutlined />)}
        treeData={tree.map(toNode)}
        expandedKeys={expandedKeys}
        onExpand={setExpanded}
        selectedKeys={pathname === PATHS.recordList && current ? [String(current.id)] : []}
        onSelect={(_, { node }) => {
          goTo(node.folder);
          onNavigate?.();
        }}
        titleRender={({ folder }) => (
          <span className="folder-node" data-testid={`folder-node-${folder.id}`}>
            <span className="folder-node-name" title={label(folder)}>
              {label(folder)}
            </span>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: keeps the menu button's clicks and keys from also selecting the folder; the button is the control. */}
            <span className="folder-node-actions" onClick={keepToSelf} onKeyDown={keepToSelf}>
              <Dropdown trigger={['click']} menu={{ items: actionsOf(folder), onClick: ({ key }) => runAction(key, folder) }}>
                <Button
                  type="text"
                  size="small"
                  icon={<MoreOutlined />}
                  aria-label={t('folders.actions', { name: label(folder) })}
                  data-testid={`folder-actions-${folder.id}`}
                />
              </Dropdown>
            </span>
          </span>
        )}
      />
      <Button
        type="text"
        size="small"
        className="folder-new-root"
        icon={<PlusOutlined />}
        onClick={() => setDialog({ kind: 'create', parent: null })}
        data-testid="folder-new-root"
      >
        {t('folders.newFolder')}
      </Button>
      {dialog && (
        <NameDialog
          title={
            dialog.kind === 'rename'
              ? t('folders.renameTitle')
              : dialog.parent
                ? t('folders.createChildTitle', { parent: label(dialog.parent) })
                : t('folders.createTitle')
          }
          label={t('folders.nameLabel')}
          initialName={dialog.kind === 'rename' ? dialog.folder.name : ''}
          max={FOLDER.nameMax}
          requiredMessage={t('folders.nameRequired')}
          tooLongMessage={t('folders.nameTooLong', { max: FOLDER.nameMax })}
          testId="folder-name"
          onSubmit={submitName}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
