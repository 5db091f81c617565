import { pageMeta, type PageMeta, type PageQuery } from '@kora/shared';

/** The rows of a numbered page: `per_page` rows after the pages before it. */
export const pageWindow = (query: PageQuery): PageWindow => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/** A page window: how many rows, after how many. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The page sizes and pages opened most (a list's first pages at its usual sizes), whose
 * prepared statements carry their LIMIT and OFFSET in the text. PostgreSQL keeps a statement's
 * generic plan only when it costs about what a plan made for the values would; with the LIMIT as
 * a parameter it assumes a tenth of the table and plans every call anew (a third of a
 * millisecond of its CPU on each page). Any other page uses a statement with LIMIT and OFFSET as
 * parameters.
 */
const FIXED_PAGE_SIZES = new Set([10, 20, 50, 100]);
const FIXED_PAGES = 5;

/** `window` when it is one of the first pages at a usual size (written into the statement). */
export const firstPagesWindow = (window: PageWindow): PageWindow | undefined =>
  FIXED_PAGE_SIZES.has(window.limit) &&
  window.offset % window.limit === 0 &&
  window.offset / window.limit < FIXED_PAGES
    ? window
    : undefined;

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
