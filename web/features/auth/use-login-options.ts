import { useQuery } from '@tanstack/react-query';
import { fetchLoginOptions } from './api';

/** What the server offers for signing in; fixed for a page's life, so fetched once. */
export function useLoginOptions() {
  return useQuery({ queryKey: ['loginOptions'], queryFn: fetchLoginOptions, staleTime: Infinity });
}
