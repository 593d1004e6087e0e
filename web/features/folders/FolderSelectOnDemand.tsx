import { Select } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useFolders } from './hooks';
import type { FolderTreeSelectProps } from './FolderTreeSelect';
import { findFolder, useFolderLabel } from './tree';

// The tree picker (antd TreeSelect with rc-tree, ~22 KB gzip) is code a page that only shows the chosen folder
// does not need: it loads when the user reaches for the field (pointer over it, or focus), and takes over.
const loadTree = () => import('./FolderTreeSelect');
const FolderTreeSelect = lazy(async () => ({ default: (await loadTree()).FolderTreeSelect }));

type Reached = 'no' | 'focused' | 'opened';

/**
 * The folder field of a page's first screen: the chosen folder shown in a plain select that looks the same,
 * replaced by the tree picker, focused and (on a click) open, once the user reaches for it.
 */
export function FolderSelectOnDemand(props: Omit<FolderTreeSelectProps, 'focused' | 'opened'>) {
  const { id, value, placeholder, 'data-testid': testId } = props;
  const folders = useFolders();
  const label = useFolderLabel();
  const [reached, setReached] = useState<Reached>('no');
  const chosen = value === undefined ? undefined : findFolder(folders.data ?? [], value);

  const standIn = (
    <Select<number>
      id={id}
      value={chosen?.id}
      options={chosen ? [{ value: chosen.id, label: label(chosen) }] : []}
      open={false}
      loading={folders.isLoading}
      placeholder={placeholder}
      showSearch
      onMouseEnter={() => void loadTree()}
      onMouseDown={() => setReached('opened')}
      onFocus={() => setReached((now) => (now === 'no' ? 'focused' : now))}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
  if (reached === 'no') return standIn;
  return (
    <Suspense fallback={standIn}>
      <FolderTreeSelect {...props} focused opened={reached === 'opened'} />
    </Suspense>
  );
}
