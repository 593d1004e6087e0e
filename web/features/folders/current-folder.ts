import { useSearchParams } from 'react-router';
import { FOLDER } from '../../../contracts/constants';
import { useFolders } from './hooks';
import { findFolder } from './tree';

/**
 * The folder the records list shows, remembered locally (spec §3: current folder id, default '1', and its
 * name) so the list and the upload dialogs open where the user last was.
 */

export const FOLDER_ID_STORAGE_KEY = 'folderId';
export const FOLDER_NAME_STORAGE_KEY = 'folderName';

export function storedFolderId(): string {
  try {
    return localStorage.getItem(FOLDER_ID_STORAGE_KEY) ?? String(FOLDER.defaultId);
  } catch {
    return String(FOLDER.defaultId); // storage disabled (privacy mode)
  }
}

export function storeCurrentFolder(id: number, name: string): void {
  try {
    localStorage.setItem(FOLDER_ID_STORAGE_KEY, String(id));
    localStorage.setItem(FOLDER_NAME_STORAGE_KEY, name);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
}

/**
 * `?folderId=`, else the stored folder, else — when that folder is not (or no longer) the user's — the
 * server's first folder, which is the default one.
 */
export function useCurrentFolder() {
  const folders = useFolders();
  const [params] = useSearchParams();
  const wanted = Number(params.get('folderId') ?? storedFolderId());
  const folder = folders.data ? (findFolder(folders.data, wanted) ?? folders.data[0]) : undefined;
  return { folders, folder };
}
