import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FOLDER } from '../../../contracts/constants';
import type { FolderNode } from '../../../contracts/records';
import { MenuDropdown } from '../../components/MenuDropdown';
import { NameDialog } from '../../components/dialogs';
import { Skeleton } from '../../components/Skeleton';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCurrentFolder, storeCurrentFolder } from './current-folder';
import { useEditFolder, useRemoveFolder } from './hooks';
import { canAddSubfolder, subtreeIds, subtreeRecordCount, useFolderLabel } from './tree';
import './folders.css';
import { useFeedback } from '../../lib/feedback';

// The side navigation is on every page; the naming form loads when a folder is first created or renamed.

type NameRequest = { kind: 'create'; parent: FolderNode | null } | { kind: 'rename'; folder: FolderNode };

/**
 * The records entry's folder tree in the side navigation (spec §2): the user's folders as links to their
 * lists, nested and collapsible, the current one marked on /recordList; each folder's menu creates a
 * subfolder (while nesting allows), renames or deletes it. The default folder cannot be renamed or deleted.
 * Three levels at most make a plain nested list enough: links and buttons keep the keyboard and screen
 * readers working without a tree widget's code.
 */
export function FolderTree({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasAccount = useSession((s) => s.userInfo !== null);
  const { folders, folder: current } = useCurrentFolder();
  const label = useFolderLabel();
  const edit = useEditFolder();
  const remove = useRemoveFolder();
  const [dialog, setDialog] = useState<NameRequest | null>(null);
  // Every branch starts open: three levels at most, so the whole tree stays short.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const setOpen = (id: number, open: boolean) =>
    setCollapsed((ids) => {
      const next = new Set(ids);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

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
        <Skeleton title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  }

  const tree = folders.data;
  const currentId = pathname === PATHS.recordList ? current?.id : undefined;

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
      if (parent) setOpen(parent.id, true);
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

  const item = (folder: FolderNode) => {
    const name = label(folder);
    const open = !collapsed.has(folder.id);
    const isCurrent = folder.id === currentId;
    return (
      <li key={folder.id}>
        <div className={isCurrent ? 'folder-row current' : 'folder-row'}>
          {folder.children.length > 0 ? (
            <button
              type="button"
              className="folder-toggle"
              aria-expanded={open}
              aria-label={t('folders.subfolders', { name })}
              onClick={() => setOpen(folder.id, !open)}
            >
              <RightOutlined className={open ? 'open' : undefined} aria-hidden />
            </button>
          ) : (
            <span className="folder-toggle" />
          )}
          <Link
            to={`${PATHS.recordList}?folderId=${folder.id}`}
            className="folder-link"
            aria-current={isCurrent ? 'page' : undefined}
            title={name}
            onClick={() => {
              storeCurrentFolder(folder.id, name);
              onNavigate?.();
            }}
          >
            <span aria-hidden>{open && folder.children.length > 0 ? <FolderOpenOutlined /> : <FolderOutlined />}</span>
            <span className="folder-node-name" data-testid={`folder-node-${folder.id}`}>
              {name}
            </span>
          </Link>
          <MenuDropdown menu={{ items: actionsOf(folder), onClick: ({ key }) => runAction(key, folder) }}>
            <Button
              type="text"
              size="small"
              className="folder-actions"
              icon={<MoreOutlined />}
              aria-label={t('folders.actions', { name })}
              data-testid={`folder-actions-${folder.id}`}
            />
          </MenuDropdown>
        </div>
        {open && folder.children.length > 0 && <ul>{folder.children.map(item)}</ul>}
      </li>
    );
  };

  return (
    <div className="folder-tree" data-testid="folder-tree">
      <ul>{tree.map(item)}</ul>
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
