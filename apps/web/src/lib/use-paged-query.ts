import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiPage } from '@kora/shared';

/**
 * One page of a list, as `{ data, meta }`. While the next page (or another search or filter)
 * loads, the previous page stays on screen.
 */
export const usePagedQuery = <T>(queryKey: QueryKey, fetchPage: () => Promise<ApiPage<T>>) =>
  useQuery({
    queryKey,
    queryFn: async () => {
      const answer = await fetchPage();
      return { data: answer.data, meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });
