import { Suspense, useState } from 'react';
import { SelectStandIn } from '../../components/SelectStandIn';
import { componentOnDemand } from '../../lib/lazy-component';
import { useFolders } from './hooks';
import type { FolderTreeSelectProps } from './FolderTreeSelect';
import { findFolder, useFolderLabel } from './tree';

// The tree picker (antd TreeSelect: rc-tree on antd's select code) is code a page that only shows the chosen
// folder does not need: it loads when the user reaches for the field (pointer over it, or focus), and takes
// over on the first press.
const { Component: FolderTreeSelect, warmUp } = componentOnDemand(async () => ({ default: (await import('./FolderTreeSelect')).FolderTreeSelect }));

/**
 * The folder field of a page's first screen: the chosen folder shown in a plain stand-in that looks like the
 * tree picker, replaced by it, open and focused, once the user presses it (click, Enter, Space, arrows, typing).
 */
export function FolderSelectOnDemand(props: Omit<FolderTreeSelectProps, 'opened'>) {
  const { id, value, placeholder, 'data-testid': testId } = props;
  const folders = useFolders();
  const label = useFolderLabel();
  const [opened, setOpened] = useState(false);
  const chosen = value === undefined ? undefined : findFolder(folders.data ?? [], value);

  const standIn = (
    <SelectStandIn
      id={id}
      chosen={chosen ? [{ key: chosen.id, label: label(chosen) }] : []}
      loading={folders.isLoading}
      placeholder={placeholder}
      onReach={warmUp}
      onOpen={() => setOpened(true)}
      data-testid={testId}
    />
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <FolderTreeSelect {...props} opened />
    </Suspense>
  );
}
