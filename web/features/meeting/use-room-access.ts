import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { MEETING } from '../../../contracts/meeting-limits';
import type { MeetingAccess, MeetingSummary } from '../../../contracts/meeting';
import { Code } from '../../../contracts/errors';
import { isRequestError } from '../../lib/request';

const TICKET_REUSE_MS = (MEETING.ticketSeconds * 1000) / 2;

/**
 * A page's way into a meeting room: the access call made once when the page opens (so an unknown meeting or
 * an expired link is told before any socket), and `access` for the socket, which asks again on every
 * (re)connect because tickets are short-lived. The first connection takes the ticket the page just loaded
 * rather than asking twice (while that ticket is young); every later answer also refreshes the cached meeting.
 */
export function useRoomAccess<M extends MeetingSummary>(key: QueryKey, load: () => Promise<MeetingAccess<M>>) {
  const queryClient = useQueryClient();
  const unused = useRef<{ answer: MeetingAccess<M>; at: number } | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await loadRef.current();
      unused.current = { answer, at: Date.now() };
      return answer;
    },
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

  const keyRef = useRef(key);
  keyRef.current = key;
  const access = useCallback(async () => {
    const first = unused.current;
    unused.current = null;
    if (first && Date.now() - first.at < TICKET_REUSE_MS) return first.answer;
    const answer = await loadRef.current();
    queryClient.setQueryData(keyRef.current, answer);
    return answer;
  }, [queryClient]);

  const gone = isRequestError(query.error) && query.error.code === Code.GONE;
  const notFound = isRequestError(query.error) && query.error.code === Code.NOT_FOUND;
  return { query, access, gone, notFound };
}
