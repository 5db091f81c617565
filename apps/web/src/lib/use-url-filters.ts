import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The page number of the query string; 1 when missing or not a page. */
const readPage = (params: URLSearchParams) =>
  Math.max(1, Math.floor(Number(params.get('page'))) || 1);

/**
 * A list's filters and page kept in the URL, read by `read` (which drops what the API would
 * refuse). Changing a filter goes back to page 1; other query values are left alone.
 */
export const useUrlFilters = <K extends string>(
  keys: readonly K[],
  read: (params: URLSearchParams) => Partial<Record<K, string>>,
) => {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(
    () => read(new URLSearchParams(query)),
    // `read` is a constant of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query],
  );
  const page = readPage(params);

  /** Sets the filters given ('' or undefined removes one), keeping the others. */
  const change = useCallback(
    (next: Partial<Record<K, string | undefined>>) =>
      setParams((prev) => {
        const q = new URLSearchParams(prev);
        for (const key of Object.keys(next) as K[]) {
          const value = next[key]?.trim();
          if (value) q.set(key, value);
          else q.delete(key);
        }
        q.delete('page');
        return q;
      }),
    [setParams],
  );

  const clear = useCallback(
    () => change(Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [change],
  );

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

  const count = Object.values(filters).filter(Boolean).length;
  return { filters, page, change, clear, setPage, count };
};
