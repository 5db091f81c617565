import { pageMeta, type PageMeta, type PageQuery } from '@kora/shared';

/** The rows of a numbered page: `per_page` rows after the pages before it. */
export const pageWindow = (query: PageQuery): { limit: number; offset: number } => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/** A page's rows and the count of every row it was cut from, read at the same time. */
export const readPage = async <R>(
  rows: PromiseLike<R[]>,
  count: PromiseLike<{ total: number }[]>,
): Promise<{ rows: R[]; total: number }> => {
  const [page, totals] = await Promise.all([rows, count]);
  return { rows: page, total: totals[0]?.total ?? 0 };
};

/** A paged list's answer: its items and meta. */
export const pageAnswer = <R, T>(
  query: PageQuery,
  page: { rows: R[]; total: number },
  toItem: (row: R) => T,
): { data: T[]; meta: PageMeta } => ({
  data: page.rows.map(toItem),
  meta: pageMeta(query.page, query.per_page, page.total),
});
