import { TreeSelect } from 'antd';
import type { FolderNode } from '../../../contracts/records';
import { useFolders } from './hooks';
import { useFolderLabel } from './tree';

interface FolderTreeSelectProps {
  value?: number;
  onChange?: (id: number) => void;
  placeholder?: string;
  'data-testid'?: string;
}

interface Option {
  value: number;
  title: string;
  children: Option[];
}

/** A target-folder picker over the user's tree (move to folder; upload dialogs choose where a record lands). */
export function FolderTreeSelect({ value, onChange, placeholder, 'data-testid': testId }: FolderTreeSelectProps) {
  const folders = useFolders();
  const label = useFolderLabel();
  const toOption = (folder: FolderNode): Option => ({ value: folder.id, title: label(folder), children: folder.children.map(toOption) });
  return (
    <TreeSelect<number>
      value={value}
      onChange={onChange}
      treeData={(folders.data ?? []).map(toOption)}
      loading={folders.isLoading}
      placeholder={placeholder}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
