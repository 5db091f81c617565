import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readFilters,
  readPage,
  type FilterKey,
  type FilterRules,
  type ListFilters,
} from './list-filters';

/**
 * A list's page and filters, kept in the URL. Applying or clearing filters goes back to page 1;
 * other query values (such as ?record=1) are left alone. `rules`: the list's own check of a
 * filter's values (the payments list's statuses), a constant of the page.
 */
export const useListFilters = (keys: readonly FilterKey[], rules?: FilterRules) => {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(
    () => readFilters(new URLSearchParams(query), keys, rules),
    // `keys` and `rules` are constants of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query],
  );
  const page = readPage(params);

  const apply = useCallback(
    (next: ListFilters) =>
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        for (const key of keys) {
          const value = next[key]?.trim();
          if (value) q.set(key, value);
          else q.delete(key);
        }
        q.delete('page');
        return q;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );

  /** Changes one filter, keeping the others (the search box sets the member). */
  const setFilter = useCallback(
    (key: FilterKey, value: string | null) => apply({ ...filters, [key]: value ?? '' }),
    [apply, filters],
  );

  const clear = useCallback(() => apply({}), [apply]);

  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        if (next <= 1) q.delete('page');
        else q.set('page', String(next));
        return q;
      }),
    [setParams],
  );

  return { filters, page, apply, setFilter, clear, setPage };
};
