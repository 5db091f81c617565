import { useCallback } from 'react';
import { useUrlFilters } from '@/lib/use-url-filters';
import { readFilters, type FilterKey, type FilterRules, type ListFilters } from './list-filters';

/**
 * A list's page and filters, kept in the URL (through `useUrlFilters`). Applying or clearing
 * filters goes back to page 1; other query values (such as ?record=1) are left alone. `rules`:
 * the list's own check of a filter's values (the payments list's statuses), a constant of the
 * page.
 */
export const useListFilters = (keys: readonly FilterKey[], rules?: FilterRules) => {
  const { filters, page, change, clear, setPage } = useUrlFilters(keys, (params) =>
    readFilters(params, keys, rules),
  );

  /** Sets every filter of the list at once: those missing from `next` are removed. */
  const apply = useCallback(
    (next: ListFilters) =>
      change(Object.fromEntries(keys.map((key) => [key, next[key] ?? ''])) as ListFilters),
    // `keys` is a constant of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [change],
  );

  /** Changes one filter, keeping the others (the search box sets the member). */
  const setFilter = useCallback(
    (key: FilterKey, value: string | null) => change({ [key]: value ?? '' }),
    [change],
  );

  return { filters: filters as ListFilters, page, apply, setFilter, clear, setPage };
};
