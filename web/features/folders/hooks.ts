import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';

import { editFolder, fetchFolders, removeFolder } from './api';
import { FOLDERS_KEY, RECORDS_KEY } from '../../lib/query-keys';

/** The folder tree; asked only once someone (a user or a guest) is signed in. */
export function useFolders() {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return useQuery({ queryKey: FOLDERS_KEY, queryFn: fetchFolders, enabled: hasAccount });
}

export function useEditFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FOLDERS_KEY }),
  });
}

/** Deleting moves the folder's records to the default folder, so record lists are stale too. */
export function useRemoveFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFolder,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: FOLDERS_KEY }), queryClient.invalidateQueries({ queryKey: RECORDS_KEY })]),
  });
}
