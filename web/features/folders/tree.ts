import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLDER } from '../../../contracts/constants';
import type { FolderNode } from '../../../contracts/records';

/** Pure helpers over the folder tree the server sends (spec §3 Folder, §5 nesting). */

/** Entries of the ancestor path: 1 for a top-level folder ('0'), 2 for its child, 3 below that. */
export function ancestorCount(folder: FolderNode): number {
  return folder.ancestors.split(',').length;
}

/** Spec §2: a subfolder is offered only while the ancestor path has fewer than 3 entries. */
export function canAddSubfolder(folder: FolderNode): boolean {
  return ancestorCount(folder) < FOLDER.maxDepth;
}

export function* walkFolders(folders: readonly FolderNode[]): Generator<FolderNode> {
  for (const folder of folders) {
    yield folder;
    yield* walkFolders(folder.children);
  }
}

export function findFolder(folders: readonly FolderNode[], id: number): FolderNode | undefined {
  for (const folder of walkFolders(folders)) if (folder.id === id) return folder;
  return undefined;
}

/** Records in the folder and every folder below it: what deleting it moves to the default folder. */
export function subtreeRecordCount(folder: FolderNode): number {
  let count = 0;
  for (const node of walkFolders([folder])) count += node.recordCount;
  return count;
}

export function subtreeIds(folder: FolderNode): number[] {
  return [...walkFolders([folder])].map((node) => node.id);
}

/** The name to show: the default folder's is translated, the others are the user's own. */
export function useFolderLabel(): (folder: FolderNode) => string {
  const { t } = useTranslation();
  return useCallback((folder: FolderNode) => (folder.isDefault ? t('folders.default') : folder.name), [t]);
}
