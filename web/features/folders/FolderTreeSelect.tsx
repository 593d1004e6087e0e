import { TreeSelect } from 'antd';
import type { FolderNode } from '../../../contracts/records';
import { useFolders } from './hooks';
import { useFolderLabel } from './tree';

export interface FolderTreeSelectProps {
  /** The search input's, for a label to name. */
  id?: string;
  value?: number;
  onChange?: (id: number) => void;
  placeholder?: string;
  /** Open and focused as it mounts: it replaces a stand-in the user has just pressed. */
  opened?: boolean;
  'data-testid'?: string;
}

interface Option {
  value: number;
  title: string;
  children: Option[];
}

/** A target-folder picker over the user's tree (move to folder; upload dialogs choose where a record lands). */
export function FolderTreeSelect({ id, value, onChange, placeholder, opened, 'data-testid': testId }: FolderTreeSelectProps) {
  const folders = useFolders();
  const label = useFolderLabel();
  const toOption = (folder: FolderNode): Option => ({ value: folder.id, title: label(folder), children: folder.children.map(toOption) });
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={onChange}
      treeData={(folders.data ?? []).map(toOption)}
      loading={folders.isLoading}
      placeholder={placeholder}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      autoFocus={opened}
      defaultOpen={opened}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
