import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DubProject } from '../../../contracts/dubbing';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import { useSession } from '../../lib/session';
import { DETAIL_POLL_MS } from '../records/status';
import { fetchLines, fetchProject, fetchSynthesis } from './api';
import { iterationsKey, linesKey, projectKey, speakersKey } from '../../lib/query-keys';

export const isDubRunning = (status: RecordStatus) => status === 'dub_start' || status === 'dubbing';

/** Lines per page of the editor. */
export const LINES_PAGE_SIZE = 50;

/**
 * One dubbing project. While it is being dubbed it is asked for every 2 s through `getSynthesis` (stage and
 * progress); when a run ends, its lines, speakers and versions are fetched again because the run wrote them.
 */
export function useDubProject(id: number | null) {
  const hasAccount = useSession((s) => s.userInfo !== null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: projectKey(id ?? 0),
    queryFn: () => {
      const known = queryClient.getQueryData<DubProject>(projectKey(id!));
      return known && isDubRunning(known.record.status) ? fetchSynthesis(id!) : fetchProject(id!);
    },
    enabled: id !== null && hasAccount,
    refetchInterval: (q) => (q.state.data && isDubRunning(q.state.data.record.status) ? DETAIL_POLL_MS : false),
  });

  const running = query.data ? isDubRunning(query.data.record.status) : false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running && id !== null) {
      for (const key of [linesKey(id), speakersKey(id), iterationsKey(id)]) void queryClient.invalidateQueries({ queryKey: key });
    }
    wasRunning.current = running;
  }, [running, id, queryClient]);
  return query;
}

/** The project as a call answered it, shown at once (status, progress and the polling follow). */
export function useSetProject(id: number) {
  const queryClient = useQueryClient();
  return (project: DubProject) => queryClient.setQueryData(projectKey(id), project);
}

export function useDubLines(id: number, pageNum: number) {
  return useQuery({
    queryKey: [...linesKey(id), pageNum],
    queryFn: () => fetchLines(id, pageNum, LINES_PAGE_SIZE),
    placeholderData: (previous) => previous,
  });
}
