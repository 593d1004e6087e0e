import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';

import { copyReplica, editRecords, fetchRecords, fetchShareStatus, fetchSharedRecord, removeRecords, setShare } from './api';
import type { RecordsQuery } from './api';
import { DETAIL_POLL_MS, LIST_POLL_MS, isRunning } from './status';
import { FOLDERS_KEY, RECORDS_KEY, SHARE_STATUS_KEY, sharedRecordKey } from '../../lib/query-keys';

/** A page of the user's records; `silent` for side panels that show their own failure. */
export function useRecords(query: RecordsQuery, { silent = false } = {}) {
  const hasAccount = useSession((s) => s.userInfo !== null);
  return useQuery({
    queryKey: [...RECORDS_KEY, query],
    queryFn: () => fetchRecords(query, { silent }),
    enabled: hasAccount,
    // Keep the current rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => isRunning(r.status) || r.progress) ? LIST_POLL_MS : false),
  });
}

/** Record changes alter lists everywhere and the folders' record counts. */
function useInvalidateRecords() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: RECORDS_KEY }), queryClient.invalidateQueries({ queryKey: FOLDERS_KEY })]);
}

export function useEditRecords() {
  const invalidate = useInvalidateRecords();
  return useMutation({ mutationFn: editRecords, onSuccess: invalidate });
}

export function useRemoveRecords() {
  const invalidate = useInvalidateRecords();
  return useMutation({ mutationFn: removeRecords, onSuccess: invalidate });
}

export function useShareStatus(id: number | null) {
  return useQuery({
    queryKey: [...SHARE_STATUS_KEY, id],
    queryFn: () => fetchShareStatus(id!),
    enabled: id !== null,
  });
}

export function useSetShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShare,
    onSuccess: (status, { id }) => {
      queryClient.setQueryData([...SHARE_STATUS_KEY, id], status);
      // Not awaited: the dialog's controls need not wait for the lists behind it to reload.
      void queryClient.invalidateQueries({ queryKey: RECORDS_KEY });
    },
  });
}

export function useSharedRecord(token: string) {
  return useQuery({
    queryKey: sharedRecordKey(token),
    queryFn: () => fetchSharedRecord(token),
    enabled: token !== '',
    // Lines whose translation is being made again get it without a reload.
    refetchInterval: ({ state: { data } }) => (data?.lines.some((l) => l.translating) ? DETAIL_POLL_MS : false),
  });
}

export function useCopyReplica() {
  const invalidate = useInvalidateRecords();
  return useMutation({ mutationFn: copyReplica, onSuccess: invalidate });
}
