import { Stack } from '@mantine/core';
import type { PageMeta } from '@kora/shared';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';
import { PaginationFooter } from './pagination-footer';

/** What a paged list needs of its query (TanStack Query's result fits). */
export interface PagedQuery<T> {
  data?: { data: T[]; meta: PageMeta };
  isError: boolean;
  /** What failed: a 429 or a missing business gets its own message and action. */
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PagedRowsProps<T> {
  query: PagedQuery<T>;
  /** The screen's message when the list fails to load. */
  errorMessage: string;
  /** What shows when the list has no rows at all. */
  empty: ReactNode;
  /** What is listed, plural: "members", "recipients". */
  noun: string;
  perPage: number;
  onPageChange: (page: number) => void;
  /** The rows of the page (none on a page past the last). */
  rows: (rows: T[]) => ReactNode;
  /** The loader's height while the first page loads (px). */
  loaderHeight: number;
  /** The pagination footer only when there is more than one page (a card on a record's page). */
  footerWhenPaged?: boolean;
  /** A page without rows (past the last one) shows `empty` too, without the footer. */
  emptyPageIsEmpty?: boolean;
  /** Inside a card, the error and the footer keep off its edges; inside a dialog, not. */
  padded?: boolean;
}

/**
 * A paged list's states, in order: the load error with Retry, the loader, the empty list, or
 * the page's rows with the pagination footer.
 */
export function PagedRows<T>(props: PagedRowsProps<T>) {
  const { query, noun, padded = true } = props;
  const data = query.data;
  if (query.isError && !data) {
    const error = (
      <LoadError
        message={props.errorMessage}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
    return padded ? <Stack p="md">{error}</Stack> : error;
  }
  if (!data) return <PageLoader minHeight={props.loaderHeight} />;
  if (data.meta.total === 0 || (props.emptyPageIsEmpty && data.data.length === 0))
    return props.empty;
  const footer =
    props.footerWhenPaged && data.meta.pages <= 1 ? null : (
      <PaginationFooter
        page={data.meta.page}
        pages={data.meta.pages}
        perPage={props.perPage}
        total={data.meta.total}
        capped={data.meta.total_capped}
        noun={noun}
        onChange={props.onPageChange}
        disabled={query.isFetching}
      />
    );
  const rows = props.rows(data.data);
  return padded ? (
    <>
      {rows}
      {footer ? (
        <Stack px="md" pb="md" gap={0}>
          {footer}
        </Stack>
      ) : null}
    </>
  ) : (
    <Stack gap={0}>
      {rows}
      {footer}
    </Stack>
  );
}
