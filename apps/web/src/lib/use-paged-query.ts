import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiPage } from '@kora/shared';

/** How fresh a list must be: a list that changes with every action anyone takes says so. */
export interface PagedQueryOptions {
  staleTime?: number;
  refetchOnMount?: boolean | 'always';
  enabled?: boolean;
}

/**
 * One page of a list, as `{ data, meta }`. While the next page (or another search or filter)
 * loads, the previous page stays on screen.
 */
export const usePagedQuery = <T>(
  queryKey: QueryKey,
  fetchPage: () => Promise<ApiPage<T>>,
  options: PagedQueryOptions = {},
) =>
  useQuery({
    ...options,
    queryKey,
    queryFn: async () => {
      const answer = await fetchPage();
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });
