import { useQuery } from '@tanstack/react-query';
import { fetchLoginOptions } from './api';
import { LOGIN_OPTIONS_KEY } from '../../lib/query-keys';

/** What the server offers for signing in; fixed for a page's life, so fetched once. */
export function useLoginOptions() {
  return useQuery({ queryKey: LOGIN_OPTIONS_KEY, queryFn: fetchLoginOptions, staleTime: Infinity });
}
