import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import type { SummaryState, SummaryStatus } from '../../../contracts/summary';
import { DETAIL_POLL_MS } from '../records/status';
import { fetchSummary, startSummary } from './api';
import { summaryKey } from '../../lib/query-keys';

/** A summary the server is still making: its state is asked again until it settles. */
export const isSummarising = (status: SummaryStatus | undefined) => status === 'queued' || status === 'running';

/**
 * The record's summary, polled like the record itself while it is made. A record whose status moves on
 * (a transcription finishing, a meeting ending) gets a summary queued by the server, so the state is
 * asked again then.
 */
export function useSummary(id: number, recordStatus: RecordStatus) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: summaryKey(id),
    queryFn: () => fetchSummary(id),
    refetchInterval: (q) => (isSummarising(q.state.data?.status) ? DETAIL_POLL_MS : false),
  });

  const seenStatus = useRef(recordStatus);
  useEffect(() => {
    if (seenStatus.current === recordStatus) return;
    seenStatus.current = recordStatus;
    void queryClient.invalidateQueries({ queryKey: summaryKey(id) });
  }, [id, recordStatus, queryClient]);

  return query;
}

/** Generate, retry and regenerate alike: the answer (queued) is shown at once and starts the polling. */
export function useStartSummary(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startSummary(id),
    onSuccess: (state) => queryClient.setQueryData<SummaryState>(summaryKey(id), state),
  });
}
