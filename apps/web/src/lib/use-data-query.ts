import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** What a query may say besides its key and its call: enabled, staleTime, placeholderData… */
type DataQueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/** The `data` of an API call (`{ message, data }`), cached under `queryKey`. */
export const useDataQuery = <T>(
  queryKey: QueryKey,
  call: () => Promise<{ data: T }>,
  options: DataQueryOptions<T> = {},
) => useQuery({ ...options, queryKey, queryFn: async () => (await call()).data });
