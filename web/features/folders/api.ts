import type { z } from 'zod';
import { API } from '../../../contracts/api-paths';
import type { FolderNode, FolderRemoval, editFolderBody } from '../../../contracts/records';
import { get, post } from '../../lib/request';

/** Record folder calls (spec §7 folder calls, §5 folder rules enforced by the server). */

/** The user's tree, default folder first. Silent: the side navigation shows its own retry instead of a toast on every page. */
export const fetchFolders = async () => (await get<FolderNode[]>(API.folders.getFolder, undefined, { silent: true })).data;

/** Creates a folder (no `id`) or renames one; the server may suffix the name to keep siblings unique. */
export const editFolder = async (body: z.input<typeof editFolderBody>) => (await post<FolderNode>(API.folders.editFolder, body)).data;

export const removeFolder = async (id: number) => (await post<FolderRemoval>(API.folders.removeFolder, { id })).data;
